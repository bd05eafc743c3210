import { formatDateTime, formatMoney, type HistoryEntry, type Locale } from '@cuadra/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StateBox, secondaryButtonClass } from '../../components/ui/index';
import { toLocale } from '../../i18n/i18n';
import { LANGUAGE_NAMES } from '../../i18n/language-names';
import { useErrorMessage } from '../../lib/error-message';
import type { HistoryOf } from '../../lib/query-keys';
import { useHistory } from './history-api';

/**
 * The history of an invoice or a client (issue 40 item 4): every change, oldest first, with who made it,
 * when, the value before and after, and through what (screen, API, rule, supplier memory, import). A list
 * of cards: it reads at 390 px as on a desk.
 */
export function HistoryList({ entity, id }: { entity: HistoryOf; id: string }) {
  const { t, i18n } = useTranslation('team');
  const toMessage = useErrorMessage();
  const history = useHistory(entity, id);
  const locale = toLocale(i18n.resolvedLanguage);
  if (history.isPending) return <StateBox>{t('history.loading')}</StateBox>;
  if (history.isError)
    return (
      <StateBox tone="error">
        <p className="font-semibold">{t('history.error')}</p>
        <p className="mt-1">{toMessage(history.error)}</p>
        <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => history.refetch()}>
          {t('retry')}
        </button>
      </StateBox>
    );
  if (history.data.entries.length === 0)
    return <StateBox>{entity === 'me' ? t('history.emptyOwn') : t('history.empty')}</StateBox>;
  return (
    <ol className="flex flex-col gap-2" aria-label={t('history.title')}>
      {[...history.data.entries].reverse().map((entry) => (
        <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">{fieldName(t, entry.field)}</span>
            <span className="text-slate-600">
              <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time> ·{' '}
              {entry.actor?.name ?? t('history.system')} · {t(`history.via.${entry.via}`)}
            </span>
          </p>
          <p className="mt-1 break-words text-slate-800">
            <span className="sr-only">{t('history.from')}: </span>
            <del className="text-slate-500">{showValue(t, entry.field, entry.from, locale)}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only">{t('history.to')}: </span>
            <ins className="font-medium no-underline">{showValue(t, entry.field, entry.to, locale)}</ins>
          </p>
        </li>
      ))}
    </ol>
  );
}

function fieldName(t: TFunction<'team'>, field: string): string {
  return t(`history.fields.${field}` as 'history.fields.number', { defaultValue: field });
}

/** A value as the screens write it: money in the language's format, yes/no, a count of lines. */
function showValue(t: TFunction<'team'>, field: string, value: HistoryEntry['from'], locale: Locale): string {
  if (value === null || value === undefined || value === '') return t('history.empty_value');
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (field === 'locale' && (value === 'en' || value === 'es')) return LANGUAGE_NAMES[value];
  if (typeof value === 'number' && field.endsWith('Cents')) return formatMoney(value, locale);
  if (Array.isArray(value)) return t('history.lines', { count: value.length });
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
