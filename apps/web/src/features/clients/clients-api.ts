import {
  CLIENT_PAGE_SIZE,
  type ClientDetail,
  type ClientList,
  type CreateClientRequest,
  type CreateInvitationRequest,
  type Invitation,
  type SortOrder,
  type UpdateClientRequest,
} from '@cuadra/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type ClientListParams = { q: string; order: SortOrder; offset: number };

export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

/** A page of the caller's clients; the previous page stays on screen while the next one loads. */
export function useClientList(params: ClientListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ClientList>('/clients', {
        query: {
          q: params.q || undefined,
          order: params.order,
          offset: params.offset,
          limit: CLIENT_PAGE_SIZE,
        },
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

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClientRequest) => api.post<ClientDetail>('/clients', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useInviteClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationRequest) =>
      api.post<Invitation>(`/clients/${encodeURIComponent(clientId)}/invitations`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

/** Owner only: name, tax id, tax profile or the monthly upload limit; the page shows the answer at once. */
export function useUpdateClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateClientRequest) =>
      api.patch<ClientDetail>(`/clients/${encodeURIComponent(clientId)}`, input),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(clientId), client);
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}
