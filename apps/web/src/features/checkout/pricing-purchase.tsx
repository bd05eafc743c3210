import { useTranslation } from 'react-i18next';
import { useAuth } from '../../access/auth-store';
import { CreditsWidget, useRefreshCredits } from '../credits';
import { dismissChosenPlan } from '../plans';
import type { PackPurchaseControls } from './pack-cards';
import { usePurchaseReturn } from './purchase-return';
import { PurchaseStatusMessage } from './purchase-status';
import { usePurchase } from './use-purchase';

/**
 * Buying on /credits and /select-plan (spec-1 §2 "Pricing", §4, §8). Back from checkout with `session_id`
 * → success and the user refreshed; with `cancelled=true` → payment_cancelled; the query is then cleared
 * back to `path`. Signed out, the page stays the visitors' one (buy links lead to /start-free); the status
 * message still shows, for someone whose session ended while paying.
 */
export function usePricingPurchase(path: '/credits' | '/select-plan' | '/pricing') {
  const { t } = useTranslation('credits');
  const { user } = useAuth();
  const refreshCredits = useRefreshCredits();
  const purchase = usePurchase({ returnTo: `${path}?session_id={CHECKOUT_SESSION_ID}` });
  const { state, dispatch, buy } = purchase;

  usePurchaseReturn(path, (outcome) => {
    dispatch({ type: 'returned', outcome });
    if (outcome === 'success') void refreshCredits();
    // Cancelling the checkout lets go of a plan chosen before signing up: the next sign-in goes to the
    // dashboard, not to that checkout again (issue 16 item 4).
    if (outcome === 'cancelled') void dismissChosenPlan().catch(() => undefined);
  });

  const onDismiss = () => dispatch({ type: 'reset' });
  if (!user) {
    const status = (
      <PurchaseStatusMessage state={state} onDismiss={onDismiss} className="mx-auto mt-10 max-w-3xl" />
    );
    return { panel: status, purchase: null };
  }

  const controls: PackPurchaseControls = {
    onBuy: (pack) => void buy(pack),
    processingPackId: state.status === 'processing' ? state.packId : null,
  };
  const panel = (
    <section aria-labelledby="purchase-panel" className="mx-auto mt-10 flex max-w-3xl flex-col gap-4">
      <h2 id="purchase-panel" className="text-xl font-semibold text-slate-900">
        {t('purchase.title')}
      </h2>
      <CreditsWidget />
      <PurchaseStatusMessage state={state} onDismiss={onDismiss} />
    </section>
  );
  return { panel, purchase: controls };
}
