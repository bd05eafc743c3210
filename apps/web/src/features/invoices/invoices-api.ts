import type { Invoice, InvoiceFields, InvoiceList, UploadBatch } from '@cuadra/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api, apiFile, apiRequest } from '../../lib/api';
import { clientKeys, type InvoiceListParams, invoiceKeys, reviewKeys, teamKeys } from '../../lib/query-keys';

/** spec-2 §4: the table starts sorted by date, newest first. */
export const DEFAULT_INVOICE_SORT: InvoiceListParams = { sort: 'date', order: 'desc' };

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** Rows per page of the invoice table: the API's default. */
export const INVOICE_PAGE_SIZE = 50;

/**
 * The client's invoices, sorted and searched by the server (nulls last), a keyset page at a time; the first
 * page carries the header's figures (gross income, to review, scans available), which are the client's.
 */
export function useInvoiceList(clientId: string, params: InvoiceListParams) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(clientId, params),
    queryFn: ({ pageParam, signal }) =>
      api.get<InvoiceList>(`/clients/${path(clientId)}/invoices`, {
        query: {
          sort: params.sort,
          order: params.order,
          limit: INVOICE_PAGE_SIZE,
          ...(params.q ? { q: params.q } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export type InvoiceListQuery = ReturnType<typeof useInvoiceList>;

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Invoice>(`/invoices/${path(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    // A 404 is an answer (the not-found state), not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 2,
  });
}

export function useUpdateInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // `confirmFigures`: the accountant confirmed figures that do not add up (issue 36 item 8).
    mutationFn: ({ fields, confirmFigures }: { fields: InvoiceFields; confirmFigures?: boolean }) =>
      api.put<Invoice>(`/invoices/${path(id)}${confirmFigures ? '?confirmFigures=true' : ''}`, fields),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(id), invoice);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(invoice.clientId) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      // The save is a new entry of the invoice's history (issue 40).
      void queryClient.invalidateQueries({ queryKey: teamKeys.history('invoices', id) });
    },
  });
}

export function useDeleteInvoice(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/invoices/${path(id)}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(clientId) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

export function uploadInvoiceFiles(clientId: string, files: readonly File[]): Promise<UploadBatch> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  return apiRequest<UploadBatch>(`/clients/${path(clientId)}/uploads`, { method: 'POST', body: form });
}

export function getUploadBatch(batchId: string, signal?: AbortSignal): Promise<UploadBatch> {
  return api.get<UploadBatch>(`/uploads/${path(batchId)}`, { signal });
}

/**
 * The original file as a Blob. It needs the Bearer header, so it cannot be a plain link or `src`; the
 * caller shows it through an object URL (CSP allows `blob:` for images and frames).
 */
export function fetchInvoiceFile(
  id: string,
  options: { download?: boolean; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  return apiFile(`/invoices/${path(id)}/file`, {
    query: { download: options.download ? '1' : undefined },
    signal: options.signal,
  });
}

/** Keeps a possible duplicate as an invoice of its own (one credit), or discards it. */
export function useDecideDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { documentId: string; decision: 'keep' | 'discard' }) =>
      api.post<{ invoiceId: string | null }>(
        `/documents/${encodeURIComponent(input.documentId)}/${input.decision}`,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

/**
 * Forgets where this invoice's supplier prints a field (learned from a correction of an earlier invoice):
 * the supplier's later documents no longer read it there.
 */
export function useForgetLearnedPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { invoiceId: string; field: string }) =>
      api.delete<void>(
        `/invoices/${encodeURIComponent(input.invoiceId)}/learned/${encodeURIComponent(input.field)}`,
      ),
    onSuccess: (_done, input) => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(input.invoiceId) });
    },
  });
}
