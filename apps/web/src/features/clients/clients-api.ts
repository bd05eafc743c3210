import {
  CLIENT_PAGE_SIZE,
  type ClientDetail,
  type ClientList,
  type CreateClientRequest,
  type CreateInvitationRequest,
  type Invitation,
  type UpdateClientRequest,
} from '@cuadra/shared';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientListQuery } from '../../access/clients';
import { api } from '../../lib/api';
import { type ClientListParams, clientKeys } from '../../lib/query-keys';

/** The client table: keyset pages (`nextCursor`) of the filtered list; the results on screen stay while the next loads. */
export function useClientPages(params: ClientListParams) {
  return useInfiniteQuery({
    queryKey: clientKeys.pages(params),
    queryFn: ({ pageParam, signal }) =>
      api.get<ClientList>('/clients', {
        query: {
          ...clientListQuery(params),
          limit: CLIENT_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
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
