import { formatMediumDate, type Invoice } from '@cuadra/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '../../access/can-write';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { useDecideDuplicate } from './invoices-api';

/**
 * The files read as this invoice again, on the invoice's own page (issue 36): the same "keep both" (charged
 * then) or "discard" the desk offers, so the accountant who opens the original can settle them here.
 */
export function PossibleDuplicates({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  const { t: tr } = useTranslation('review');
  const language = toLocale(i18n.resolvedLanguage);
  const toMessage = useErrorMessage();
  const decide = useDecideDuplicate();
  const canWrite = useCanWrite();
  const [outcome, setOutcome] = useState<{ notice: string; keptInvoiceId: string | null } | null>(null);
  if (invoice.possibleDuplicates.length === 0 && !outcome) return null;

  const onDecide = (documentId: string, decision: 'keep' | 'discard') =>
    decide.mutate(
      { documentId, decision },
      {
        onSuccess: (result) =>
          setOutcome({
            notice: tr(decision === 'keep' ? 'duplicate.kept' : 'duplicate.discarded'),
            keptInvoiceId: result.invoiceId,
          }),
      },
    );

  return (
    <section
      aria-labelledby={`duplicates-${invoice.id}`}
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-800"
      data-testid="possible-duplicates"
    >
      <h2 id={`duplicates-${invoice.id}`} className="font-semibold text-slate-900">
        {t('duplicates.heading')}
      </h2>
      {invoice.possibleDuplicates.length ? <p className="mt-1">{tr('duplicate.explain')}</p> : null}
      <ul className="mt-2 space-y-2">
        {invoice.possibleDuplicates.map((duplicate) => (
          <li
            key={duplicate.documentId}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded border border-amber-200 bg-white px-3 py-2"
          >
            <span className="min-w-0 flex-1 break-words">
              <span className="font-medium">{duplicate.filename}</span>{' '}
              <span className="text-slate-600">
                {t('duplicates.received', { date: formatMediumDate(duplicate.createdAt, language) })}
              </span>
            </span>
            {canWrite ? (
              <span className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={primaryButtonClass}
                  disabled={decide.isPending}
                  aria-label={`${tr('duplicate.keep')}: ${duplicate.filename}`}
                  onClick={() => onDecide(duplicate.documentId, 'keep')}
                >
                  {tr('duplicate.keep')}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={decide.isPending}
                  aria-label={`${tr('duplicate.discard')}: ${duplicate.filename}`}
                  onClick={() => onDecide(duplicate.documentId, 'discard')}
                >
                  {tr('duplicate.discard')}
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {outcome ? (
          <p className="mt-2">
            {outcome.notice}{' '}
            {outcome.keptInvoiceId ? (
              <Link to={`/invoicePage/${encodeURIComponent(outcome.keptInvoiceId)}`} className={linkClass}>
                {t('duplicates.openKept')}
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
      {decide.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          {toMessage(decide.error)}
        </p>
      ) : null}
    </section>
  );
}
