import { formatMoney } from '@cuadra/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { linkClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { QueueSearch } from './queue-search';
import { useReviewQueue } from './review-api';
import { StateBadge } from './state-badge';

/** Every document of every client the user can see, newest first, with its state; opens on the desk. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation('review');
  const language = toLocale(i18n.resolvedLanguage);
  const toMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const queue = useReviewQueue({ q: q || undefined });
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const dateFormat = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'medium' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(search.trim() ? { q: search.trim() } : {});
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('documents.title')} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('documents.title')}</h1>
      <p className="mt-2 mb-4 text-slate-600">{t('documents.intro')}</p>
      <QueueSearch
        id="documents-search"
        value={search}
        onChange={setSearch}
        onSubmit={submit}
        className="mb-4 flex max-w-md gap-2"
      >
        <button type="submit" className={secondaryButtonClass}>
          {t('documents.search')}
        </button>
      </QueueSearch>
      {queue.isPending ? (
        <StateBox>{t('queue.loading')}</StateBox>
      ) : queue.isError ? (
        <StateBox tone="error">
          <p>{toMessage(queue.error)}</p>
          <button type="button" onClick={() => queue.refetch()} className={`${secondaryButtonClass} mt-2`}>
            {t('retry')}
          </button>
        </StateBox>
      ) : items.length === 0 ? (
        <StateBox>
          <p>{q ? t('documents.noMatch') : t('documents.empty')}</p>
          <Link to="/clients" className={`${secondaryButtonClass} mt-4`}>
            {t('documents.toClients')}
          </Link>
        </StateBox>
      ) : (
        <>
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            data-testid="documents"
          >
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1 basis-56">
                  {/* Phones wrap a long supplier name rather than cut it; wider screens keep one line per row. */}
                  <p className="break-words font-medium text-slate-900 sm:truncate">
                    {item.issuerName ?? item.fileName}
                  </p>
                  <p className="break-words text-slate-600 sm:truncate">
                    {item.clientName} · {item.fileName}
                  </p>
                </div>
                <span className="text-slate-700">
                  {item.issueDate ? dateFormat.format(new Date(`${item.issueDate}T00:00:00`)) : '—'}
                </span>
                <span className="w-24 text-right tabular-nums text-slate-900">
                  {item.totalCents !== null
                    ? formatMoney(item.totalCents, language, { currency: item.currency ?? 'EUR' })
                    : '—'}
                </span>
                <StateBadge state={item.state} />
                {item.invoiceId ? (
                  <Link
                    to={`/review?view=all&doc=${encodeURIComponent(item.id)}`}
                    className={linkClass}
                    aria-label={t('documents.openOf', { file: item.fileName })}
                  >
                    {t('documents.open')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          {queue.hasNextPage ? (
            <button
              type="button"
              onClick={() => queue.fetchNextPage()}
              disabled={queue.isFetchingNextPage}
              className={`${secondaryButtonClass} mt-4`}
            >
              {queue.isFetchingNextPage ? t('queue.loading') : t('queue.more')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
