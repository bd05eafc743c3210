import { type BankRequest, parseAmount } from '@cuadra/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButtonClass } from '../../components/ui';
import { DateInput } from '../../components/ui/date-input';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { useRequestSummary, useSendRequest } from './bank-api';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reminder schedules offered: never, twice a week, weekly (the link lasts BANK_REQUEST_TTL_DAYS). */
const REMINDER_DAYS = [0, 3, 7] as const;

/**
 * The Bank tab's "N movements, M matched, K requested D days ago" and the one action that emails the client
 * the unmatched movements of a period above a minimum amount, with the link to the drop page (issue 39).
 */
export function MissingRequest({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('bank');
  const toMessage = useErrorMessage();
  const id = useId();
  const summary = useRequestSummary(clientId);
  const send = useSendRequest(clientId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [minimum, setMinimum] = useState('');
  const [remindEveryDays, setRemindEveryDays] = useState(0);
  const [sent, setSent] = useState<BankRequest | null>(null);
  const typed = parseAmount(minimum, toLocale(i18n.language));
  // Empty: every unmatched movement; text that is not an amount: nothing is sent until it is corrected.
  const thresholdCents = typed === null ? 0 : Number.isNaN(typed) || typed < 0 ? null : typed;

  const ask = () => {
    if (thresholdCents === null) return;
    setSent(null);
    send.mutate(
      { ...(from ? { from } : {}), ...(to ? { to } : {}), thresholdCents, remindEveryDays },
      { onSuccess: (request) => setSent(request) },
    );
  };

  const data = summary.data;
  const ago = data?.lastRequestedAt
    ? Math.floor((Date.now() - new Date(data.lastRequestedAt).getTime()) / DAY_MS)
    : null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('request.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-800" data-testid="request-summary" aria-live="polite">
        {summary.isPending
          ? t('request.loading')
          : summary.isError
            ? toMessage(summary.error)
            : data
              ? [
                  t('request.summary', { count: data.movements, matched: data.matched }),
                  ago !== null
                    ? t('request.requested', {
                        requested: data.requested,
                        ago: ago === 0 ? t('request.today') : t('request.daysAgo', { count: ago }),
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(', ')
              : null}
      </p>
      {data && !data.email ? (
        <p className="mt-2 text-sm text-slate-600">{t('request.noEmail')}</p>
      ) : data?.email ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('request.help', { email: data.email })}</p>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="block text-sm font-medium text-slate-800">
              <label htmlFor={`${id}-from`}>{t('request.from')}</label>
              <DateInput
                id={`${id}-from`}
                value={from}
                onChange={setFrom}
                className="mt-1 block rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
            </div>
            <div className="block text-sm font-medium text-slate-800">
              <label htmlFor={`${id}-to`}>{t('request.to')}</label>
              <DateInput
                id={`${id}-to`}
                value={to}
                onChange={setTo}
                className="mt-1 block rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
            </div>
            <label className="block w-32 text-sm font-medium text-slate-800">
              {t('request.threshold')}
              <input
                inputMode="decimal"
                value={minimum}
                onChange={(event) => setMinimum(event.target.value)}
                aria-invalid={thresholdCents === null}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
            </label>
            <label className="block text-sm font-medium text-slate-800">
              {t('request.remind')}
              <select
                value={remindEveryDays}
                onChange={(event) => setRemindEveryDays(Number(event.target.value))}
                className="mt-1 block rounded-md border border-slate-300 px-2 py-1 text-sm"
              >
                {REMINDER_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {days === 0 ? t('request.remindNever') : t('request.remindEvery', { count: days })}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={primaryButtonClass}
              onClick={ask}
              disabled={send.isPending || thresholdCents === null}
            >
              {send.isPending ? t('request.sending') : t('request.send')}
            </button>
          </div>
        </>
      ) : null}
      <div aria-live="polite" className="mt-3 text-sm">
        {sent ? (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900">
            {t('request.sent', { email: sent.email, count: sent.lines.length })}
          </p>
        ) : null}
      </div>
      {send.isError ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {toMessage(send.error)}
        </p>
      ) : null}
    </section>
  );
}
