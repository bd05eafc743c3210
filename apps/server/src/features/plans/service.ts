import { findPlan, type Plan, roundDiv, type Subscription } from '@cuadra/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import type { PaymentProvider } from '../../payments/provider';
import type { Services } from '../../services';
import { expireBucketOf, grantPeriodCredits } from './credits';
import {
  findBucketsDue,
  findLatestSubscription,
  findLiveSubscription,
  findLocalPeriodsDue,
  findSubscriptionByStripeId,
  insertSubscription,
  lockSubscription,
  type SubscriptionRow,
  updateSubscription,
} from './repo';

type StripeProvider = Extract<PaymentProvider, { kind: 'stripe' }>;

/** `date` plus whole months or years, in UTC; the 31st becomes the month's last day when it has none. */
export function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const months = interval === 'month' ? 1 : 12;
  const target = new Date(date);
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** A subscription plan by id, or null for packs, Enterprise and unknown ids. */
export function findSubscriptionPlan(
  id: string | null | undefined,
): (Plan & { interval: 'month' | 'year' }) | null {
  const plan = id ? findPlan(id) : null;
  if (plan?.kind !== 'subscription' || plan.contactOnly || !plan.interval) return null;
  return plan as Plan & { interval: 'month' | 'year' };
}

const planOf = (row: Pick<SubscriptionRow, 'planId'>) => {
  const plan = findSubscriptionPlan(row.planId);
  if (!plan) throw new Error(`subscription on unknown plan ${row.planId}`);
  return plan;
};

export function toSubscriptionDto(row: SubscriptionRow, portalAvailable: boolean): Subscription {
  return {
    planId: planOf(row).id,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    autoRenew: !row.cancelAtPeriodEnd,
    pendingPlanId: findSubscriptionPlan(row.pendingPlanId)?.id ?? null,
    portalAvailable: portalAvailable && row.provider === 'stripe' && Boolean(row.stripeCustomerId),
  };
}

/**
 * A paid test-mode checkout of a subscription plan: the subscription starts now and its first period's
 * credits are granted (in the payment's transaction, once per checkout).
 */
export async function activateLocalSubscription(
  db: Db,
  checkout: { id: string; userId: string; planId: string | null },
  now = new Date(),
): Promise<void> {
  const plan = findSubscriptionPlan(checkout.planId);
  if (!plan) throw new Error(`checkout ${checkout.id} is not for a subscription`);
  const end = addInterval(now, plan.interval);
  const row = await insertSubscription(db, {
    id: newId(),
    userId: checkout.userId,
    planId: plan.id,
    provider: 'local',
    currentPeriodStart: now,
    currentPeriodEnd: end,
  });
  // A second live subscription is refused at checkout; two checkouts paid side by side end up here.
  if (!row) throw new AppError('SUBSCRIPTION_EXISTS');
  await grantPeriodCredits(db, row.id, { start: now, end }, plan, `checkout:${checkout.id}`);
}

/**
 * The period job (local subscriptions; Stripe's follow its invoices): at a period's end what is left of
 * its credits expires, then the subscription renews on its plan (or the downgrade waiting for it) and the
 * new period's credits are granted, or it ends when auto-renew is off. Also expires the buckets of Stripe
 * subscriptions whose renewal was not paid within a grace period. Returns how many were handled.
 */
export async function rollSubscriptions(services: Pick<Services, 'db' | 'logger'>, now = new Date()) {
  const due = await findLocalPeriodsDue(services.db, now);
  for (const row of due) await rollLocalSubscription(services.db, row.id, now);
  // Stripe finalises a renewal about an hour after the period ends; give it a day before expiring.
  const unpaid = await findBucketsDue(services.db, new Date(now.getTime() - STRIPE_RENEWAL_GRACE_MS));
  for (const row of unpaid) await expireBucketOf(services.db, row.id);
  if (due.length || unpaid.length)
    services.logger.info({ rolled: due.length, expired: unpaid.length }, 'subscription periods rolled');
  return due.length + unpaid.length;
}

const STRIPE_RENEWAL_GRACE_MS = 24 * 3600_000;

async function rollLocalSubscription(db: Db, id: string, now: Date) {
  for (;;) {
    const row = await db.transaction(async (tx) => {
      const current = await lockSubscription(tx, id);
      if (!current || current.status === 'canceled' || current.currentPeriodEnd > now) return null;
      if (current.cancelAtPeriodEnd) {
        await expireBucketOf(tx, current.id);
        await updateSubscription(tx, current.id, {
          status: 'canceled',
          endedAt: current.currentPeriodEnd,
          pendingPlanId: null,
        });
        return null;
      }
      const plan = findSubscriptionPlan(current.pendingPlanId) ?? planOf(current);
      const start = current.currentPeriodEnd;
      const end = addInterval(start, plan.interval);
      await updateSubscription(tx, current.id, {
        planId: plan.id,
        pendingPlanId: null,
        currentPeriodStart: start,
        currentPeriodEnd: end,
      });
      await grantPeriodCredits(
        tx,
        current.id,
        { start, end },
        plan,
        `period:${current.id}:${end.toISOString()}`,
      );
      return end;
    });
    // A server that was off for several periods catches up one period at a time.
    if (!row || row > now) return;
  }
}

