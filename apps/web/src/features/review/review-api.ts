import type { AcceptReviewResult, Invoice, InvoiceFields, MemoryField, ReviewQueue } from '@cuadra/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { clientKeys, invoiceKeys, type QueueFilters, reviewKeys } from '../../lib/query-keys';

/** The desk's queue, a keyset page at a time (`nextCursor` until the last page). */
export function useReviewQueue(filters: QueueFilters, limit = 50) {
  return useInfiniteQuery({
    queryKey: reviewKeys.queue(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<ReviewQueue>('/review-queue', {
        query: {
          limit: String(limit),
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(filters.state ? { state: filters.state } : {}),
          ...(filters.q ? { q: filters.q } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAcceptVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, confirmFigures = false }: { ids: string[]; confirmFigures?: boolean }) =>
      api.post<AcceptReviewResult>('/review-queue/accept', { ids, confirmFigures }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

/** Saves the desk's fields of an invoice; `confirmFigures` saves figures that do not add up, as confirmed. */
export function useSaveDeskInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; fields: InvoiceFields; confirmFigures?: boolean }) =>
      api.put<Invoice>(
        `/invoices/${encodeURIComponent(input.id)}${input.confirmFigures ? '?confirmFigures=true' : ''}`,
        input.fields,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(saved.clientId) });
    },
  });
}

/** Deletes the desk's current invoice. */
export function useDeleteDeskInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/invoices/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

/** Forgets what was remembered about a supplier for a client (one field). */
export function useForgetMemory() {
  return useMutation({
    mutationFn: (input: { clientId: string; taxId: string; field: MemoryField }) =>
      api.delete<void>(
        `/clients/${encodeURIComponent(input.clientId)}/supplier-memory/${encodeURIComponent(input.taxId)}?field=${input.field}`,
      ),
  });
}
