import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from './index';

/**
 * The end of a keyset-paged list: infinite scroll where the browser can watch the end come into view, and
 * always a real "Load more" button (keyboard, screen readers, no IntersectionObserver). A polite live
 * region says when the next page is loading and how many rows are shown once it is in.
 */
export function LoadMore({
  hasMore,
  loading,
  shown,
  onLoadMore,
  label,
}: {
  hasMore: boolean;
  loading: boolean;
  /** Rows on screen, announced after each page. */
  shown: number;
  onLoadMore: () => void;
  /** What the button loads more of, for screen readers ("Load more invoices"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // 400 px early: the next page is usually in before the reader reaches the end.
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && more && !busy) load();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-3">
      <p role="status" aria-live="polite" className="sr-only">
        {loading ? t('paging.loading') : t('paging.shown', { count: shown })}
      </p>
      {hasMore ? (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loading}
          aria-busy={loading}
          aria-label={label && !loading ? label : undefined}
          className={secondaryButtonClass}
        >
          {loading ? t('paging.loading') : t('paging.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