/** Test mode's "renew now": the current period ends at once and the subscription rolls as at its end. */
export async function renewLocalNow(db: Db, userId: string, now = new Date()) {
  const row = await findLiveSubscription(db, userId);
  if (row?.provider !== 'local') throw new AppError('SUBSCRIPTION_NOT_FOUND');
  await updateSubscription(db, row.id, { currentPeriodEnd: now });
  await rollLocalSubscription(db, row.id, now);
}

/** Yearly credits, to tell an upgrade (more, or the same up front) from a downgrade. */
const yearlyCredits = (plan: Plan) => (plan.invoices ?? 0) * (plan.interval === 'month' ? 12 : 1);
export function isUpgrade(from: Plan, to: Plan): boolean {
  const gain = yearlyCredits(to) - yearlyCredits(from);
  return gain > 0 || (gain === 0 && from.interval === 'month' && to.interval === 'year');
}

export async function findCurrentSubscription(db: Db, userId: string) {
  return findLiveSubscription(db, userId);
}

/**
 * `PATCH /api/v1/subscription`: auto-renew on/off, and a downgrade, which waits for the period's end
 * (`pendingPlanId`). An upgrade is refused (UPGRADE_NEEDS_CHECKOUT): it is bought at the checkout.
 * Choosing the current plan drops a waiting downgrade. With Stripe, Stripe is told first.
 */
export async function changeSubscription(
  services: Services,
  userId: string,
  patch: { autoRenew?: boolean; planId?: string },
  now = new Date(),
): Promise<SubscriptionRow> {
  let row = await findLiveSubscription(services.db, userId);
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const provider = stripeFor(services, row);
  if (patch.planId !== undefined) row = await changePlan(services, provider, row, patch.planId, now);
  if (patch.autoRenew !== undefined) {
    if (provider && row.stripeSubscriptionId)
      await provider.updateSubscription(row.stripeSubscriptionId, { cancelAtPeriodEnd: !patch.autoRenew });
    row = await updateSubscription(services.db, row.id, { cancelAtPeriodEnd: !patch.autoRenew });
  }
  return row;
}

async function changePlan(
  services: Services,
  provider: StripeProvider | null,
  row: SubscriptionRow,
  planId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const to = findSubscriptionPlan(planId);
  if (!to) throw new AppError('PLAN_CHANGE_INVALID');
  const from = planOf(row);
  if (to.id === from.id) {
    if (provider && row.stripeSubscriptionId && row.pendingPlanId) {
      await provider.changeSubscriptionPrice(
        row.stripeSubscriptionId,
        { itemId: await itemIdOf(provider, row), price: priceOf(from) },
        { planId: from.id, pendingPlanId: '' },
      );
    }
    return updateSubscription(services.db, row.id, { pendingPlanId: null });
  }
  // An upgrade is paid for like any purchase, in both modes: POST /checkout with the plan, at
  // upgradeQuote's price (issue 36 item 4, docs/decisions/0022). Applying it here would give its credits
  // for nothing locally, and with Stripe charge the saved card without a checkout page.
  if (isUpgrade(from, to))
    throw new AppError('UPGRADE_NEEDS_CHECKOUT', { amountCents: upgradeQuote(row, to, now).amountCents });
  if (provider && row.stripeSubscriptionId) {
    // A price change across intervals restarts Stripe's billing cycle at once: a downgrade may not.
    if (from.interval !== to.interval) throw new AppError('PLAN_CHANGE_INVALID');
    // Stripe's price from the next renewal, without proration; ours waits for it (pendingPlanId).
    await provider.changeSubscriptionPrice(
      row.stripeSubscriptionId,
      { itemId: await itemIdOf(provider, row), price: priceOf(to) },
      { planId: from.id, pendingPlanId: to.id },
    );
  }
  return updateSubscription(services.db, row.id, { pendingPlanId: to.id });
}

/**
 * What an upgrade costs now (issue 36 item 4): the same interval, the new price less the old over what is
 * left of the period; another interval (a new period starts now), the new price less what is left of the
 * old one. Never below zero.
 */
