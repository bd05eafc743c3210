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
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Search, name order and the issue-16 filters, as the API takes them (`registered`, `toReview`). */
export type ClientListParams = {
  q: string;
  order: SortOrder;
  registered?: 'true' | 'false' | undefined;
  toReview?: 'true' | undefined;
  mine?: 'true' | undefined;
};

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

export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  pages: (params: ClientListParams) => ['clients', 'pages', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

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
