/**
 * The caller's clients as every feature that works inside one reads them (the server's `access/`: no feature
 * finds a client another way); the clients feature owns the rest (create, invite, edit, the table's pages).
 */
import { CLIENT_PAGE_SIZE, type ClientDetail, type ClientList } from '@cuadra/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { type ClientListParams, clientKeys } from '../lib/query-keys';

/** The list's query string, without the page: the same for the table and its export. */
export function clientListQuery(params: ClientListParams) {
  return {
    q: params.q || undefined,
    order: params.order,
    registered: params.registered,
    toReview: params.toReview,
    mine: params.mine,
  };
}

/** The first page of the caller's clients (pickers and the freelancer's home). */
export function useClientList(params: ClientListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ClientList>('/clients', {
        query: { ...clientListQuery(params), limit: CLIENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useClient(id: string) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => api.get<ClientDetail>(`/clients/${encodeURIComponent(id)}`, { signal }),
  });
}