export function upgradeQuote(
  row: Pick<SubscriptionRow, 'planId' | 'currentPeriodStart' | 'currentPeriodEnd'>,
  to: Plan,
  now = new Date(),
): { amountCents: number; currency: 'eur' } {
  const from = planOf(row);
  const start = row.currentPeriodStart.getTime();
  const end = row.currentPeriodEnd.getTime();
  const left = Math.min(Math.max(end - now.getTime(), 0), end - start);
  const unused = (cents: number) => roundDiv(cents * left, Math.max(end - start, 1));
  const fromPrice = from.priceCents ?? 0;
  const toPrice = to.priceCents ?? 0;
  const amount = to.interval === from.interval ? unused(toPrice - fromPrice) : toPrice - unused(fromPrice);
  return { amountCents: Math.max(0, amount), currency: 'eur' };
}

/** A paid upgrade checkout in the local mode: the plan changes now and the period's credits are topped up. */
export async function applyLocalUpgrade(db: Db, row: SubscriptionRow, planId: string, now = new Date()) {
  const to = findSubscriptionPlan(planId);
  if (!to) throw new Error(`checkout for unknown plan ${planId}`);
  const from = planOf(row);
  return db.transaction(async (tx) => {
    if (to.interval === from.interval) {
      const updated = await updateSubscription(tx, row.id, { planId: to.id, pendingPlanId: null });
      const period = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
      await grantPeriodCredits(
        tx,
        row.id,
        period,
        to,
        `upgrade:${row.id}:${to.id}:${period.end.toISOString()}`,
      );
      return updated;
    }
    const end = addInterval(now, to.interval);
    await updateSubscription(tx, row.id, {
      planId: to.id,
      pendingPlanId: null,
      currentPeriodStart: now,
      currentPeriodEnd: end,
    });
    await grantPeriodCredits(tx, row.id, { start: now, end }, to, `period:${row.id}:${end.toISOString()}`);
    return (await lockSubscription(tx, row.id))!;
  });
}

/**
 * A paid upgrade checkout with Stripe (docs/decisions/0022): Stripe's subscription moves to the new price
 * without proration (the difference was paid at the checkout); another interval starts a new period now,
 * paid until its end. Idempotent (the same key and parameters for every delivery of the same checkout),
 * so it runs before the checkout is marked paid. Returns our row as Stripe now has it.
 */
export async function applyStripeUpgrade(
  services: Pick<Services, 'db' | 'logger'>,
  provider: StripeProvider,
  checkout: { id: string; planId: string | null; createdAt: Date },
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const to = findSubscriptionPlan(checkout.planId);
  const row = await findSubscriptionByStripeId(services.db, stripeSubscriptionId);
  if (!to || !row) {
    services.logger.error(
      { checkoutId: checkout.id, stripeSubscriptionId },
      'upgrade paid for no subscription',
    );
    return null;
  }
  const from = planOf(row);
  if (from.id !== to.id) {
    await provider.changeSubscriptionPrice(
      stripeSubscriptionId,
      {
        itemId: await itemIdOf(provider, row),
        price: priceOf(to),
        // From the quote's time (the checkout's start), so that every delivery asks for the same change.
        periodEnd: from.interval === to.interval ? undefined : addInterval(checkout.createdAt, to.interval),
        idempotencyKey: `upgrade-${checkout.id}`,
      },
      { planId: to.id, pendingPlanId: '' },
    );
  }
  return syncStripeSubscription(services, provider, stripeSubscriptionId);
}

/** A paid Stripe upgrade's credits, after `applyStripeUpgrade`: the new plan's, for the current period. */
export async function grantStripeUpgradeCredits(
  db: Db,
  checkout: { id: string; planId: string | null },
  stripeSubscriptionId: string,
): Promise<number> {
  const row = await findSubscriptionByStripeId(db, stripeSubscriptionId);
  const plan = findSubscriptionPlan(checkout.planId);
  if (!row || !plan) return 0;
  const period = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
  return grantPeriodCredits(db, row.id, period, plan, `checkout:${checkout.id}`);
}

/**
 * `DELETE /api/v1/subscription`: it will not renew; it stays active, with its credits, until the
 * period's end, when what is left of them expires. A waiting downgrade is dropped.
 */
export async function cancelSubscription(services: Services, userId: string): Promise<SubscriptionRow> {
  const row = await findLiveSubscription(services.db, userId);
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const provider = stripeFor(services, row);
  if (provider && row.stripeSubscriptionId) {
    await provider.updateSubscription(row.stripeSubscriptionId, {
      cancelAtPeriodEnd: true,
      metadata: row.pendingPlanId ? { pendingPlanId: '' } : undefined,
    });
  }
  return updateSubscription(services.db, row.id, { cancelAtPeriodEnd: true, pendingPlanId: null });
}

