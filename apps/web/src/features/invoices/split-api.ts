import type { DocumentSplit } from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { clientKeys, invoiceKeys, reviewKeys } from '../../lib/query-keys';

export const splitKeys = { detail: (documentId: string) => ['splits', documentId] as const };

/** The PDF an invoice was cut from, and every invoice cut from it (`GET /documents/:id/split`). */
export function useDocumentSplit(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: splitKeys.detail(documentId),
    queryFn: ({ signal }) =>
      api.get<DocumentSplit>(`/documents/${encodeURIComponent(documentId)}/split`, { signal }),
    enabled,
  });
}

/** Moves page boundaries; the changed invoices are read again, so every list and count is refetched. */
export function useMoveSplit(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parts: { pageFrom: number; pageTo: number }[]) =>
      api.put<DocumentSplit>(`/documents/${encodeURIComponent(documentId)}/split`, { parts }),
    onSuccess: (split) => {
      queryClient.setQueryData(splitKeys.detail(documentId), split);
      // Not the open invoice's detail: a part whose pages changed is gone, and its screen says where to look.
      void queryClient.invalidateQueries({ queryKey: [...invoiceKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
