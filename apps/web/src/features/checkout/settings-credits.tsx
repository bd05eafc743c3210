import { formatDateTime, PACKS } from '@cuadra/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../access/auth-store';
import { useCanBill } from '../../access/can-write';
import { toLocale } from '../../i18n/i18n';
import {
  CreditsWidget,
  isLowOnSettings,
  LEDGER_QUERY_ROOT,
  UsageHistory,
  useRefreshCredits,
} from '../credits';
import { PackCards } from './pack-cards';
import { usePurchaseReturn } from './purchase-return';
import { CheckoutSuccessBanner, PurchaseStatusMessage } from './purchase-status';
import type { Purchase } from './use-purchase';
import { usePurchase } from './use-purchase';

/** Settings' return address after paying (spec-1 §7 call 7); cancelling comes back with `cancelled=true`. */
export const SETTINGS_RETURN_TO = '/user?checkout=success';

/**
 * The purchase side of /user (spec-1 §2 "Settings", §4 "Purchase from settings"): `checkout=success`
 * shows the banner for 5 s and refreshes the user; `cancelled=true` shows payment_cancelled;
 * `buyCredits=true&priceId=<pack>` (from the pricing page) marks that pack and puts focus on its buy
 * button — it does not start paying by itself: a payment starts from a press on this page.
 */
export function useSettingsPurchase() {
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const purchase = usePurchase({ returnTo: SETTINGS_RETURN_TO });
  const [bannerVisible, setBannerVisible] = useState(false);
  const { chosenPackId } = usePurchaseReturn('/user', (outcome) => {
    if (outcome === 'cancelled') {
      purchase.dispatch({ type: 'returned', outcome });
      return;
    }
    setBannerVisible(true);
    void refreshCredits();
    void queryClient.invalidateQueries({ queryKey: LEDGER_QUERY_ROOT });
  });
  const hideBanner = useCallback(() => setBannerVisible(false), []);
  const { dispatch } = purchase;
  // A pack the pricing page cannot have offered: select_package_error (spec-1 §5, §8).
  useEffect(() => {
    if (chosenPackId && !PACKS.some((pack) => pack.active && pack.id === chosenPackId)) {
      dispatch({ type: 'fail', error: 'selectPackage' });
    }
  }, [chosenPackId, dispatch]);
  return { purchase, bannerVisible, hideBanner, chosenPackId };
}

/** The banner's polite live region, always in the page so the confirmation is announced when it appears. */
export function CheckoutSuccessRegion({ visible, onDone }: { visible: boolean; onDone: () => void }) {
  return (
    <div aria-live="polite" aria-atomic="true" role="status">
      {visible ? <CheckoutSuccessBanner onDone={onDone} /> : null}
    </div>
  );
}

/** The credits tab: summary with the low-balance warning, the packs with buy buttons, the usage history. */
export function SettingsCredits({
  purchase,
  chosenPackId,
}: {
  purchase: Purchase;
  chosenPackId: string | null;
}) {
  const { t, i18n } = useTranslation('credits');
  const { t: tp } = useTranslation('pricing');
  const language = toLocale(i18n.resolvedLanguage);
  const { user } = useAuth();
  const { state, dispatch, buy } = purchase;
  const credits = user?.credits;
  const canBill = useCanBill();

  // From the pricing page: the chosen pack's button gets focus, and is scrolled into view.
  const chosenPack = PACKS.find((pack) => pack.active && pack.id === chosenPackId) ?? null;
  useEffect(() => {
    if (!chosenPack) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-buy-pack="${chosenPack.id}"]`);
    button?.focus({ preventScroll: true });
    button?.scrollIntoView({ block: 'center' });
  }, [chosenPack]);
  const chosenName = chosenPack ? tp(`plans.name.${chosenPack.id}`) : null;

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="credits-summary" className="flex flex-col gap-4">
        <h3 id="credits-summary" className="text-lg font-semibold text-slate-900">
          {t('settings.credits.title')}
        </h3>
        <CreditsWidget />
        {credits ? (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-600">{t('settings.credits.lastPurchase')}</dt>
            <dd className="text-slate-900">
              {credits.lastPurchase
                ? formatDateTime(credits.lastPurchase, language)
                : t('settings.credits.never')}
            </dd>
            <dt className="text-slate-600">{t('settings.credits.lastUsage')}</dt>
            <dd className="text-slate-900">
              {credits.lastUsage ? formatDateTime(credits.lastUsage, language) : t('settings.credits.never')}
            </dd>
          </dl>
        ) : null}
        {credits && isLowOnSettings(credits.available) ? (
          <p
            data-testid="low-balance-warning"
            className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            {t('settings.credits.lowWarning', { count: credits.available })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="credit-packs" className="flex flex-col gap-4">
        <h3 id="credit-packs" className="text-lg font-semibold text-slate-900">
          {t('settings.credits.packsTitle')}
        </h3>
        {chosenName ? (
          <p className="text-sm text-slate-700">{t('settings.credits.chosenPack', { name: chosenName })}</p>
        ) : null}
        {canBill ? (
          <>
            <PurchaseStatusMessage state={state} onDismiss={() => dispatch({ type: 'reset' })} />
            <div className="mt-4">
              <PackCards
                heading="h4"
                purchase={{
                  onBuy: (pack) => void buy(pack),
                  processingPackId: state.status === 'processing' ? state.packId : null,
                  chosenPackId: chosenPack?.id ?? null,
                }}
              />
            </div>
          </>
        ) : (
          // A member of a firm (issue 40) spends the firm's credits; the owner buys them.
          <p data-testid="owner-buys" className="rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700">
            {t('settings.credits.ownerBuys')}
          </p>
        )}
      </section>

      <UsageHistory />
    </div>
  );
}
