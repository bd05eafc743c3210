import type {
  AddInboundSenderRequest,
  InboundAddress,
  InboundMessageList,
  InboundSender,
  InboundSenderList,
  InboundSettings,
} from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { clientKeys } from '../../lib/query-keys';

/** While a mail's documents are still being read, its list refreshes this often. */
const PENDING_POLL_MS = 5_000;

export const inboundKeys = {
  messages: (clientId: string) => ['inbound', 'messages', clientId] as const,
  senders: (clientId: string) => ['inbound', 'senders', clientId] as const,
  settings: (clientId: string) => ['inbound', 'settings', clientId] as const,
};

const base = (clientId: string) => `/clients/${encodeURIComponent(clientId)}`;

export function useInboundMessages(clientId: string) {
  return useQuery({
    queryKey: inboundKeys.messages(clientId),
    queryFn: ({ signal }) => api.get<InboundMessageList>(`${base(clientId)}/inbound-messages`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((m) => m.pendingCount > 0) ? PENDING_POLL_MS : false,
  });
}

export function useInboundSenders(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: inboundKeys.senders(clientId),
    queryFn: ({ signal }) => api.get<InboundSenderList>(`${base(clientId)}/inbound-senders`, { signal }),
    enabled,
  });
}

export function useInboundSettings(clientId: string) {
  return useQuery({
    queryKey: inboundKeys.settings(clientId),
    queryFn: ({ signal }) => api.get<InboundSettings>(`${base(clientId)}/inbound-settings`, { signal }),
  });
}

export function useSetInboundSettings(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: InboundSettings) =>
      api.put<InboundSettings>(`${base(clientId)}/inbound-settings`, settings),
    onSuccess: (settings) => queryClient.setQueryData(inboundKeys.settings(clientId), settings),
  });
}

export function useAddInboundSender(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddInboundSenderRequest) =>
      api.post<InboundSender>(`${base(clientId)}/inbound-senders`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboundKeys.senders(clientId) }),
  });
}

export function useRemoveInboundSender(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (senderId: string) =>
      api.delete<void>(`${base(clientId)}/inbound-senders/${encodeURIComponent(senderId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboundKeys.senders(clientId) }),
  });
}

export function useRotateInboundAddress(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InboundAddress>(`${base(clientId)}/inbound-address/rotate`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}
