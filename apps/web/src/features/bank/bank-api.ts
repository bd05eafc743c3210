import {
  type BankMovement,
  type BankRequest,
  type BankRequestSummary,
  type CsvMapping,
  type IgnoreReason,
  type ImportResult,
  MOVEMENT_PAGE_MAX,
  type MovementList,
  type MovementStatus,
  type PendingList,
  type PublicBankRequest,
  type RequestedLine,
  type RuleList,
  type StatementList,
} from '@cuadra/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

const path = (id: string) => `/clients/${encodeURIComponent(id)}/bank`;

export const bankKeys = {
  all: (clientId: string) => ['bank', clientId] as const,
  statements: (clientId: string) => ['bank', clientId, 'statements'] as const,
  movements: (clientId: string, status: MovementStatus | null) =>
    ['bank', clientId, 'movements', status] as const,
};

export function useStatements(clientId: string) {
  return useQuery({
    queryKey: bankKeys.statements(clientId),
    queryFn: ({ signal }) => api.get<StatementList>(`${path(clientId)}/statements`, { signal }),
  });
}

/** The movements by pages of MOVEMENT_PAGE_MAX; `fetchNextPage` brings the next while `hasNextPage`. */
export function useMovements(clientId: string, status: MovementStatus | null) {
  return useInfiniteQuery({
    queryKey: bankKeys.movements(clientId, status),
    queryFn: ({ signal, pageParam }) =>
      api.get<MovementList>(`${path(clientId)}/movements`, {
        query: { status, limit: MOVEMENT_PAGE_MAX, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    placeholderData: (previous) => previous,
  });
}

function useBankMutation<T, V>(clientId: string, run: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankKeys.all(clientId) }),
  });
}

/** Sends the file as it is; the server tells Norma 43, camt.053 and CSV apart by content. */
export function useUploadStatement(clientId: string) {
  return useBankMutation(
    clientId,
    ({ file, iban, mapping }: { file: File; iban: string; mapping?: CsvMapping | undefined }) =>
      api.post<ImportResult>(`${path(clientId)}/statements`, file, {
        query: {
          name: file.name,
          iban: iban.trim() === '' ? null : iban.trim(),
          mapping: mapping ? JSON.stringify(mapping) : null,
        },
      }),
  );
}

export function useMovementAction(clientId: string) {
  return useBankMutation(
    clientId,
    ({
      movementId,
      action,
      reason,
      remember,
    }: {
      movementId: string;
      action: 'match' | 'unmatch' | 'ignore';
      reason?: IgnoreReason;
      remember?: boolean;
    }) =>
      api.post<BankMovement>(
        `${path(clientId)}/movements/${encodeURIComponent(movementId)}/${action}`,
        action === 'match'
          ? {}
          : action === 'ignore'
            ? { reason: reason ?? 'other', remember: remember ?? false }
            : undefined,
      ),
  );
}

/** What is still owed, aged; asked only while the section is open. */
export function usePending(clientId: string, type: 'issued' | 'received' | null, enabled: boolean) {
  return useQuery({
    queryKey: [...bankKeys.all(clientId), 'pending', type],
    queryFn: ({ signal }) => api.get<PendingList>(`${path(clientId)}/pending`, { query: { type }, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The pending list as CSV (the Bearer header is needed, so it is fetched and saved, not linked). */
export async function downloadPending(clientId: string, type: 'issued' | 'received' | null) {
  const { blob, filename } = await apiFile(`${path(clientId)}/pending.csv`, { query: { type } });
  saveBlob(blob, filename ?? 'pending-payments.csv');
}

export function useRules(clientId: string) {
  return useQuery({
    queryKey: [...bankKeys.all(clientId), 'rules'],
    queryFn: ({ signal }) => api.get<RuleList>(`${path(clientId)}/rules`, { signal }),
  });
}

export function useDeleteRule(clientId: string) {
  return useBankMutation(clientId, (ruleId: string) =>
    api.delete<null>(`${path(clientId)}/rules/${encodeURIComponent(ruleId)}`),
  );
}

export const requestKeys = {
  summary: (clientId: string) => ['bank', clientId, 'requests'] as const,
  drop: (token: string) => ['bank-request', token] as const,
};

/** "N movements, M matched, K requested D days ago". */
export function useRequestSummary(clientId: string) {
  return useQuery({
    queryKey: requestKeys.summary(clientId),
    queryFn: ({ signal }) => api.get<BankRequestSummary>(`${path(clientId)}/requests`, { signal }),
  });
}

/** Emails the client the unmatched movements above the threshold, with the drop page's link. */
export function useSendRequest(clientId: string) {
  return useBankMutation(
    clientId,
    (body: { from?: string; to?: string; thresholdCents: number; remindEveryDays: number }) =>
      api.post<BankRequest>(`${path(clientId)}/requests`, body),
  );
}

/** The drop page's request, read with the emailed token (no account). */
export function usePublicRequest(token: string) {
  return useQuery({
    queryKey: requestKeys.drop(token),
    queryFn: ({ signal }) =>
      api.get<PublicBankRequest>(`/bank/requests/${encodeURIComponent(token)}`, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useDropFile(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, file }: { lineId: string; file: File }) => {
      const body = new FormData();
      body.append('files[]', file, file.name);
      return api.post<{ line: RequestedLine; errorCode: string | null }>(
        `/bank/requests/${encodeURIComponent(token)}/lines/${encodeURIComponent(lineId)}`,
        body,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.drop(token) }),
  });
}
