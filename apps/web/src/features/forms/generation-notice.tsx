import { type FormGeneration, type FormId, formatDateTime } from '@cuadra/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '../../access/can-write';
import { linkClass, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { type InvoiceNames, useMarkGenerated } from './forms-api';

/**
 * When the form was generated for its period and by whom, and every invoice changed since (issue 40:
 * "changed after generation by <member>"), each linking to the invoice, whose History tab tells what.
 */
export function GenerationNotice(props: {
  clientId: string;
  form: FormId;
  year: number;
  period: string;
  generation: FormGeneration | null;
  names: InvoiceNames;
}) {
  const { clientId, form, year, period, generation, names } = props;
  const { t, i18n } = useTranslation('forms');
  const toMessage = useErrorMessage();
  const id = useId();
  const locale = toLocale(i18n.resolvedLanguage);
  const mark = useMarkGenerated(clientId, form, year, period);
  const canWrite = useCanWrite();
  const changed = generation?.changedAfter ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 rounded-md border border-slate-200 p-3 text-sm">
      <h4 id={`${id}-title`} className="font-medium text-slate-900">
        {t('generation.title')}
      </h4>
      <p className="mt-1 text-slate-700">
        {generation
          ? t('generation.generated', {
              date: formatDateTime(generation.at, locale),
              name: generation.by?.name ?? t('generation.nobody'),
            })
          : t('generation.never')}
      </p>
      {changed.length > 0 ? (
        <div role="status" className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900">
          <p className="font-medium">{t('generation.changedTitle', { count: changed.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {changed.map((change, index) => (
              <li key={change.invoiceId}>
                <Link to={`/invoicePage/${encodeURIComponent(change.invoiceId)}`} className={linkClass}>
                  {names.get(change.invoiceId) ?? t('invoiceLink', { index: index + 1 })}
                </Link>{' '}
                {change.by.length > 0
                  ? t('generation.changedBy', {
                      names: change.by.map((member) => member.name).join(', '),
                      date: formatDateTime(change.at, locale),
                    })
                  : t('generation.changedByCuadra', { date: formatDateTime(change.at, locale) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Marking is a write: a reader (issue 40) sees when it was generated, not the button. */}
      {canWrite ? (
        <button
          type="button"
          onClick={() => mark.mutate()}
          disabled={mark.isPending}
          className={`${secondaryButtonClass} mt-2`}
        >
          {mark.isPending
            ? t('generation.marking')
            : generation
              ? t('generation.markAgain')
              : t('generation.mark')}
        </button>
      ) : null}
      {mark.isError ? (
        <p role="alert" className="mt-1 text-red-700">
          {toMessage(mark.error)}
        </p>
      ) : null}
    </section>
  );
}
