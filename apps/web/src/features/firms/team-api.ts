import type {
  ClientMembers,
  FirmInvitation,
  FirmInvitationPreview,
  FirmView,
  InviteMemberRequest,
  UpdateFirmRequest,
  UpdateMemberRequest,
} from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshUser } from '../../access/auth-store';
import { api } from '../../lib/api';
import { clientKeys, teamKeys } from '../../lib/query-keys';

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export function useFirm() {
  return useQuery({
    queryKey: teamKeys.firm,
    queryFn: ({ signal }) => api.get<FirmView>('/firm', { signal }),
  });
}

/** Every team mutation answers with, or changes, the firm: the member list is read again after each. */
function useTeamMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useUpdateFirm() {
  return useTeamMutation((input: UpdateFirmRequest) => api.patch<FirmView>('/firm', input));
}

export function useInviteMember() {
  return useTeamMutation((input: InviteMemberRequest) =>
    api.post<FirmInvitation>('/firm/invitations', input),
  );
}

export function useRevokeInvitation() {
  return useTeamMutation((id: string) => api.delete<void>(`/firm/invitations/${path(id)}`));
}

export function useUpdateMember() {
  return useTeamMutation(({ userId, ...input }: UpdateMemberRequest & { userId: string }) =>
    api.patch<FirmView>(`/firm/members/${path(userId)}`, input),
  );
}

export function useRemoveMember() {
  return useTeamMutation((userId: string) => api.delete<void>(`/firm/members/${path(userId)}`));
}

/**
 * The owner hands the firm to a member (they become its owner, the caller an admin). The caller's own role
 * changed, so the session's user is read again: every screen that asks `useCanWrite` or the role follows.
 */
export function useHandOverFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<FirmView>(`/firm/members/${path(userId)}/hand-over`),
    onSuccess: async () => {
      await refreshUser();
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

/** Leaving ends this account's sessions (the server raises its token version): the caller signs out. */
export function useLeaveFirm() {
  return useMutation({ mutationFn: () => api.post<void>('/firm/leave') });
}

export function useFirmInvitation(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => api.get<FirmInvitationPreview>(`/firm-invitations/${path(token)}`, { signal }),
    retry: false,
  });
}

export function useAcceptFirmInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ firmId: string }>('/firm-invitations/accept', { token }),
    onSuccess: () => {
      // Not the invitation itself: it is spent, and the page keeps showing what was joined.
      void queryClient.invalidateQueries({ queryKey: teamKeys.firm });
      // The account's role is the one it was invited with now (what `useCanWrite` reads).
      void refreshUser();
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

export function useClientMembers(clientId: string) {
  return useQuery({
    queryKey: teamKeys.clientMembers(clientId),
    queryFn: ({ signal }) => api.get<ClientMembers>(`/clients/${path(clientId)}/members`, { signal }),
  });
}

export function useAssignMember(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, assigned }: { userId: string; assigned: boolean }) =>
      assigned
        ? api.put<ClientMembers>(`/clients/${path(clientId)}/members/${path(userId)}`)
        : api.delete<ClientMembers>(`/clients/${path(clientId)}/members/${path(userId)}`),
    onSuccess: (data) => {
      queryClient.setQueryData(teamKeys.clientMembers(clientId), data);
      void queryClient.invalidateQueries({ queryKey: teamKeys.firm });
    },
  });
}
