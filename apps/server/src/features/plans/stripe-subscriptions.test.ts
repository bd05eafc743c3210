import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { checkouts, coupons, creditBalances, creditLedger, subscriptions } from '../../db/schema';

const DAY = 864e5;

describe(`subscriptions through Stripe and its webhooks (${TEST_DB})`, () => {
  const SECRET = 'whsec_test_secret';
  let ctx: TestContext;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    ctx = await createTestContext({
      env: {
        PUBLIC_URL: 'https://app.cuadra.test',
        STRIPE_SECRET_KEY: 'sk_test_cuadra',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: stripe.url,
        COUPONS: JSON.stringify([{ code: 'spring25', percentOff: 25, planIds: ['freelancer-yearly'] }]),
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });

  const deliver = (type: string, id: string) => {
    const { payload, signature } = stripe.event(type, id, SECRET);
    return ctx.request('/api/v1/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };

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

  async function subscribe(planId: string, coupon?: string) {
    const signedIn = await createSignedInUser(ctx);
    const res = await ctx.json('/api/v1/checkout', { planId, coupon }, { headers: signedIn.headers });
    expect(res.status).toBe(201);
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    expect((await bodyOf(res)).url).toBe(`https://checkout.stripe.test/pay/${sessionId}`);
    return { ...signedIn, sessionId };
  }

  it('opens Checkout in subscription mode at the plan’s recurring price, the coupon as a Stripe discount', async () => {
    const { user } = await subscribe('freelancer-yearly', 'Spring25');
    const { params } = stripe.created.at(-1)!;
    expect(params.get('mode')).toBe('subscription');
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('12000');
    expect(params.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(params.get('subscription_data[metadata][userId]')).toBe(user.id);
    expect(params.get('subscription_data[metadata][planId]')).toBe('freelancer-yearly');
    expect(params.get('success_url')).toBe('https://app.cuadra.test/user?checkout=success');
    const coupon = stripe.calls.find((c) => c.path === '/v1/coupons')!;
    expect(coupon.params.get('percent_off')).toBe('25');
    expect(coupon.params.get('duration')).toBe('once');
    expect(params.get('discounts[0][coupon]')).toMatch(/^co_/);
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(row).toMatchObject({
      planId: 'freelancer-yearly',
      packId: null,
      amountCents: 9000,
      discountCents: 3000,
    });

    // The coupon is only for the yearly plan: refused for another, before Stripe is asked.
    const before = stripe.created.length;
    const other = await ctx.json(
      '/api/v1/checkout',
      { planId: 'business-monthly', coupon: 'SPRING25' },
      {
        headers: (await createSignedInUser(ctx)).headers,
      },
    );
    expect((await bodyOf(other)).error.code).toBe('COUPON_INVALID');
    expect(stripe.created.length).toBe(before);
  });

  it('grants a period once, whatever the order and however often the events come', async () => {
    const { user, headers, sessionId } = await subscribe('freelancer-monthly');
    const start = new Date();
    const period = { start, end: new Date(start.getTime() + 30 * DAY) };
    const subscription = stripe.subscribe(sessionId, period);
    const invoice = stripe.invoice(subscription.id, period);

    // The subscription's update comes first, then the invoice twice, and the session last.
    expect((await deliver('customer.subscription.updated', subscription.id)).status).toBe(200);
    expect(await bodyOf(await ctx.request('/api/v1/subscription', { headers }))).toMatchObject({
      subscription: {
        planId: 'freelancer-monthly',
        status: 'active',
        autoRenew: true,
        portalAvailable: true,
      },
    });
    expect((await history(user.id)).available).toBe(0); // nothing paid yet as far as we know
    await Promise.all(Array.from({ length: 5 }, () => deliver('invoice.paid', invoice.id)));
    await deliver('invoice.paid', invoice.id);
    await deliver('checkout.session.completed', sessionId);
    await deliver('checkout.session.completed', sessionId);
    expect(await history(user.id)).toEqual({ available: 50, moves: ['subscription 50'] });
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(row?.status).toBe('paid');
    expect(await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(
      1,
    );

    // The renewal: what is left expires, the new month's credits come; a late copy of the old invoice
    // changes nothing.
    const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
    stripe.advance(subscription.id, next);
    const renewal = stripe.invoice(subscription.id, next, 'subscription_cycle');
    await deliver('customer.subscription.updated', subscription.id);
    await deliver('invoice.paid', renewal.id);
    await deliver('invoice.paid', invoice.id);
    await deliver('invoice.paid', renewal.id);
    expect(await history(user.id)).toEqual({
      available: 50,
      moves: ['subscription 50', 'expiry -50', 'subscription 50'],
    });

    // Auto-renew off goes to Stripe; the subscription's end there expires what is left.
    const off = await ctx.request('/api/v1/subscription', {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ autoRenew: false }),
    });
    expect((await bodyOf(off)).subscription.autoRenew).toBe(false);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    const portal = await ctx.request('/api/v1/subscription/portal', { method: 'POST', headers });
    expect(await bodyOf(portal)).toEqual({ url: `https://billing.stripe.test/p/${subscription.customer}` });

    stripe.subscriptions.get(subscription.id)!.status = 'canceled';
    await deliver('customer.subscription.deleted', subscription.id);
    await deliver('customer.subscription.updated', subscription.id);
    expect(await history(user.id)).toMatchObject({ available: 0 });
    expect((await history(user.id)).moves.at(-1)).toBe('expiry -50');
    expect((await bodyOf(await ctx.request('/api/v1/subscription', { headers }))).subscription).toBeNull();
  });

  /** Subscribed to freelancer-monthly through Stripe, half its month gone, its 50 credits granted. */
  async function subscribedHalfway() {
    const signedIn = await subscribe('freelancer-monthly');
    const now = Date.now();
    const period = { start: new Date(now - 15 * DAY), end: new Date(now + 15 * DAY) };
    const subscription = stripe.subscribe(signedIn.sessionId, period);
    await deliver('invoice.paid', stripe.invoice(subscription.id, period).id);
    expect((await history(signedIn.user.id)).available).toBe(50);
    return { ...signedIn, period, subscription };
  }

  /** Starts the upgrade's checkout; returns its Checkout Session as Stripe was asked for it. */
  async function startUpgrade(headers: Record<string, string>, planId: string) {
    const res = await ctx.json('/api/v1/checkout', { planId, returnTo: '/credits' }, { headers });
    expect(res.status).toBe(201);
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    expect((await bodyOf(res)).url).toBe(`https://checkout.stripe.test/pay/${sessionId}`);
    return { sessionId, params: stripe.created.at(-1)!.params };
  }

  it('upgrades through a Checkout page at the prorated price, applied once when paid (issue 36 item 4)', async () => {
    const { user, headers, period, subscription } = await subscribedHalfway();
    const updates = () => stripe.calls.filter((c) => c.path === `/v1/subscriptions/${subscription.id}`);

    // Not on the saved card without a page: the plan change is refused and Stripe is not touched.
    const patch = await ctx.request('/api/v1/subscription', {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: 'business-monthly' }),
    });
    expect((await bodyOf(patch)).error.code).toBe('UPGRADE_NEEDS_CHECKOUT');
    expect(updates()).toHaveLength(0);

    // Half the month left: half of €79 − €12.
    const quote = await bodyOf(
      await ctx.request('/api/v1/subscription/upgrade-quote?planId=business-monthly', { headers }),
    );
    expect(Math.abs(quote.amountCents - 3350)).toBeLessThanOrEqual(1);
    const { sessionId, params } = await startUpgrade(headers, 'business-monthly');
    expect(params.get('mode')).toBe('payment');
    expect(Number(params.get('line_items[0][price_data][unit_amount]'))).toBe(quote.amountCents);
    expect(params.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(params.get('line_items[0][price_data][product_data][name]')).toMatch(
      /^Mejora, prorrateada para este periodo: Cuadra Business \(monthly\)$/,
    );
    expect(params.get('customer')).toBe(subscription.customer);
    expect(params.get('metadata[upgradeOf]')).toBe(subscription.id);
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerSessionId, sessionId));
    expect(checkout).toMatchObject({ planId: 'business-monthly', amountCents: quote.amountCents });

    // Seen but not paid: nothing changes.
    await deliver('checkout.session.completed', sessionId);
    expect(updates()).toHaveLength(0);
    expect((await history(user.id)).available).toBe(50);

    stripe.pay(sessionId);
    await Promise.all(Array.from({ length: 4 }, () => deliver('checkout.session.completed', sessionId)));
    await deliver('checkout.session.completed', sessionId);
    expect(await history(user.id)).toEqual({
      available: 1000,
      moves: ['subscription 50', 'subscription 950'],
    });
    // Stripe's price changed for the renewals, without proration and without a new cycle: the
    // difference was paid at the checkout, and nothing else was charged on the card.
    const change = updates().find((c) => c.params.has('items[0][price_data][unit_amount]'))!;
    expect(change.params.get('proration_behavior')).toBe('none');
    expect(change.params.get('trial_end')).toBeNull();
    expect(change.idempotencyKey).toBe(`upgrade-${checkout!.id}`);
    const item = stripe.subscriptions.get(subscription.id)!.items.data[0]!;
    expect(item.price?.unit_amount).toBe(7900);
    expect(item.current_period_end).toBe(Math.floor(period.end.getTime() / 1000));
    expect(stripe.charged).toEqual([]);
    expect(stripe.subscriptions.get(subscription.id)?.metadata.planId).toBe('business-monthly');
    expect((await bodyOf(await ctx.request('/api/v1/subscription', { headers }))).subscription).toMatchObject(
      { planId: 'business-monthly', pendingPlanId: null },
    );
    const [paid] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkout!.id));
    expect(paid?.status).toBe('paid');

    // A downgrade changes Stripe's price from the next renewal, without proration, and waits for it here.
    const down = await ctx.request('/api/v1/subscription', {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: 'freelancer-monthly' }),
    });
    expect((await bodyOf(down)).subscription).toMatchObject({
      planId: 'business-monthly',
      pendingPlanId: 'freelancer-monthly',
    });
    const downgrade = stripe.calls.filter((c) => c.path === `/v1/subscriptions/${subscription.id}`).at(-1)!;
    expect(downgrade.params.get('proration_behavior')).toBe('none');
    expect(downgrade.params.get('items[0][price_data][unit_amount]')).toBe('1200');
    await deliver('customer.subscription.updated', subscription.id);
    const waiting = await bodyOf(await ctx.request('/api/v1/subscription', { headers }));
    expect(waiting.subscription.pendingPlanId).toBe('freelancer-monthly');

    const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
    stripe.advance(subscription.id, next);
    await deliver('invoice.paid', stripe.invoice(subscription.id, next, 'subscription_cycle').id);
    expect((await history(user.id)).moves.slice(-2)).toEqual(['expiry -1000', 'subscription 50']);
    expect((await bodyOf(await ctx.request('/api/v1/subscription', { headers }))).subscription).toMatchObject(
      {
        planId: 'freelancer-monthly',
        pendingPlanId: null,
      },
    );
    expect(stripe.subscriptions.get(subscription.id)?.metadata).toMatchObject({
      planId: 'freelancer-monthly',
    });
    expect(stripe.subscriptions.get(subscription.id)?.metadata.pendingPlanId).toBeUndefined();
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'SPRING25'));
    expect(coupon?.planIds).toEqual(['freelancer-yearly']);
  });

  it('an upgrade to a yearly plan starts a paid year at the checkout, never billed twice', async () => {
    const { user, headers, subscription } = await subscribedHalfway();
    const quote = await bodyOf(
      await ctx.request('/api/v1/subscription/upgrade-quote?planId=business-yearly', { headers }),
    );
    // The year's price less the unused half month: €790 − €6.
    expect(Math.abs(quote.amountCents - 78_400)).toBeLessThanOrEqual(1);
    const { sessionId, params } = await startUpgrade(headers, 'business-yearly');
    expect(Number(params.get('line_items[0][price_data][unit_amount]'))).toBe(quote.amountCents);
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerSessionId, sessionId));

    stripe.pay(sessionId);
    await Promise.all(Array.from({ length: 3 }, () => deliver('checkout.session.completed', sessionId)));
    const yearEnd = new Date(checkout!.createdAt);
    yearEnd.setUTCFullYear(yearEnd.getUTCFullYear() + 1);
    const item = stripe.subscriptions.get(subscription.id)!.items.data[0]!;
    expect(item.price).toEqual({ unit_amount: 79000, recurring: { interval: 'year' } });
    expect(item.current_period_end).toBe(Math.floor(yearEnd.getTime() / 1000));
    expect(stripe.charged).toEqual([]);
    expect(await history(user.id)).toEqual({
      available: 12000,
      moves: ['subscription 50', 'expiry -50', 'subscription 12000'],
    });

    // Stripe's invoice for the period it already has paid (nothing to pay) grants nothing more.
    const trial = stripe.invoice(
      subscription.id,
      { start: new Date(item.current_period_start * 1000), end: new Date(item.current_period_end * 1000) },
      'subscription_update',
    );
    await deliver('invoice.paid', trial.id);
    await deliver('customer.subscription.updated', subscription.id);
    expect((await history(user.id)).available).toBe(12000);
    expect((await bodyOf(await ctx.request('/api/v1/subscription', { headers }))).subscription).toMatchObject(
      { planId: 'business-yearly', currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString() },
    );
  });
});
