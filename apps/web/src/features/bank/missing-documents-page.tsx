import {
  DOCUMENT_ERROR_MESSAGES,
  type DocumentErrorCode,
  formatDay,
  formatMoney,
  type Locale,
  type RequestedLine,
} from '@cuadra/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { primaryButtonClass, StateBox } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { useDropFile, usePublicRequest } from './bank-api';

/**
 * `/missing-documents?token=…` (issue 39 item 3): the page the client's email links to. No account: the
 * signed token is the key. One line per bank movement asked for, each with its own file picker (a phone's
 * camera or files), sent at once; the page is shown in the client's language the first time it opens.
 */
export function MissingDocumentsPage() {
  const { t, i18n } = useTranslation('bank');
  const toMessage = useErrorMessage();
  const { t: tError } = useTranslation('errors');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const request = usePublicRequest(token);
  const switched = useRef(false);
  const requestLocale = request.data?.locale;
  useEffect(() => {
    if (!requestLocale || switched.current) return;
    switched.current = true;
    if (toLocale(i18n.language) !== requestLocale) void i18n.changeLanguage(requestLocale);
  }, [requestLocale, i18n]);

  const sent = request.data?.lines.filter((l) => l.uploaded).length ?? 0;
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('drop.title')} />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{t('drop.title')}</h1>
      {!token ? (
        <StateBox tone="error">{tError('BANK_REQUEST_LINK_INVALID')}</StateBox>
      ) : request.isPending ? (
        <StateBox>{t('drop.loading')}</StateBox>
      ) : request.isError ? (
        <StateBox tone="error">{toMessage(request.error)}</StateBox>
      ) : request.data.lines.length === 0 ? (
        <StateBox>{t('drop.empty')}</StateBox>
      ) : (
        <>
          <p className="mb-2 text-slate-800">
            {t('drop.intro', {
              accountant: request.data.accountantName,
              client: request.data.clientName,
            })}
          </p>
          <p className="mb-6 text-sm text-slate-600" aria-live="polite">
            {t('drop.progress', { sent, count: request.data.lines.length })}
          </p>
          <ul className="space-y-3">
            {request.data.lines.map((line) => (
              <DropLine key={line.id} token={token} line={line} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

function DropLine({ token, line }: { token: string; line: RequestedLine }) {
  const { t, i18n } = useTranslation('bank');
  const toMessage = useErrorMessage();
  const language: Locale = toLocale(i18n.language);
  const drop = useDropFile(token);
  const [refused, setRefused] = useState<string | null>(null);
  // "Payment of" or "Income of" says which way: the amount is shown without its sign.
  const amount = formatMoney(Math.abs(line.amountCents), language, { currency: line.currency });
  const send = (file: File | undefined) => {
    if (!file) return;
    setRefused(null);
    drop.mutate(
      { lineId: line.id, file },
      {
        onSuccess: ({ errorCode }) => {
          if (errorCode)
            setRefused(
              Object.hasOwn(DOCUMENT_ERROR_MESSAGES, errorCode)
                ? DOCUMENT_ERROR_MESSAGES[errorCode as DocumentErrorCode][language]
                : errorCode,
            );
        },
      },
    );
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm text-slate-600">{formatDay(line.bookingDate, language)}</span>
        <span
          className={`font-semibold tabular-nums ${line.amountCents < 0 ? 'text-slate-900' : 'text-emerald-800'}`}
        >
          {line.amountCents < 0 ? t('drop.charge', { amount }) : t('drop.credit', { amount })}
        </span>
      </div>
      <p className="mt-1 break-words text-slate-800">{line.counterpartyName ?? line.concept}</p>
      {line.uploaded ? (
        <p className="mt-3 text-sm font-medium text-emerald-800">✓ {t('drop.sent')}</p>
      ) : (
        <div className="mt-3">
          {/* The input stays in the tab order (visually hidden); its label is the button and its name. */}
          <label
            className={`${primaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2`}
          >
            {drop.isPending ? t('drop.sending') : t('drop.choose')}
            <span className="sr-only">
              {' '}
              {t('drop.forLine', { date: formatDay(line.bookingDate, language), amount })}
            </span>
            <input
              type="file"
              accept="application/pdf,image/jpeg,image/png,.xml,text/xml,application/xml"
              className="sr-only"
              disabled={drop.isPending}
              onChange={(event) => send(event.target.files?.[0])}
            />
          </label>
        </div>
      )}
      {drop.isError || refused ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {refused ?? toMessage(drop.error)}
        </p>
      ) : null}
    </li>
  );
}
