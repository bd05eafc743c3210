import { discountedPriceCents, findPlan, type Locale } from '@cuadra/shared';
import { clearChosenPlan } from '../../access/users';
import { AppError } from '../../errors';
import { publicUrl } from '../../http/public-url';
import { newId } from '../../lib/ids';
import type { PaymentProvider, ProviderSession } from '../../payments/provider';
import type { Services } from '../../services';
import { grantCredits } from '../credits';
import {
  activateLocalSubscription,
  applyLocalUpgrade,
  applyStripeUpgrade,
  findActivePack,
  findLiveSubscription,
  findSubscriptionPlan,
  findValidCoupon,
  grantStripeUpgradeCredits,
  isUpgrade,
  PLAN_NAMES,
  redeemCoupon,
  syncStripeSubscription,
  upgradeQuote,
} from '../plans';
import {
  type CheckoutRow,
  findCheckout,
  findCheckoutBySession,
  findCheckoutsToReconcile,
  findUserCheckoutBySession,
  insertCheckout,
  markClosed,
  markCouponOverLimit,
  markPaid,
  setProviderSession,
} from './repo';

/** Stripe replaces this in the success URL with the session id; the local checkout does the same. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

const PACK_NAMES: Record<Locale, (credits: number) => string> = {
  en: (credits) => `Cuadra: ${credits} credits`,
  es: (credits) => `Cuadra: ${credits} créditos`,
};

/** What the checkout page names an upgrade's payment: the prorated difference, not a new subscription. */
const UPGRADE_NAMES: Record<Locale, string> = {
  en: 'Upgrade, prorated for this period: ',
  es: 'Mejora, prorrateada para este periodo: ',
};

export type CheckoutUser = { id: string; email: string; locale: Locale };

export type CheckoutInput = {
  /** A plan id (`GET /api/v1/plans`); `viaPackId` when the caller named it `packId` (the older API). */
  planId: string;
  viaPackId?: boolean;
  coupon?: string;
  returnTo: string;
  cancelTo: string;
};

/**
 * Starts a purchase of a pack or a subscription plan. The price and credits come from the server (the pack
 * table, the plan catalogue), never from the browser; they are copied onto the checkout so what is granted
 * is what was shown. A coupon is checked before any payment starts (COUPON_INVALID), and again, and counted,
 * when the payment settles (`applySession`).
 */
