import { CheckoutSessionStatusSchema } from '@cuadra/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { readPurchaseQuery } from './purchase-state';

/** Whether the server knows this checkout session as the signed-in user's, and paid. */
async function isPaidSession(sessionId: string): Promise<boolean> {
  try {
    const answer = await api.get<unknown>(`/checkout/sessions/${encodeURIComponent(sessionId)}`);
    return CheckoutSessionStatusSchema.parse(answer).status === 'paid';
  } catch {
    // Signed out, someone else's, unknown or unreachable: nothing to confirm.
    return false;
  }
}

/**
 * Reads what the address says about a purchase (spec-1 §2, §4): back from checkout paid or cancelled, or
 * sent from the pricing page with a pack. Tells the page once, then clears the query string back to
 * `path`, so a reload does not repeat it. Read after the first render: prerendered HTML has no query.
 * A `session_id` is success only once the server confirms it (the address alone proves nothing).
 */
export function usePurchaseReturn(
  path: string,
  onOutcome: (outcome: 'success' | 'cancelled') => void,
): { chosenPackId: string | null } {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [chosenPackId, setChosenPackId] = useState<string | null>(null);
  const latestOnOutcome = useRef(onOutcome);
  latestOnOutcome.current = onOutcome;

  useEffect(() => {
    const query = readPurchaseQuery(search);
    if (!query.hasPurchaseParams) return;
    if (query.outcome) latestOnOutcome.current(query.outcome);
    if (query.sessionId)
      void isPaidSession(query.sessionId).then((paid) => {
        if (paid) latestOnOutcome.current('success');
      });
    if (query.chosenPackId) setChosenPackId(query.chosenPackId);
    void navigate(path, { replace: true });
  }, [search, navigate, path]);

  return { chosenPackId };
}
