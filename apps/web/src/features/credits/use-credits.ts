import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { getAuthState, useAuth } from '../../access/auth-store';
import { SCAN_COMPLETE_EVENT } from '../../lib/events';
import { meQuery } from './credits-api';

export type CreditsView =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'empty' }
  | { kind: 'balance'; available: number };

/**
 * The widget's four states (spec-1 §4 "Credits widget"). A failed fetch is an error even when an older
 * balance is cached: showing it as current would be wrong after a scan or a purchase.
 */
export function creditsView(input: {
  authStatus: 'loading' | 'ready' | 'error';
  available: number | null | undefined;
  isPending: boolean;
  isError: boolean;
}): CreditsView {
  if (input.authStatus === 'loading') return { kind: 'loading' };
  if (input.authStatus === 'error' || input.isError) return { kind: 'error' };
  if (typeof input.available === 'number') return { kind: 'balance', available: input.available };
  if (input.isPending) return { kind: 'loading' };
  return { kind: 'empty' };
}

/** The signed-in user's balance with its loading and error states; refetched on `scanComplete`. */
export function useCredits() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery(meQuery(auth.token));
  const { refetch } = query;

  useEffect(() => {
    const onScanComplete = () => {
      // Several widgets may listen; without cancelRefetch they share one request.
      void queryClient.refetchQueries({ queryKey: ['me', getAuthState().token] }, { cancelRefetch: false });
    };
    window.addEventListener(SCAN_COMPLETE_EVENT, onScanComplete);
    return () => window.removeEventListener(SCAN_COMPLETE_EVENT, onScanComplete);
  }, [queryClient]);

  const view = creditsView({
    authStatus: auth.status,
    available: auth.user?.credits?.available,
    isPending: query.isPending && query.fetchStatus !== 'idle',
    isError: query.isError,
  });
  return { view, user: auth.user, retry: useCallback(() => void refetch(), [refetch]) };
}

/** Reads the user (and balance) again now, e.g. after a payment; every balance on screen follows. */
export function useRefreshCredits(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await queryClient.fetchQuery({ ...meQuery(getAuthState().token), staleTime: 0 });
    } catch {
      // The widget shows the failure from the query's state.
    }
  }, [queryClient]);
}
