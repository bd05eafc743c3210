import { PlanSchema } from '@cuadra/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import {
  checkouts,
  coupons,
  creditBalances,
  creditLedger,
  creditPacks,
  subscriptions,
} from '../../db/schema';
import { holdCredits, settleHeldCredit } from '../credits/ledger';
import { rollSubscriptions } from './service';

/** The local checkout takes only posts from its own pages; `app.request()` URLs are on http://localhost. */
const SAME_ORIGIN = { origin: 'http://localhost' };

describe(`plans, coupons and local subscriptions (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://app.cuadra.test' } });
  });
  afterAll(() => ctx.close());

  const checkout = (headers: Record<string, string>, body: Record<string, unknown>) =>
    ctx.json('/api/v1/checkout', body, { headers });

  async function history(userId: string) {
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
    const entries = await ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(creditLedger.id);
    return {
      available: balance?.available ?? 0,
      moves: entries.filter((e) => e.amount !== 0).map((e) => `${e.kind} ${e.amount}`),
    };
  }

  /** Buys `planId` through the test-mode page; returns the checkout page's path. */
  async function buy(headers: Record<string, string>, body: Record<string, unknown>) {
    const res = await checkout(headers, body);
    expect(res.status).toBe(201);
    const path = new URL((await bodyOf(res)).url).pathname;
    const paid = await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    expect(paid.status).toBe(303);
    return path;
  }

  /** Spends `n` credits as finished scans do. */
  async function spend(userId: string, n: number) {
    for (let i = 0; i < n; i++) {
      const reference = `doc-${userId}-${i}-${Math.random()}`;
      expect(await holdCredits(ctx.db, userId, [reference])).toBe(true);
      await settleHeldCredit(ctx.db, userId, reference, 'spend');
    }
  }

  const subscriptionOf = async (headers: Record<string, string>) =>
    (await bodyOf(await ctx.request('/api/v1/subscription', { headers }))).subscription;

  it('lists packs and subscription plans to visitors, packs keeping their numbers', async () => {
    const res = await ctx.request('/api/v1/plans');
    expect(res.status).toBe(200);
    const { plans } = await bodyOf(res);
    for (const plan of plans) expect(PlanSchema.parse(plan)).toEqual(plan);
    expect(plans.map((p: { id: string }) => p.id)).toEqual([
      'small',
      'large',
      'freelancer-monthly',
      'freelancer-yearly',
      'business-monthly',
      'business-yearly',
      'enterprise',
    ]);
    expect(plans[0]).toMatchObject({
      kind: 'pack',
      interval: null,
      invoices: 33,
      priceCents: 600,
      retentionDays: 30,
    });
    expect(plans[1]).toMatchObject({ kind: 'pack', invoices: 150, priceCents: 2000, retentionDays: 90 });
    expect(plans[5]).toMatchObject({
      kind: 'subscription',
      interval: 'year',
      invoices: 12000,
      retentionDays: 730,
    });
    expect(plans[6]).toMatchObject({ contactOnly: true, priceCents: null, retentionDays: null });

    // A pack the operator retired is not on sale any more.
    await ctx.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, 'small'));
    const without = (await bodyOf(await ctx.request('/api/v1/plans'))).plans.map((p: { id: string }) => p.id);
    await ctx.db.update(creditPacks).set({ active: true }).where(eq(creditPacks.id, 'small'));
    expect(without).not.toContain('small');
    expect(without).toContain('large');
  });

  it('quotes the demo coupon of a local trial, and refuses unknown, expired and used-up ones', async () => {
    const quote = await ctx.request('/api/v1/coupons/bienvenida20?planId=freelancer-yearly');
    expect(quote.status).toBe(200);
    expect(await bodyOf(quote)).toEqual({
      code: 'BIENVENIDA20',
      percentOff: 20,
      amountOffCents: null,
      priceCents: 9600,
    });

    await ctx.db.insert(coupons).values([
      { code: 'OLD10', percentOff: 10, validUntil: new Date(Date.now() - 60_000) },
      { code: 'ONCE5', amountOffCents: 500, maxRedemptions: 1, redemptions: 1 },
      { code: 'YEARLY', percentOff: 50, planIds: ['business-yearly'] },
      { code: 'FIVEOFF', amountOffCents: 500 },
    ]);
    for (const code of ['NOPE', 'OLD10', 'ONCE5', 'YEARLY']) {
      const res = await ctx.request(`/api/v1/coupons/${code}?planId=freelancer-monthly`);
      expect(res.status, code).toBe(422);
      expect((await bodyOf(res)).error.code, code).toBe('COUPON_INVALID');
    }
    expect(await bodyOf(await ctx.request('/api/v1/coupons/FIVEOFF?planId=small'))).toMatchObject({
      amountOffCents: 500,
      priceCents: 100,
    });

    // Refused before any payment starts: no checkout is even opened.
    const { user, headers } = await createSignedInUser(ctx);
    for (const code of ['NOPE', 'OLD10', 'ONCE5', 'YEARLY']) {
      const res = await checkout(headers, { planId: 'freelancer-monthly', coupon: code });
      expect(res.status, code).toBe(422);
      expect((await bodyOf(res)).error.code).toBe('COUPON_INVALID');
    }
    expect(await ctx.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).toEqual([]);
  });

  it('counts a coupon when the payment settles: uses past its limit are honoured, counted and flagged', async () => {
    await ctx.db.insert(coupons).values({ code: 'ONLYONE', amountOffCents: 500, maxRedemptions: 1 });
    // Four checkouts start while the coupon's one use is free; then all four are paid at once.
    const buyers = await Promise.all([0, 1, 2, 3].map(() => createSignedInUser(ctx)));
    const paths: string[] = [];
    for (const { headers } of buyers) {
      const res = await checkout(headers, { planId: 'small', coupon: 'onlyone' });
      expect(res.status).toBe(201);
      paths.push(new URL((await bodyOf(res)).url).pathname);
    }
    const paid = await Promise.all(
      paths.map((path) => ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN })),
    );
    expect(paid.map((res) => res.status)).toEqual([303, 303, 303, 303]);

    // Every use is counted, and exactly the three past the limit are recorded as such.
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'ONLYONE'));
    expect(coupon?.redemptions).toBe(4);
    const rows = await ctx.db.select().from(checkouts).where(eq(checkouts.couponCode, 'ONLYONE'));
    expect(rows.map((row) => row.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(rows.filter((row) => row.couponOverLimit)).toHaveLength(3);
    // Honoured: each buyer paid the price shown and got the pack's credits.
    for (const { user } of buyers) expect((await history(user.id)).moves).toEqual(['purchase 33']);
    // Used up: no fifth checkout starts with it.
    const fifth = await checkout(buyers[0]!.headers, { planId: 'small', coupon: 'ONLYONE' });
    expect((await bodyOf(fifth)).error.code).toBe('COUPON_INVALID');
  });

  it('sends Enterprise to the contact form and unknown plans away', async () => {
    const { headers } = await createSignedInUser(ctx);
    const enterprise = await checkout(headers, { planId: 'enterprise' });
    expect(enterprise.status).toBe(422);
    expect((await bodyOf(enterprise)).error.code).toBe('PLAN_CONTACT_ONLY');
    const unknown = await checkout(headers, { planId: 'gold' });
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).error.code).toBe('PLAN_NOT_FOUND');
    expect((await checkout(headers, {})).status).toBe(400);
  });

  it('sells the yearly plan with a coupon through the test-mode page: all credits up front, once', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const res = await checkout(headers, { planId: 'freelancer-yearly', coupon: ' bienvenida20 ' });
    expect(res.status).toBe(201);
    const path = new URL((await bodyOf(res)).url).pathname;
    const page = await (await ctx.request(path, { headers: { 'accept-language': 'es' } })).text();
    expect(page).toContain('600 créditos al año');
    expect(page).toContain('Cupón BIENVENIDA20');
    expect(page).toContain('96,00');
    for (let i = 0; i < 2; i++) await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN });

    expect(await history(user.id)).toEqual({ available: 600, moves: ['subscription 600'] });
    const subscription = await subscriptionOf(headers);
    expect(subscription).toMatchObject({
      planId: 'freelancer-yearly',
      status: 'active',
      autoRenew: true,
      pendingPlanId: null,
      portalAvailable: false,
    });
    const days =
      (Date.parse(subscription.currentPeriodEnd) - Date.parse(subscription.currentPeriodStart)) / 864e5;
    expect(days).toBeGreaterThanOrEqual(365);
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'BIENVENIDA20'));
    expect(coupon?.redemptions).toBe(1);

    // One subscription at a time: the same plan again is refused (an upgrade is a checkout of its own).
    const again = await checkout(headers, { planId: 'freelancer-yearly' });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).error.code).toBe('SUBSCRIPTION_EXISTS');
  });

  it('does not carry unused subscription credits over, and never touches pack credits', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await buy(headers, { planId: 'small' });
    await buy(headers, { planId: 'freelancer-monthly' });
    expect((await history(user.id)).available).toBe(83);
    await spend(user.id, 10); // from the subscription's 50 first
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));

    // The period ends: 40 unused expire, the next month's 50 come; the pack's 33 stay.
    await rollSubscriptions(ctx.services, new Date(row!.currentPeriodEnd.getTime() + 1000));
    expect(await history(user.id)).toEqual({
      available: 83,
      moves: [
        'purchase 33',
        'subscription 50',
        'debit -1',
        ...Array(9).fill('debit -1'),
        'expiry -40',
        'subscription 50',
      ],
    });
    // Rolling again at the same moment changes nothing.
    await rollSubscriptions(ctx.services, new Date(row!.currentPeriodEnd.getTime() + 1000));
    expect((await history(user.id)).available).toBe(83);

    // Spending beyond the subscription's credits takes pack credits, which then do not expire.
    await spend(user.id, 60);
    expect((await history(user.id)).available).toBe(23);
    const patched = await ctx.request('/api/v1/subscription', {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ autoRenew: false }),
    });
    expect((await bodyOf(patched)).subscription.autoRenew).toBe(false);
    const [rolled] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await rollSubscriptions(ctx.services, new Date(rolled!.currentPeriodEnd.getTime() + 1000));
    const after = await history(user.id);
    expect(after.available).toBe(23);
    expect(after.moves.at(-1)).toBe('debit -1'); // nothing left to expire: no expiry entry with credits
    expect(await subscriptionOf(headers)).toBeNull();
  });

  it('renews in test mode from the checkout page, with the new period’s credits', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const path = await buy(headers, { planId: 'freelancer-monthly' });
    const page = await (await ctx.request(path)).text();
    expect(page).toContain('Simulate the end of the period');
    const before = await subscriptionOf(headers);
    const renewed = await ctx.request(`${path}/renew`, { method: 'POST', headers: SAME_ORIGIN });
    expect(renewed.status).toBe(303);
    expect(await history(user.id)).toEqual({
      available: 50,
      moves: ['subscription 50', 'expiry -50', 'subscription 50'],
    });
    const after = await subscriptionOf(headers);
    expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(Date.parse(before.currentPeriodStart));
    expect(after.status).toBe('active');
  });

  it('upgrades now with the difference, downgrades at the period’s end, cancels at the period’s end', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await buy(headers, { planId: 'freelancer-monthly' });
    const patch = (body: unknown) =>
      ctx.request('/api/v1/subscription', {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // An upgrade is not applied for free (issue 36 item 4): it shows its prorated price and is paid at
    // the checkout like any purchase; then its credits come.
    const free = await patch({ planId: 'business-monthly' });
    expect(free.status).toBe(409);
    expect((await bodyOf(free)).error.code).toBe('UPGRADE_NEEDS_CHECKOUT');
    expect((await history(user.id)).available).toBe(50);
    const quote = await bodyOf(
      await ctx.request('/api/v1/subscription/upgrade-quote?planId=business-monthly', { headers }),
    );
    // €79 − €12 for what is left of the month: all of it, less the seconds since buying.
    expect(quote.amountCents).toBeGreaterThan(6_690);
    expect(quote.amountCents).toBeLessThanOrEqual(6_700);
    const started = await checkout(headers, { planId: 'business-monthly' });
    expect(started.status).toBe(201);
    const path = new URL((await bodyOf(started)).url).pathname;
    const page = await (await ctx.request(path, { headers: { 'accept-language': 'es' } })).text();
    expect(page).toMatch(/66,9\d|67,00/);
    await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    expect(await subscriptionOf(headers)).toMatchObject({ planId: 'business-monthly', pendingPlanId: null });
    expect(await history(user.id)).toEqual({
      available: 1000,
      moves: ['subscription 50', 'subscription 950'],
    });

    const down = await bodyOf(await patch({ planId: 'freelancer-monthly' }));
    expect(down.subscription).toMatchObject({
      planId: 'business-monthly',
      pendingPlanId: 'freelancer-monthly',
    });
    expect((await history(user.id)).available).toBe(1000);
    expect((await patch({ planId: 'enterprise' })).status).toBe(422);

    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await rollSubscriptions(ctx.services, new Date(row!.currentPeriodEnd.getTime() + 1000));
    expect(await subscriptionOf(headers)).toMatchObject({
      planId: 'freelancer-monthly',
      pendingPlanId: null,
    });
    expect((await history(user.id)).moves.slice(-2)).toEqual(['expiry -1000', 'subscription 50']);

    const cancelled = await ctx.request('/api/v1/subscription', { method: 'DELETE', headers });
    expect((await bodyOf(cancelled)).subscription).toMatchObject({ status: 'active', autoRenew: false });
    expect((await history(user.id)).available).toBe(50); // stays until the period's end

    const portal = await ctx.request('/api/v1/subscription/portal', { method: 'POST', headers });
    expect(portal.status).toBe(422);
    expect((await bodyOf(portal)).error.code).toBe('PORTAL_NOT_AVAILABLE');
    expect((await ctx.request('/api/v1/subscription')).status).toBe(401);

    const [current] = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')));
    await rollSubscriptions(ctx.services, new Date(current!.currentPeriodEnd.getTime() + 1000));
    expect(await history(user.id)).toMatchObject({ available: 0 });
    expect((await ctx.request('/api/v1/subscription', { method: 'DELETE', headers })).status).toBe(404);
  });
});
