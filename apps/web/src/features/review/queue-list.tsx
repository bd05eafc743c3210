import type { ReviewItem } from '@cuadra/shared';
import { formatMoney } from '@cuadra/shared';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { StateBadge } from './state-badge';

/** The desk's queue: one button per document (click opens it, Shift+click selects it for bulk acceptance). */
export function QueueList({
  items,
  currentId,
  selected,
  onItemClick,
  state,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onMore,
}: {
  items: ReviewItem[];
  currentId: string | null;
  selected: ReadonlySet<string>;
  onItemClick: (event: MouseEvent, id: string) => void;
  state: 'loading' | 'error' | 'ready';
  error: string | null;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { t, i18n } = useTranslation('review');
  const language = toLocale(i18n.resolvedLanguage);
  const current = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the current document changes
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId]);
  if (state === 'loading')
    return (
      <p role="status" className="p-3 text-sm text-slate-600">
        {t('queue.loading')}
      </p>
    );
  if (state === 'error') {
    return (
      <div role="alert" className="p-3 text-sm text-red-800">
        <p>{error}</p>
        <button type="button" onClick={onRetry} className={`${secondaryButtonClass} mt-2`}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (items.length === 0)
    return (
      <p role="status" className="p-3 text-sm text-slate-600">
        {t('queue.empty')}
      </p>
    );
  return (
    <div className="max-h-60 overflow-y-auto lg:max-h-[calc(100vh-17rem)]">
      <ul aria-label={t('queue.title')} data-testid="review-queue">
        {items.map((item) => {
          const isCurrent = item.id === currentId;
          const isSelected = selected.has(item.id);
          return (
            <li key={item.id} ref={isCurrent ? current : undefined}>
              <button
                type="button"
                aria-current={isCurrent ? 'true' : undefined}
                aria-pressed={isSelected}
                onClick={(event) => onItemClick(event, item.id)}
                className={`flex w-full flex-col gap-0.5 border-b border-slate-100 px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                  isCurrent ? 'bg-brand-50' : 'hover:bg-slate-50'
                } ${isSelected ? 'border-l-4 border-l-brand-600' : ''}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 break-words font-medium text-slate-900 md:truncate">
                    {item.issuerName ?? item.fileName}
                  </span>
                  {item.totalCents !== null ? (
                    <span className="shrink-0 tabular-nums text-slate-800">
                      {formatMoney(item.totalCents, language, { currency: item.currency ?? 'EUR' })}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                  <span className="truncate">{item.clientName}</span>
                  <StateBadge state={item.state} />
                </span>
                <span className="text-xs text-slate-600">
                  {item.fieldCount > 0
                    ? t('queue.counts', { verified: item.verifiedCount, low: item.lowConfidenceCount })
                    : item.fileName}
                  {isSelected ? (
                    <span className="ml-1 font-medium text-brand-800">· {t('queue.selected')}</span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <button
          type="button"
          onClick={onMore}
          disabled={loadingMore}
          className={`${secondaryButtonClass} m-3`}
        >
          {loadingMore ? t('queue.loading') : t('queue.more')}
        </button>
      ) : null}
    </div>
  );
}