export async function startCheckout(
  services: Services,
  provider: PaymentProvider,
  user: CheckoutUser,
  input: CheckoutInput,
): Promise<{ checkoutId: string; url: string }> {
  const plan = findPlan(input.planId);
  const pack = plan?.kind === 'subscription' ? null : await findActivePack(services.db, input.planId);
  if (plan?.contactOnly) throw new AppError('PLAN_CONTACT_ONLY');
  const subscriptionPlan = findSubscriptionPlan(plan?.id);
  if (!pack && !subscriptionPlan) throw new AppError(input.viaPackId ? 'PACK_NOT_FOUND' : 'PLAN_NOT_FOUND');
  const item = pack
    ? { credits: pack.credits, amountCents: pack.amountCents, currency: pack.currency }
    : {
        credits: subscriptionPlan!.invoices ?? 0,
        amountCents: subscriptionPlan!.priceCents ?? 0,
        currency: 'eur' as const,
      };
  const coupon = input.coupon ? await findValidCoupon(services.db, input.coupon, input.planId) : null;
  if (provider.kind === 'none') throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const live = subscriptionPlan ? await findLiveSubscription(services.db, user.id) : null;
  // An upgrade of a live subscription is paid like any purchase, at its prorated price, in both modes
  // (issue 36 item 4, docs/decisions/0022). A Stripe upgrade needs the subscription at Stripe.
  const upgrade =
    live &&
    subscriptionPlan &&
    live.planId !== subscriptionPlan.id &&
    (provider.kind === 'stripe' ? Boolean(live.stripeSubscriptionId) : live.provider === 'local')
      ? isUpgrade(findSubscriptionPlan(live.planId)!, subscriptionPlan)
      : false;
  if (live && !upgrade) throw new AppError('SUBSCRIPTION_EXISTS');
  if (live && upgrade) item.amountCents = upgradeQuote(live, subscriptionPlan!).amountCents;
  const payable = coupon && !upgrade ? discountedPriceCents(item.amountCents, coupon) : item.amountCents;
  // Another plan than the one chosen before signing up: that choice is over.
  await clearChosenPlan(services.db, user.id, input.planId);
  const checkoutId = newId();
  await insertCheckout(services.db, {
    id: checkoutId,
    userId: user.id,
    packId: pack?.id ?? null,
    planId: pack?.id ?? subscriptionPlan!.id,
    couponCode: coupon?.code ?? null,
    discountCents: item.amountCents - payable,
    credits: item.credits,
    amountCents: payable,
    currency: item.currency,
    provider: provider.kind,
    returnTo: input.returnTo,
    cancelTo: input.cancelTo,
  });
  const origin = publicUrl(services.config);
  if (provider.kind === 'local') return { checkoutId, url: `${origin}/dev/checkout/${checkoutId}` };

  try {
    const session = await provider.createSession({
      checkoutId,
      userId: user.id,
      email: user.email,
      packId: pack?.id ?? subscriptionPlan!.id,
      credits: item.credits,
      // Stripe takes the coupon off itself, as a discount it shows.
      amountCents: item.amountCents,
      currency: item.currency,
      productName: subscriptionPlan
        ? (upgrade ? UPGRADE_NAMES[user.locale] : '') +
          (PLAN_NAMES[subscriptionPlan.id] ?? subscriptionPlan.id)
        : PACK_NAMES[user.locale](item.credits),
      successUrl: origin + input.returnTo,
      cancelUrl: origin + input.cancelTo,
      recurring: subscriptionPlan
        ? { interval: subscriptionPlan.interval, planId: subscriptionPlan.id }
        : null,
      discount:
        coupon && !upgrade
          ? { code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents }
          : null,
      upgrade:
        upgrade && live
          ? { subscriptionId: live.stripeSubscriptionId!, customerId: live.stripeCustomerId }
          : null,
    });
    await setProviderSession(services.db, checkoutId, session.id);
    return { checkoutId, url: session.url };
  } catch (error) {
    services.logger.error({ err: error, checkoutId }, 'checkout session could not be created');
    await markClosed(services.db, checkoutId, 'failed');
    throw new AppError('CHECKOUT_FAILED');
  }
}

/**
 * The one way a checkout is settled, for the webhook, the reconciliation job and the local checkout alike:
 * paid → the pack's credits, exactly once (the row's status and the ledger's unique reference both guard
 * it, whatever the concurrency); closed → nothing is granted.
 */
export async function applySession(services: Services, checkout: CheckoutRow, session: ProviderSession) {
  if (session.paid) {
    await services.db.transaction(async (tx) => {
      const paid = await markPaid(tx, checkout.id);
      if (!paid) return;
      // Bought: a plan chosen before signing up no longer leads to a checkout.
      await clearChosenPlan(tx, paid.userId);
      if (paid.couponCode) {
        // Checked and counted here, with the grant: the check at the start only stops a coupon already used
        // up. One used up since this checkout started is honoured (the customer paid the price shown) but
        // recorded and reported, never overspent silently (docs/decisions/0016).
        const { withinLimit } = await redeemCoupon(tx, paid.couponCode);
        if (!withinLimit) {
          await markCouponOverLimit(tx, paid.id);
          services.logger.warn(
            { checkoutId: paid.id, coupon: paid.couponCode },
            'coupon paid past its maxRedemptions: honoured for a checkout started while it was valid',
          );
        }
      }
      if (!findSubscriptionPlan(paid.planId)) {
        await grantCredits(tx, paid.userId, paid.credits, 'purchase', `checkout:${paid.id}`);
      } else if (paid.provider === 'local') {
        // A live subscription: this checkout paid its upgrade; otherwise it starts one.
        const live = await findLiveSubscription(tx, paid.userId);
        if (live) await applyLocalUpgrade(tx, live, paid.planId as string);
        else await activateLocalSubscription(tx, paid);
      } else if (session.upgradeOf) {
        // A Stripe upgrade, its price already changed at Stripe (settleStripeSession): the new plan's
        // credits for the period as Stripe now has it, topped up or a new bucket, once per checkout.
        await grantStripeUpgradeCredits(tx, paid, session.upgradeOf);
      }
      // A Stripe subscription's other credits come with its paid invoices (`invoice.paid`), not the session.
    });
  } else if (session.closed) {
    await markClosed(services.db, checkout.id, 'expired');
  }
}

