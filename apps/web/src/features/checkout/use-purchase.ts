import type { Pack } from '@cuadra/shared';
import { type Dispatch, useCallback, useEffect, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getAuthState } from '../../access/auth-store';
import { ApiError } from '../../lib/api';
import { createCheckout } from '../credits';
import { IDLE, type PurchaseAction, type PurchaseState, purchaseReducer } from './purchase-state';

export type UsePurchaseOptions = {
  /** Where checkout sends the browser back after paying (a path on this site). */
  returnTo: string;
  /** Leaves the page for the checkout URL; replaced in tests. */
  redirect?: (url: string) => void;
};

export type Purchase = {
  state: PurchaseState;
  /** Starts buying a pack: processing, then the checkout page the server answers (spec-1 §4). */
  buy: (pack: Pick<Pack, 'id'> | null | undefined) => Promise<void>;
  dispatch: Dispatch<PurchaseAction>;
};

function leaveFor(url: string): void {
  window.location.assign(url);
}

/**
 * Buying a pack (spec-1 §4–§5, §8): no pack → select_package_error; signed out → /start-free; otherwise
 * POST /checkout with the pack's id (the server decides the price) and go to the URL it answers. Any
 * failure, including an answer without a URL, ends processing with the purchase error.
 */
export function usePurchase({ returnTo, redirect = leaveFor }: UsePurchaseOptions): Purchase {
  const [state, dispatch] = useReducer(purchaseReducer, IDLE);
  const navigate = useNavigate();
  // The reducer ignores a second start, but the request must not be sent twice either.
  const running = useRef(false);

  const buy = useCallback(
    async (pack: Pick<Pack, 'id'> | null | undefined) => {
      if (running.current) return;
      if (!pack?.id) {
        dispatch({ type: 'fail', error: 'selectPackage' });
        return;
      }
      if (!getAuthState().token) {
        void navigate(`/start-free?plan=${encodeURIComponent(pack.id)}`);
        return;
      }
      running.current = true;
      dispatch({ type: 'start', packId: pack.id });
      try {
        const { url } = await createCheckout({ packId: pack.id, returnTo });
        if (!url) throw new Error('The checkout answer has no URL');
        // Still processing: the page is about to be left, and the buttons stay disabled until then.
        redirect(url);
      } catch (error) {
        running.current = false;
        const unknownPack = error instanceof ApiError && error.code === 'PACK_NOT_FOUND';
        dispatch({ type: 'fail', error: unknownPack ? 'selectPackage' : 'checkoutFailed' });
      }
    },
    [navigate, redirect, returnTo],
  );

  // Back from the checkout page, the browser may restore this page as it was left (processing): reset it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      dispatch({ type: 'reset' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  return { state, buy, dispatch };
}