/** `POST /api/v1/subscription/portal`: Stripe's customer portal for the user's subscription. */
export async function openPortal(services: Services, userId: string, returnUrl: string): Promise<string> {
  const payments = services.payments;
  if (payments.kind !== 'stripe') throw new AppError('PORTAL_NOT_AVAILABLE');
  const row = await findLatestSubscription(services.db, userId);
  if (!row?.stripeCustomerId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return payments.createPortalSession(row.stripeCustomerId, returnUrl);
}

function stripeFor(services: Services, row: SubscriptionRow): StripeProvider | null {
  if (row.provider !== 'stripe') return null;
  if (services.payments.kind !== 'stripe') throw new AppError('PAYMENTS_NOT_CONFIGURED');
  return services.payments;
}

async function itemIdOf(provider: StripeProvider, row: SubscriptionRow): Promise<string> {
  const subscription = await provider.retrieveSubscription(row.stripeSubscriptionId!);
  if (!subscription.itemId) throw new AppError('CHECKOUT_FAILED');
  return subscription.itemId;
}

export const PLAN_NAMES: Record<string, string> = {
  'freelancer-monthly': 'Cuadra Freelancer (monthly)',
  'freelancer-yearly': 'Cuadra Freelancer (yearly)',
  'business-monthly': 'Cuadra Business (monthly)',
  'business-yearly': 'Cuadra Business (yearly)',
};

function priceOf(plan: Plan & { interval: 'month' | 'year' }) {
  return {
    amountCents: plan.priceCents ?? 0,
    currency: plan.currency,
    interval: plan.interval,
    productName: PLAN_NAMES[plan.id] ?? plan.id,
  };
}

// ——— Stripe: the webhook re-reads the subscription and invoices from Stripe, never trusting the event ———

/**
 * Brings our row in line with Stripe's subscription (status, period, cancel at period end, plan from our
 * metadata), creating it from the metadata when its events come before the checkout's. An ended
 * subscription's credits expire. Returns the row, or null when it is no user's.
 */
export async function syncStripeSubscription(
  services: Pick<Services, 'db' | 'logger'>,
  provider: StripeProvider,
  stripeId: string,
): Promise<SubscriptionRow | null> {
  const truth = await provider.retrieveSubscription(stripeId);
  const plan = findSubscriptionPlan(truth.metadata.planId);
  const fields = {
    status: truth.status,
    cancelAtPeriodEnd: truth.cancelAtPeriodEnd,
    currentPeriodStart: truth.currentPeriodStart,
    currentPeriodEnd: truth.currentPeriodEnd,
    stripeCustomerId: truth.customerId || null,
    pendingPlanId: findSubscriptionPlan(truth.metadata.pendingPlanId)?.id ?? null,
    ...(plan ? { planId: plan.id } : {}),
  };
  let row = await findSubscriptionByStripeId(services.db, stripeId);
  if (!row) {
    const userId = truth.metadata.userId;
    if (!userId || !plan) {
      services.logger.warn({ stripeId }, 'Stripe subscription without our metadata');
      return null;
    }
    row = await insertSubscription(services.db, {
      id: newId(),
      userId,
      provider: 'stripe',
      stripeSubscriptionId: stripeId,
      ...fields,
      planId: plan.id,
    });
    row ??= await findSubscriptionByStripeId(services.db, stripeId);
    if (!row) {
      services.logger.error({ stripeId, userId }, 'Stripe subscription for a user who already has one');
      return null;
    }
  }
  if (row.status === 'canceled' && truth.status !== 'canceled') return row; // over is over
  row = await updateSubscription(services.db, row.id, {
    ...fields,
    ...(truth.status === 'canceled' ? { endedAt: row.endedAt ?? new Date() } : {}),
  });
  if (truth.status === 'canceled') await expireBucketOf(services.db, row.id);
  return row;
}

/**
 * `invoice.paid`: the period the invoice pays for gets its credits, once per invoice id. A renewal applies
 * a downgrade waiting for it. Invoices not about a subscription, or not paid, change nothing.
 */
export async function settleStripeInvoice(
  services: Pick<Services, 'db' | 'logger'>,
  provider: StripeProvider,
  invoiceId: string,
): Promise<number> {
  const invoice = await provider.retrieveInvoice(invoiceId);
  if (!invoice.paid || !invoice.subscriptionId || !invoice.periodStart || !invoice.periodEnd) return 0;
  let row = await syncStripeSubscription(services, provider, invoice.subscriptionId);
  if (!row) return 0;
  const newPeriod = !row.creditsPeriodEnd || invoice.periodEnd > row.creditsPeriodEnd;
  if (newPeriod && row.pendingPlanId && invoice.billingReason === 'subscription_cycle') {
    const pending = row.pendingPlanId;
    await provider.updateSubscription(invoice.subscriptionId, {
      metadata: { planId: pending, pendingPlanId: '' },
    });
    row = await updateSubscription(services.db, row.id, { planId: pending, pendingPlanId: null });
  }
  return grantPeriodCredits(
    services.db,
    row.id,
    { start: invoice.periodStart, end: invoice.periodEnd },
    planOf(row),
    `invoice:${invoice.id}`,
  );
}