/** Re-reads a Stripe session (never trusting the event's copy) and settles its checkout. */
export async function settleStripeSession(services: Services, provider: PaymentProvider, sessionId: string) {
  if (provider.kind !== 'stripe') return;
  const session = await provider.retrieveSession(sessionId);
  // A signed event about a session Stripe does not know (another account's, or a test event): nothing to
  // settle, and answered 200 so Stripe stops retrying it.
  if (!session) {
    services.logger.warn({ sessionId }, 'Stripe event for a session Stripe does not know');
    return;
  }
  const checkout =
    (await findCheckoutBySession(services.db, 'stripe', session.id)) ??
    (session.checkoutId ? await findCheckout(services.db, session.checkoutId) : null);
  if (!checkout) {
    services.logger.warn({ sessionId }, 'Stripe session without a checkout');
    return;
  }
  // A paid upgrade changes Stripe's price first (idempotent): if Stripe fails, the checkout stays open and
  // the next delivery or the reconciliation job tries again; nothing is granted before the change holds.
  if (session.paid && session.upgradeOf && checkout.status === 'open') {
    if (!(await applyStripeUpgrade(services, provider, checkout, session.upgradeOf))) return;
  }
  await applySession(services, checkout, session);
  if (session.subscriptionId) await syncStripeSubscription(services, provider, session.subscriptionId);
}

/**
 * Where the caller's checkout named by `sessionId` stands. A Stripe one still open is asked about first
 * (its webhook may not have arrived yet), never trusting the address alone.
 */
export async function checkoutSessionStatus(
  services: Services,
  provider: PaymentProvider,
  userId: string,
  sessionId: string,
): Promise<CheckoutRow['status']> {
  let checkout = await findUserCheckoutBySession(services.db, userId, sessionId);
  if (!checkout) throw new AppError('CHECKOUT_NOT_FOUND');
  if (checkout.status === 'open' && checkout.provider === 'stripe' && provider.kind === 'stripe') {
    await settleStripeSession(services, provider, sessionId);
    checkout = (await findCheckout(services.db, checkout.id)) ?? checkout;
  }
  return checkout.status;
}

/** An asynchronous payment (e.g. a SEPA debit) failed: the checkout ends without credits, unless paid. */
export async function failStripeSession(services: Services, provider: PaymentProvider, sessionId: string) {
  if (provider.kind !== 'stripe') return;
  const session = await provider.retrieveSession(sessionId);
  if (!session) {
    services.logger.warn({ sessionId }, 'Stripe event for a session Stripe does not know');
    return;
  }
  if (session.paid) return settleStripeSession(services, provider, sessionId);
  const checkout = await findCheckoutBySession(services.db, 'stripe', session.id);
  if (checkout) await markClosed(services.db, checkout.id, 'failed');
}

/** Webhooks get lost: an open checkout older than this is asked about directly. */
const RECONCILE_AFTER_MS = 5 * 60_000;
/** Stripe sessions expire after 24 h at most; older open checkouts are settled by then. */
const RECONCILE_WINDOW_MS = 48 * 3600_000;

export async function reconcileCheckouts(services: Services, provider: PaymentProvider, now = new Date()) {
  if (provider.kind !== 'stripe') return 0;
  const open = await findCheckoutsToReconcile(
    services.db,
    'stripe',
    new Date(now.getTime() - RECONCILE_AFTER_MS),
    new Date(now.getTime() - RECONCILE_WINDOW_MS),
  );
  for (const checkout of open) await settleStripeSession(services, provider, checkout.providerSessionId!);
  return open.length;
}
