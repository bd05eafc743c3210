import type { ClientExportFormat, ClientSummary, SortOrder } from '@cuadra/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inputClass, linkClass, RegisteredMarker, StateBox, secondaryButtonClass } from '../../components/ui';
import { LoadMore } from '../../components/ui/load-more';
import { useErrorMessage } from '../../lib/error-message';
import { downloadClientExport } from './client-export';
import { useClientPages } from './clients-api';
import { InviteDialog } from './invite-dialog';

/** 300 ms: one request per pause in typing, not one per key. */
const SEARCH_DELAY_MS = 300;

/**
 * Below 768 px each row is a card: the name (a link to the client) across the top, then each figure under
 * its label, so the table fits a 360 px phone without scrolling sideways.
 */
const card =
  'max-md:block max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]';

type RegisteredFilter = 'true' | 'false' | undefined;

/** Search, sort and filters live in the address (`?q=&order=&registered=&toReview=`): back and reload keep them. */
function useTableParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const order: SortOrder = params.get('order') === 'desc' ? 'desc' : 'asc';
  const registeredParam = params.get('registered');
  const registered: RegisteredFilter =
    registeredParam === 'true' || registeredParam === 'false' ? registeredParam : undefined;
  const toReview = params.get('toReview') === 'true' ? ('true' as const) : undefined;
  const mine = params.get('mine') === 'true' ? ('true' as const) : undefined;
  const update = (next: {
    q?: string;
    order?: SortOrder;
    registered?: RegisteredFilter | '';
    toReview?: boolean;
    mine?: boolean;
  }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const set = (key: string, value: string | undefined) =>
          value ? out.set(key, value) : out.delete(key);
        if (next.q !== undefined) set('q', next.q.trim());
        if (next.order !== undefined) set('order', next.order === 'desc' ? 'desc' : undefined);
        if (next.registered !== undefined) set('registered', next.registered || undefined);
        if (next.toReview !== undefined) set('toReview', next.toReview ? 'true' : undefined);
        if (next.mine !== undefined) set('mine', next.mine ? 'true' : undefined);
        out.delete('page'); // the old numbered pages: the table now grows as it scrolls
        return out;
      },
      { replace: true },
    );
  return { q, order, registered, toReview, mine, update };
}

/**
 * The client section of spec-1 §2: search (case-insensitive substring, on the server), name sort, filters
 * (registered or not, with invoices to review; issue 16), status, invoice counts, the registered-user
 * marker, view details and invite, and the filtered list's export to CSV or Excel. Keyset pages of 50 that
 * load as the table scrolls (or with "Load more"), so thousands stay fast.
 */
export function ClientTable({ canManage, toolbar }: { canManage: boolean; toolbar?: ReactNode }) {
  const { t } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const { q, order, registered, toReview, mine, update } = useTableParams();
  const [search, setSearch] = useState(q);
  const [inviting, setInviting] = useState<ClientSummary | null>(null);
  const [exporting, setExporting] = useState<ClientExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const searchId = useId();
  const registeredId = useId();

  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const params = { q, order, registered, toReview, mine };
  const list = useClientPages(params);
  const data = list.data;
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const filtered = Boolean(q || registered || toReview || mine);

  async function exportList(format: ClientExportFormat) {
    setExporting(format);
    setExportError(null);
    try {
      await downloadClientExport(format, params);
    } catch (error) {
      setExportError(toMessage(error));
    } finally {
      setExporting(null);
    }
  }

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
  } else if (data && items.length === 0) {
    body = (
      <StateBox>
        {q ? t('table.notFound', { query: q }) : filtered ? t('filters.noMatch') : t('table.noClients')}
      </StateBox>
    );
  } else if (data) {
    const nextOrder: SortOrder = order === 'asc' ? 'desc' : 'asc';
    body = (
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white max-md:overflow-visible">
        <table
          className="min-w-full divide-y divide-slate-200 text-sm max-md:block"
          aria-busy={list.isFetching && !list.isFetchingNextPage}
        >
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 max-md:sr-only">
            <tr>
              <th scope="col" aria-sort={order === 'asc' ? 'ascending' : 'descending'} className="px-3 py-2">
                <button
                  type="button"
                  onClick={() => update({ order: nextOrder })}
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
            {items.map((client) => (
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
      <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <legend className="sr-only">{t('filters.legend')}</legend>
        <div>
          <label htmlFor={registeredId} className="block text-sm font-medium text-slate-800">
            {t('filters.registered')}
          </label>
          <select
            id={registeredId}
            value={registered ?? ''}
            onChange={(event) => update({ registered: event.target.value as RegisteredFilter | '' })}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          >
            <option value="">{t('filters.all')}</option>
            <option value="true">{t('filters.registeredOnly')}</option>
            <option value="false">{t('filters.notRegistered')}</option>
          </select>
        </div>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={toReview === 'true'}
            onChange={(event) => update({ toReview: event.target.checked })}
            className="h-4 w-4 rounded border-slate-300"
          />
          {t('filters.toReview')}
        </label>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={mine === 'true'}
            onChange={(event) => update({ mine: event.target.checked })}
            className="h-4 w-4 rounded border-slate-300"
          />
          {t('filters.mine')}
        </label>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {(['csv', 'xlsx'] as const).map((format) => (
            <button
              key={format}
              type="button"
              onClick={() => void exportList(format)}
              disabled={exporting !== null}
              aria-busy={exporting === format}
              className={secondaryButtonClass}
            >
              {exporting === format ? t('export.exporting') : t(`export.${format}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {exportError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('export.error', { message: exportError })}
        </p>
      ) : null}
      {data && items.length > 0 ? (
        <p className="text-sm text-slate-600">{t('table.count', { shown: items.length, count: total })}</p>
      ) : null}
      {body}
      {data && items.length > 0 ? (
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          shown={items.length}
          onLoadMore={() => void list.fetchNextPage()}
          label={t('table.loadMore')}
        />
      ) : null}
      {inviting ? <InviteDialog client={inviting} onClose={() => setInviting(null)} /> : null}
    </div>
  );
}
