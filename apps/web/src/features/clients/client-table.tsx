import { CLIENT_PAGE_SIZE, type ClientSummary, type SortOrder } from '@cuadra/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inputClass, linkClass, RegisteredMarker, StateBox, secondaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import { useClientList } from './clients-api';
import { InviteDialog } from './invite-dialog';

/** 300 ms: one request per pause in typing, not one per key. */
const SEARCH_DELAY_MS = 300;

/**
 * Below 768 px each row is a card: the name (a link to the client) across the top, then each figure under
 * its label, so the table fits a 360 px phone without scrolling sideways.
 */
const card =
  'max-md:block max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]';

/** Search, sort and page live in the address (`?q=&order=&page=`), so back and reload keep them. */
function useTableParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const order: SortOrder = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { q?: string; order?: SortOrder; page?: number }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const set = (key: string, value: string | undefined) =>
          value ? out.set(key, value) : out.delete(key);
        if (next.q !== undefined) set('q', next.q.trim());
        if (next.order !== undefined) set('order', next.order === 'desc' ? 'desc' : undefined);
        if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : undefined);
        return out;
      },
      { replace: true },
    );
  return { q, order, page, update };
}

/**
 * The client section of spec-1 §2: search (case-insensitive substring, on the server), name sort, status,
 * invoice counts, the registered-user marker, view details and invite; pages of 25 so thousands stay fast.
 */
export function ClientTable({ canManage, toolbar }: { canManage: boolean; toolbar?: ReactNode }) {
  const { t } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const { q, order, page, update } = useTableParams();
  const [search, setSearch] = useState(q);
  const [inviting, setInviting] = useState<ClientSummary | null>(null);
  const searchId = useId();

  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const list = useClientList({ q, order, offset: (page - 1) * CLIENT_PAGE_SIZE });
  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLIENT_PAGE_SIZE));

  let body: ReactNode;
  if (list.isPending) {
    body = <StateBox>{t('table.loading')}</StateBox>;
  } else if (list.isError) {
    body = (
      <StateBox tone="error">
        <p className="font-semibold">{t('table.loadError')}</p>
        <p className="mt-1">{toMessage(list.error)}</p>
        <button type="button" onClick={() => list.refetch()} className={`${secondaryButtonClass} mt-3`}>
          {t('table.retry')}
        </button>
      </StateBox>
    );
  } else if (data && data.items.length === 0) {
    body = <StateBox>{q ? t('table.notFound', { query: q }) : t('table.noClients')}</StateBox>;
  } else if (data) {
    const nextOrder: SortOrder = order === 'asc' ? 'desc' : 'asc';
    body = (
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white max-md:overflow-visible">
        <table
          className="min-w-full divide-y divide-slate-200 text-sm max-md:block"
          aria-busy={list.isFetching}
        >
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 max-md:sr-only">
            <tr>
              <th scope="col" aria-sort={order === 'asc' ? 'ascending' : 'descending'} className="px-3 py-2">
                <button
                  type="button"
                  onClick={() => update({ order: nextOrder, page: 1 })}
                  aria-label={order === 'asc' ? t('table.sortAscending') : t('table.sortDescending')}
                  className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {t('table.name')}
                  <span aria-hidden="true">{order === 'asc' ? '▲' : '▼'}</span>
                </button>
              </th>
              <th scope="col" className="px-3 py-2">
                {t('table.status')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('table.documents')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('table.needsReview')}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only sm:not-sr-only">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {data.items.map((client) => (
              <tr
                key={client.id}
                data-client-row
                className="align-middle max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:p-3"
              >
                <th
                  scope="row"
                  className="max-w-[12rem] px-3 py-2 text-left font-medium text-slate-900 sm:max-w-xs max-md:col-span-2 max-md:max-w-none max-md:p-0"
                >
                  <Link
                    to={`/customer/${client.id}`}
                    className="block truncate text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    title={client.name}
                  >
                    {client.name}
                  </Link>
                  {client.registered ? <RegisteredMarker label={t('table.registeredUser')} /> : null}
                </th>
                <td
                  data-label={t('table.status')}
                  className={`whitespace-nowrap px-3 py-2 text-slate-700 ${card}`}
                >
                  {t(`status.${client.status}`)}
                </td>
                <td
                  data-label={t('table.documents')}
                  className={`px-3 py-2 text-right tabular-nums text-slate-700 max-md:text-left ${card}`}
                >
                  {client.documents}
                </td>
                <td
                  data-label={t('table.needsReview')}
                  className={`px-3 py-2 text-right tabular-nums text-slate-700 max-md:text-left ${card}`}
                >
                  {client.needsReview}
                </td>
                <td className="whitespace-nowrap px-3 py-2 max-md:col-span-2 max-md:block max-md:p-0">
                  <div className="flex flex-wrap items-center gap-3">
                    <Link
                      to={`/customer/${client.id}`}
                      aria-label={t('table.viewDetailsOf', { name: client.name })}
                      className={linkClass}
                    >
                      {t('table.viewDetails')}
                    </Link>
                    {canManage && !client.registered ? (
                      <button
                        type="button"
                        onClick={() => setInviting(client)}
                        aria-label={t('table.inviteOf', { name: client.name })}
                        className={linkClass}
                      >
                        {t('table.invite')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const from = total === 0 ? 0 : (page - 1) * CLIENT_PAGE_SIZE + 1;
  const to = Math.min(page * CLIENT_PAGE_SIZE, total);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-xs">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            {t('search.label')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('search.placeholder')}
            maxLength={100}
            className={inputClass}
          />
        </div>
        {toolbar}
      </div>
      {body}
      {data && total > CLIENT_PAGE_SIZE ? (
        <nav aria-label={t('table.pagination')} className="flex items-center justify-between gap-2 text-sm">
          <p className="text-slate-600">{t('table.showing', { from, to, total })}</p>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => update({ page: page - 1 })}
              className={secondaryButtonClass}
            >
              {t('table.previous')}
            </button>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => update({ page: page + 1 })}
              className={secondaryButtonClass}
            >
              {t('table.next')}
            </button>
          </div>
        </nav>
      ) : null}
      {inviting ? <InviteDialog client={inviting} onClose={() => setInviting(null)} /> : null}
    </div>
  );
}
