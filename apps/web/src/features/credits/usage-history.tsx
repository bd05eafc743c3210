import { formatDateTime, formatSignedNumber } from '@cuadra/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../access/auth-store';
import { LoadMore } from '../../components/ui/load-more';
import { toLocale } from '../../i18n/i18n';
import { fetchLedgerPage, type LedgerPage } from './credits-api';

export const LEDGER_QUERY_ROOT = ['credits', 'ledger'] as const;

/**
 * The usage history (spec-2 §2.9): the credit ledger, newest first, keyset pages that load as it scrolls.
 * Each scan names its client and file, so an accountant can bill the credits on to each client.
 */
export function UsageHistory() {
  const { t, i18n } = useTranslation('credits');
  const language = toLocale(i18n.resolvedLanguage);
  const { token } = useAuth();
  const ledger = useInfiniteQuery({
    queryKey: [...LEDGER_QUERY_ROOT, token],
    enabled: Boolean(token),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchLedgerPage(pageParam, signal),
    getNextPageParam: (last: LedgerPage) => last.nextCursor ?? undefined,
  });
  // A reservation moves no credits (amount 0; its debit or release follows): a "0" row only confuses.
  const entries = (ledger.data?.pages.flatMap((page) => page.entries) ?? []).filter((e) => e.amount !== 0);

  return (
    <section aria-labelledby="usage-history" className="flex flex-col gap-4">
      <h3 id="usage-history" className="text-lg font-semibold text-slate-900">
        {t('history.title')}
      </h3>
      {ledger.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t('widget.loading')}
        </p>
      ) : ledger.isError && entries.length === 0 ? (
        <p role="alert" className="flex flex-wrap gap-2 text-sm text-red-800">
          {t('history.error')}
          <button type="button" onClick={() => void ledger.refetch()} className="font-semibold underline">
            {t('history.retry')}
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t('history.empty')}</p>
      ) : (
        <table data-testid="usage-history" className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('history.date')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('history.movement')}
              </th>
              <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                {t('history.client')}
              </th>
              <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                {t('history.file')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('history.amount')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="py-2 pr-4 whitespace-nowrap text-slate-600">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
                </td>
                <td className="py-2 pr-4 text-slate-900">
                  {t(`history.kinds.${entry.kind}`)}
                  {/* Phones have no room for two more columns: the client and file go under the movement. */}
                  {entry.clientName || entry.fileName ? (
                    <span
                      data-testid="usage-for"
                      className="block break-words text-xs text-slate-600 sm:hidden"
                    >
                      {[entry.clientName, entry.fileName].filter(Boolean).join(' · ')}
                    </span>
                  ) : null}
                </td>
                <td data-testid="usage-client" className="hidden py-2 pr-4 text-slate-700 sm:table-cell">
                  {entry.clientName ?? ''}
                </td>
                <td
                  data-testid="usage-file"
                  className="hidden max-w-48 truncate py-2 pr-4 text-slate-700 sm:table-cell"
                  title={entry.fileName ?? undefined}
                >
                  {entry.fileName ?? ''}
                </td>
                <td
                  className={`py-2 text-right font-semibold tabular-nums ${
                    entry.amount < 0 ? 'text-slate-700' : 'text-brand-800'
                  }`}
                >
                  {formatSignedNumber(entry.amount, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ledger.data ? (
        <LoadMore
          hasMore={ledger.hasNextPage}
          loading={ledger.isFetchingNextPage}
          shown={entries.length}
          onLoadMore={() => void ledger.fetchNextPage()}
          label={t('history.loadMore')}
        />
      ) : null}
    </section>
  );
}
