import { formatMediumDate, formatMoney, type InvoiceRow, type InvoiceSort } from '@cuadra/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCanWrite } from '../../access/can-write';
import { linkClass, primaryButtonClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { LoadMore } from '../../components/ui/load-more';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toast';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import type { InvoiceListParams } from '../../lib/query-keys';
import { saveBlob } from '../../lib/save-blob';
import type { SavedNotice } from './invoice-screen';
import { fetchInvoiceFile, type InvoiceListQuery, useDeleteInvoice } from './invoices-api';

const COLUMNS: { sort: InvoiceSort; label: 'date' | 'number' | 'counterparty' | 'total' | 'type' }[] = [
  { sort: 'date', label: 'date' },
  { sort: 'number', label: 'number' },
  { sort: 'client', label: 'counterparty' },
  { sort: 'total', label: 'total' },
  { sort: 'type', label: 'type' },
];

/** Where a row's review action goes: the type still to settle → the review screen, otherwise the editor. */
export function reviewTarget(row: Pick<InvoiceRow, 'id' | 'type'>, clientId: string) {
  return row.type === null
    ? {
        to: `/invoicereview?invoiceId=${encodeURIComponent(row.id)}`,
        state: { invoiceId: row.id, clientId },
      }
    : { to: `/invoicePage/${encodeURIComponent(row.id)}`, state: { clientId } };
}

/**
 * The client's invoices (spec-2 §2.2): date, number, counterparty, total, type, download; sorted by the
 * server on any of the five columns (a click toggles the order); rows not reviewed yet are highlighted
 * and offer a review action; each row can be deleted after a confirmation.
 */
export function InvoiceTable({
  clientId,
  list,
  params,
  onSort,
}: {
  clientId: string;
  list: InvoiceListQuery;
  params: InvoiceListParams;
  onSort: (params: InvoiceListParams) => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const toMessage = useErrorMessage();
  const language = toLocale(i18n.resolvedLanguage);
  const { toast, showToast } = useToast();
  const [deleting, setDeleting] = useState<InvoiceRow | null>(null);
  const canWrite = useCanWrite();
  const location = useLocation();
  const navigate = useNavigate();

  // Back from a save: the screen's success message (spec-2 §8), once.
  useEffect(() => {
    const notice = (location.state as Partial<SavedNotice> | null)?.notice;
    if (notice !== 'edit.invoiceSavedSuccessfully' && notice !== 'review.success') return;
    showToast(t(notice));
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate, showToast, t]);

  if (list.isPending) {
    return (
      <>
        <StateBox>{t('table.loading')}</StateBox>
        {toast}
      </>
    );
  }
  if (list.isError) {
    return (
      <>
        <StateBox tone="error">
          <p className="font-semibold">{t('table.loadError')}</p>
          <p className="mt-1">{toMessage(list.error)}</p>
          <button type="button" onClick={() => list.refetch()} className={`${secondaryButtonClass} mt-3`}>
            {t('table.retry')}
          </button>
        </StateBox>
        {toast}
      </>
    );
  }

  const rows = list.data.pages.flatMap((page) => page.invoices);
  const needsReviewCount = list.data.pages[0]?.needsReviewCount ?? 0;
  const numberOf = (row: InvoiceRow) => row.number ?? t('table.noNumber');
  const toggle = (sort: InvoiceSort) =>
    onSort(
      params.sort === sort
        ? { ...params, sort, order: params.order === 'asc' ? 'desc' : 'asc' }
        : { ...params, sort, order: sort === 'date' ? 'desc' : 'asc' },
    );
  // On phones the rows are cards: each cell says what it is.
  const cell =
    'max-md:block max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]';

  async function download(row: InvoiceRow) {
    try {
      const { blob, filename } = await fetchInvoiceFile(row.id, { download: true });
      saveBlob(blob, filename ?? `invoice-${row.number ?? row.id}`);
    } catch {
      showToast(t('table.downloadError'), 'error');
    }
  }

  return (
    <>
      {needsReviewCount > 0 ? (
        <p className="mb-2 text-sm font-medium text-amber-800">
          {t('table.needsReviewCount', { count: needsReviewCount })}
        </p>
      ) : null}
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <InvoiceSearch value={params.q ?? ''} onSearch={(q) => onSort({ ...params, q: q || undefined })} />
        <label className="text-sm text-slate-700 md:hidden">
          {t('table.sortBy')}
          <select
            value={`${params.sort}:${params.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [InvoiceSort, 'asc' | 'desc'];
              onSort({ ...params, sort, order });
            }}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          >
            {COLUMNS.flatMap((column) =>
              (['asc', 'desc'] as const).map((order) => (
                <option key={`${column.sort}:${order}`} value={`${column.sort}:${order}`}>
                  {t(`table.${column.label}`)} {order === 'asc' ? '▲' : '▼'}
                </option>
              )),
            )}
          </select>
        </label>
      </div>
      <div
        className={`relative overflow-x-auto rounded-lg border border-slate-200 bg-white ${list.isFetching && !list.isFetchingNextPage ? 'opacity-80' : ''}`}
      >
        <table
          className="min-w-full divide-y divide-slate-200 text-sm max-md:block"
          aria-busy={list.isFetching}
        >
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="bg-slate-50 max-md:sr-only text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {COLUMNS.map((column) => {
                const active = params.sort === column.sort;
                return (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                    className={`px-3 py-2 ${column.sort === 'total' ? 'text-right' : ''}`}
                  >
                    <button
                      type="button"
                      onClick={() => toggle(column.sort)}
                      className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {t(`table.${column.label}`)}
                      <span aria-hidden="true">{active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      {active ? (
                        <span className="sr-only">
                          {params.order === 'asc' ? t('table.sortedAscending') : t('table.sortedDescending')}
                        </span>
                      ) : null}
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-3 py-2">
                {t('table.download')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('table.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {rows.length === 0 ? (
              <tr className="max-md:block">
                <td colSpan={7} className="px-3 py-6 text-center text-slate-600 max-md:block">
                  {params.q ? t('table.noMatch') : t('table.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const target = reviewTarget(row, clientId);
                return (
                  <tr
                    key={row.id}
                    data-checked={row.checked}
                    className={`max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:px-3 max-md:py-3 ${
                      row.checked ? '' : 'bg-amber-50'
                    }`}
                  >
                    <td
                      data-label={t('table.date')}
                      className={`whitespace-nowrap px-3 py-2 tabular-nums text-slate-800 ${cell}`}
                    >
                      {row.issueDate ? formatMediumDate(row.issueDate, language) : t('table.noDate')}
                    </td>
                    <th
                      scope="row"
                      data-label={t('table.number')}
                      className={`px-3 py-2 text-left font-medium text-slate-900 ${cell}`}
                    >
                      <span className="whitespace-nowrap">{numberOf(row)}</span>
                      {row.checked ? null : (
                        <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300">
                          {t('table.needsReview')}
                        </span>
                      )}
                    </th>
                    <td
                      data-label={t(
                        row.type === 'issued'
                          ? 'table.counterpartyIssued'
                          : row.type === 'received'
                            ? 'table.counterpartyReceived'
                            : 'table.counterparty',
                      )}
                      className={`px-3 py-2 text-slate-800 max-md:break-words md:max-w-56 md:truncate ${cell}`}
                      title={row.counterpartyName ?? ''}
                    >
                      {row.counterpartyName ?? '—'}
                    </td>
                    <td
                      data-label={t('table.total')}
                      className={`whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-900 max-md:text-left ${cell}`}
                    >
                      {row.totalCents === null
                        ? '—'
                        : formatMoney(row.totalCents, language, { currency: row.currency })}
                    </td>
                    <td
                      data-label={t('table.type')}
                      className={`whitespace-nowrap px-3 py-2 text-slate-800 ${cell}`}
                    >
                      {row.type ? t(`type.${row.type}`) : t('type.unset')}
                    </td>
                    <td data-label={t('table.download')} className={`whitespace-nowrap px-3 py-2 ${cell}`}>
                      {row.hasFile ? (
                        <button
                          type="button"
                          onClick={() => void download(row)}
                          aria-label={t('table.downloadOf', { number: numberOf(row) })}
                          className={linkClass}
                        >
                          {t('table.download')}
                        </button>
                      ) : (
                        <span className="text-slate-500">{t('table.noFile')}</span>
                      )}
                    </td>
                    <td className="px-3 py-2 max-md:col-span-2 max-md:block max-md:p-0">
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        {!canWrite ? (
                          // A reader (issue 40) opens the invoice to read it: no review, no delete.
                          <Link
                            to={target.to}
                            state={target.state}
                            aria-label={t('table.viewOf', { number: numberOf(row) })}
                            className={linkClass}
                          >
                            {t('table.view')}
                          </Link>
                        ) : row.checked ? (
                          <Link
                            to={target.to}
                            state={target.state}
                            aria-label={t('table.editOf', { number: numberOf(row) })}
                            className={linkClass}
                          >
                            {t('table.edit')}
                          </Link>
                        ) : (
                          <Link
                            to={target.to}
                            state={target.state}
                            aria-label={t('table.reviewOf', { number: numberOf(row) })}
                            className={`${primaryButtonClass} px-3 py-1`}
                          >
                            {t('table.review')}
                          </Link>
                        )}
                        {canWrite ? (
                          <button
                            type="button"
                            onClick={() => setDeleting(row)}
                            aria-label={t('table.deleteOf', { number: numberOf(row) })}
                            className="font-medium text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                          >
                            {t('table.delete')}
                          </button>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {rows.length > 0 ? (
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          shown={rows.length}
          onLoadMore={() => void list.fetchNextPage()}
          label={t('table.loadMore')}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          clientId={clientId}
          row={deleting}
          number={numberOf(deleting)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            showToast(t('delete.success'));
          }}
        />
      ) : null}
      {toast}
    </>
  );
}

/** spec-2 §5 and §8: a confirmation first; 'Factura borrada exitosamente' or 'Error al borrar la factura: …'. */
function DeleteDialog({
  clientId,
  row,
  number,
  onClose,
  onDeleted,
}: {
  clientId: string;
  row: InvoiceRow;
  number: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('invoices');
  const toMessage = useErrorMessage();
  const remove = useDeleteInvoice(clientId);
  return (
    <Modal title={t('delete.title')} onClose={onClose}>
      <p className="text-sm text-slate-700">{t('delete.confirm', { number })}</p>
      {remove.isError ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('delete.error', { message: toMessage(remove.error) })}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          {t('delete.cancel')}
        </button>
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate(row.id, { onSuccess: onDeleted })}
          className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
        >
          {remove.isPending ? t('delete.deleting') : t('delete.submit')}
        </button>
      </div>
    </Modal>
  );
}

/** The table's search: issuer, recipient, number or tax id, accents and case ignored (on the server). */
function InvoiceSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('invoices');
  const [text, setText] = useState(value);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for jsdom and some screen readers
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      className="flex min-w-0 flex-1 basis-64 gap-2"
    >
      <label htmlFor="invoice-search" className="sr-only">
        {t('table.search')}
      </label>
      <input
        id="invoice-search"
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') onSearch('');
        }}
        placeholder={t('table.searchPlaceholder')}
        className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 sm:text-sm"
      />
      <button type="submit" className={secondaryButtonClass}>
        {t('table.searchButton')}
      </button>
    </form>
  );
}
