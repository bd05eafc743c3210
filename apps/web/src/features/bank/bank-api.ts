import type {
  BankMovement,
  IgnoreReason,
  ImportResult,
  MovementList,
  MovementStatus,
  RuleList,
  StatementList,
} from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

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

export function useMovements(clientId: string, status: MovementStatus | null) {
  return useQuery({
    queryKey: bankKeys.movements(clientId, status),
    queryFn: ({ signal }) =>
      api.get<MovementList>(`${path(clientId)}/movements`, { query: { status, limit: 500 }, signal }),
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
  return useBankMutation(clientId, ({ file, iban }: { file: File; iban: string }) =>
    api.post<ImportResult>(`${path(clientId)}/statements`, file, {
      query: { name: file.name, iban: iban.trim() === '' ? null : iban.trim() },
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
