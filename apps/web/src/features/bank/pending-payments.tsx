import { AGING_BUCKETS, formatDay, formatMoney } from '@cuadra/shared';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChip, StateBox, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { downloadPending, usePending } from './bank-api';

type Side = 'issued' | 'received' | null;
const SIDES: Side[] = [null, 'issued', 'received'];

/**
 * What is still owed (issue 39 item 5): the invoices the bank has not settled, aged 0–30 / 31–60 / 61–90 /
 * 90+ days past due, with totals per bucket in euros and a CSV download. Closed until asked for, so the
 * Bank tab does not compute it on every visit.
 */
export function PendingPayments({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('bank');
  const locale = toLocale(i18n.resolvedLanguage);
  const toMessage = useErrorMessage();
  const [isOpen, setOpen] = useState(false);
  const [side, setSide] = useState<Side>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [isDownloading, setDownloading] = useState(false);
  const pending = usePending(clientId, side, isOpen);
  const id = useId();
  const money = (cents: number, currency = 'EUR') => formatMoney(cents, locale, { currency });
  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadPending(clientId, side);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode = null;
  if (!isOpen) body = null;
  else if (pending.isPending) body = <StateBox>{t('pending.loading')}</StateBox>;
  else if (pending.isError)
    body = (
      <StateBox tone="error">
        <p>{toMessage(pending.error)}</p>
        <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => pending.refetch()}>
          {t('pending.retry')}
        </button>
      </StateBox>
    );
  else if (pending.data.invoices.length === 0) body = <StateBox>{t('pending.empty')}</StateBox>;
  else {
    const { invoices, totals, noRateCount, asOf } = pending.data;
    body = (
      <>
        <p className="text-sm text-slate-600">{t('pending.asOf', { date: formatDay(asOf, locale) })}</p>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="pending-buckets">
          {AGING_BUCKETS.map((bucket) => (
            <div key={bucket} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
              <dt className="font-medium text-slate-900">{t(`pending.bucket.${bucket}`)}</dt>
              <dd className="tabular-nums text-slate-800">
                {side !== 'received' ? (
                  <span className="block">
                    {t('pending.issued')}: {money(totals.issued[bucket] ?? 0)}
                  </span>
                ) : null}
                {side !== 'issued' ? (
                  <span className="block">
                    {t('pending.received')}: {money(totals.received[bucket] ?? 0)}
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
        {noRateCount > 0 ? (
          <p className="mt-2 text-sm text-amber-800">{t('pending.noRate', { count: noRateCount })}</p>
        ) : null}
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {invoices.map((i) => (
            <li
              key={i.invoiceId}
              data-testid="pending-invoice"
              className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">
                  {i.number ?? t('movements.noNumber')} · {i.counterparty ?? '—'}
                </p>
                <p className="text-slate-600">
                  {t(`pending.${i.type}`)} ·{' '}
                  {t('pending.dates', {
                    issued: formatDay(i.issueDate, locale),
                    due: i.dueDate ? formatDay(i.dueDate, locale) : '—',
                  })}
                </p>
              </div>
              <div className="text-slate-800 sm:text-right">
                <p className="font-semibold tabular-nums">{money(i.pendingCents, i.currency)}</p>
                {i.currency !== 'EUR' ? (
                  <p className="tabular-nums text-slate-600">
                    {i.pendingEurCents === null
                      ? t('pending.noRateShort')
                      : t('pending.inEuros', { amount: money(i.pendingEurCents) })}
                  </p>
                ) : null}
                <p className="text-slate-600">
                  {i.days > 0 ? t('pending.overdue', { count: i.days }) : t('pending.notDue')} ·{' '}
                  {t(`pending.bucket.${i.bucket}`)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('pending.title')}
        </h2>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={isOpen}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!isOpen)}
        >
          {isOpen ? t('pending.hide') : t('pending.show')}
        </button>
      </div>
      {isOpen ? (
        <div id={`${id}-body`} className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{t('pending.filter')}</legend>
              {SIDES.map((s) => (
                <FilterChip key={s ?? 'all'} pressed={side === s} onClick={() => setSide(s)}>
                  {t(`pending.${s ?? 'all'}`)}
                </FilterChip>
              ))}
            </fieldset>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={download}
              disabled={isDownloading || !pending.data || pending.data.invoices.length === 0}
            >
              {isDownloading ? t('pending.downloading') : t('pending.download')}
            </button>
          </div>
          {downloadError ? (
            <p role="alert" className="text-sm text-red-700">
              {toMessage(downloadError)}
            </p>
          ) : null}
          {body}
        </div>
      ) : null}
    </section>
  );
}
