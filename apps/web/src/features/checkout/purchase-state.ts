/**
 * The credits purchase status of spec-1 §4: idle, success, cancelled, error, plus `processing` while a
 * checkout is being created (every buy button disabled, the chosen one showing it).
 */
export type PurchaseStatus = 'idle' | 'processing' | 'success' | 'cancelled' | 'error';

/** Why a purchase failed: no pack chosen (select_package_error) or the checkout could not start. */
export type PurchaseError = 'selectPackage' | 'checkoutFailed';

export type PurchaseState = {
  status: PurchaseStatus;
  /** The pack whose checkout is running (processing) or last ran. */
  packId: string | null;
  error: PurchaseError | null;
};

export type PurchaseAction =
  | { type: 'start'; packId: string }
  | { type: 'fail'; error: PurchaseError }
  | { type: 'returned'; outcome: 'success' | 'cancelled' }
  | { type: 'reset' };

export const IDLE: PurchaseState = { status: 'idle', packId: null, error: null };

export function purchaseReducer(state: PurchaseState, action: PurchaseAction): PurchaseState {
  switch (action.type) {
    case 'start':
      // One checkout at a time: a second click while one runs changes nothing.
      if (state.status === 'processing') return state;
      return { status: 'processing', packId: action.packId, error: null };
    case 'fail':
      return { status: 'error', packId: state.packId, error: action.error };
    case 'returned':
      return { status: action.outcome, packId: null, error: null };
    case 'reset':
      return IDLE;
  }
}

/** What the page learns from the address it was sent back to, or sent to from the pricing page. */
export type PurchaseQuery = {
  /** Paid: `checkout=success` (settings); cancelled: `cancelled=true`. */
  outcome: 'success' | 'cancelled' | null;
  /**
   * Back from checkout on the pricing pages with `session_id`: paid only if the server says this session
   * is the user's and paid (issue 36, item 17); anyone can type the address.
   */
  sessionId: string | null;
  /** `buyCredits=true&priceId=<pack>`: the pack chosen on the pricing page. */
  chosenPackId: string | null;
  /** Whether the query carried any of these, so the page should clear it afterwards. */
  hasPurchaseParams: boolean;
};

export function readPurchaseQuery(search: string): PurchaseQuery {
  const params = new URLSearchParams(search);
  const outcome =
    params.get('checkout') === 'success'
      ? 'success'
      : params.get('cancelled') === 'true'
        ? 'cancelled'
        : null;
  const chosenPackId = params.get('buyCredits') === 'true' ? params.get('priceId') || null : null;
  const hasPurchaseParams = ['session_id', 'checkout', 'cancelled', 'buyCredits', 'priceId'].some((key) =>
    params.has(key),
  );
  const sessionId = outcome ? null : params.get('session_id') || null;
  return { outcome, sessionId, chosenPackId, hasPurchaseParams };
}
