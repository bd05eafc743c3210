import type { CheckoutRequest, LedgerEntry, User } from '@cuadra/shared';
import { queryOptions } from '@tanstack/react-query';
import { getAuthState, updateUser } from '../../access/auth-store';
import { api } from '../../lib/api';

/**
 * The balance has one source of truth: the session's user (`useAuth().user.credits`), which the top bar
 * also reads. This query is how it is fetched: GET /me, then the session's user is replaced, so every
 * place that shows the balance changes together. The query adds what the widget needs: loading and error.
 */
export function meQuery(token: string | null) {
  return queryOptions({
    queryKey: ['me', token] as const,
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      const me = await api.get<User>('/me', { signal });
      // A sign-out or another sign-in while the request ran: this answer belongs to nobody now.
      if (getAuthState().token === token) updateUser(me);
      return me;
    },
  });
}

export const ME_QUERY_ROOT = ['me'] as const;

export function createCheckout(body: CheckoutRequest): Promise<{ url?: string }> {
  return api.post<{ url?: string }>('/checkout', body);
}

export type LedgerPage = { entries: LedgerEntry[]; nextCursor: string | null };

/** 50 a page (the API's default); scrolling to the end or "Load more" brings the next, older page. */
export const LEDGER_PAGE_SIZE = 50;

/** One keyset page of the ledger: `cursor` is the previous page's opaque `nextCursor`. */
export function fetchLedgerPage(cursor: string | null, signal?: AbortSignal): Promise<LedgerPage> {
  return api.get<LedgerPage>('/credits/ledger', {
    query: { limit: LEDGER_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });
}
