import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { loadConfig } from '../../config';
import { checkouts, creditBalances, creditLedger, creditPacks, users } from '../../db/schema';
import { reconcileCheckouts } from './service';

/** The local checkout takes only posts from its own pages; `app.request()` URLs are on http://localhost. */
const SAME_ORIGIN = { origin: 'http://localhost' };

async function balanceOf(ctx: TestContext, userId: string) {
  const [row] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
  const entries = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return { available: row?.available ?? 0, purchases: entries.filter((e) => e.kind === 'purchase') };
}

describe(`credit packs and the local checkout (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://app.cuadra.test' } });
  });
  afterAll(() => ctx.close());

  const checkout = (headers: Record<string, string>, body: Record<string, unknown>) =>
    ctx.json('/api/v1/checkout', body, { headers });

  it('lists the active packs with their savings, to visitors too', async () => {
    const res = await ctx.request('/api/v1/packs');
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).packs).toEqual([
      {
        id: 'small',
        credits: 33,
        amountCents: 600,
        originalAmountCents: 900,
        currency: 'eur',
        popular: false,
        savingPercent: 33,
      },
      {
        id: 'large',
        credits: 150,
        amountCents: 2000,
        originalAmountCents: 4500,
        currency: 'eur',
        popular: true,
        savingPercent: 56,
      },
    ]);
  });

  it('lets go of the plan chosen before signing up once it is paid, or another plan’s checkout starts', async () => {
    const chosenOf = async (userId: string) =>
      (await ctx.db.select().from(users).where(eq(users.id, userId)))[0]?.chosenPlanId;
    const { user, headers } = await createSignedInUser(ctx);
    await ctx.db.update(users).set({ chosenPlanId: 'large' }).where(eq(users.id, user.id));
    const started = await bodyOf(await checkout(headers, { packId: 'large', returnTo: '/credits' }));
    expect(await chosenOf(user.id)).toBe('large'); // started, not paid: the next sign-in offers it again
    const path = new URL(started.url).pathname;
    expect((await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN })).status).toBe(303);
    expect(await chosenOf(user.id)).toBeNull();

    const other = await createSignedInUser(ctx);
    await ctx.db.update(users).set({ chosenPlanId: 'large' }).where(eq(users.id, other.user.id));
    expect((await checkout(other.headers, { planId: 'small', returnTo: '/credits' })).status).toBe(201);
    expect(await chosenOf(other.user.id)).toBeNull();
  });

  it('sells the Large pack through the test-mode page and grants 150 credits exactly once', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const res = await checkout(headers, { packId: 'large', returnTo: '/user?checkout=success' });
    expect(res.status).toBe(201);
    const { url } = await bodyOf(res);
    expect(url).toMatch(/^https:\/\/app\.cuadra\.test\/dev\/checkout\/[0-9a-f-]{36}$/);
    const path = new URL(url).pathname;

    const page = await ctx.request(path, { headers: { 'accept-language': 'es-ES' } });
    const html = await page.text();
    expect(html).toContain('MODO DE PRUEBA');
    expect(html).toContain('150 créditos');
    expect(html).toContain('20,00');

    const paid = await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/user?checkout=success');
    expect(await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN })).toHaveProperty(
      'status',
      303,
    );

    const { available, purchases } = await balanceOf(ctx, user.id);
    expect(available).toBe(150);
    expect(purchases.map((p) => p.amount)).toEqual([150]);
  });

  it('replaces {CHECKOUT_SESSION_ID} in the return path, as Stripe does for the pricing page', async () => {
    const { headers } = await createSignedInUser(ctx);
    const { url } = await bodyOf(
      await checkout(headers, { packId: 'small', returnTo: '/credits?session_id={CHECKOUT_SESSION_ID}' }),
    );
    const id = new URL(url).pathname.split('/').at(-1);
    const paid = await ctx.request(`${new URL(url).pathname}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    expect(paid.headers.get('location')).toBe(`/credits?session_id=${id}`);
  });

  it('says a session is paid only to its buyer, once paid (issue 36, item 17)', async () => {
    const { headers } = await createSignedInUser(ctx);
    const { url } = await bodyOf(
      await checkout(headers, { packId: 'small', returnTo: '/credits?session_id={CHECKOUT_SESSION_ID}' }),
    );
    const id = new URL(url).pathname.split('/').at(-1)!;
    const statusOf = async (sessionId: string, who = headers) => {
      const res = await ctx.request(`/api/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, {
        headers: who,
      });
      return res.status === 200 ? (await bodyOf(res)).status : (await bodyOf(res)).error.code;
    };
    expect(await statusOf(id)).toBe('open');
    await ctx.request(`${new URL(url).pathname}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    expect(await statusOf(id)).toBe('paid');
    expect(await statusOf('anything')).toBe('CHECKOUT_NOT_FOUND');
    expect(await statusOf('00000000-0000-4000-8000-000000000000')).toBe('CHECKOUT_NOT_FOUND');
    const stranger = await createSignedInUser(ctx);
    expect(await statusOf(id, stranger.headers)).toBe('CHECKOUT_NOT_FOUND');
    expect((await ctx.request(`/api/v1/checkout/sessions/${id}`)).status).toBe(401);
  });

  it('grants nothing for a cancelled checkout, even if Pay is pressed afterwards', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const { url } = await bodyOf(
      await checkout(headers, { packId: 'small', returnTo: '/credits?session_id={CHECKOUT_SESSION_ID}' }),
    );
    const path = new URL(url).pathname;
    const cancelled = await ctx.request(`${path}/cancel`, { method: 'POST', headers: SAME_ORIGIN });
    expect(cancelled.headers.get('location')).toBe('/credits?cancelled=true');
    await ctx.request(`${path}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    expect((await balanceOf(ctx, user.id)).available).toBe(0);
  });

  it('charges the server’s price whatever the browser sends', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const res = await checkout(headers, {
      packId: 'large',
      returnTo: '/user',
      amountCents: 1,
      credits: 100000,
      price: 0,
    });
    expect(res.status).toBe(201);
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(row).toMatchObject({ packId: 'large', credits: 150, amountCents: 2000, currency: 'eur' });
  });

  it('refuses unknown or retired packs, other sites as return addresses, and anonymous callers', async () => {
    const { headers } = await createSignedInUser(ctx);
    const unknown = await checkout(headers, { packId: 'huge', returnTo: '/user' });
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).error.code).toBe('PACK_NOT_FOUND');

    await ctx.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, 'small'));
    expect((await checkout(headers, { packId: 'small', returnTo: '/user' })).status).toBe(404);
    expect((await bodyOf(await ctx.request('/api/v1/packs'))).packs.map((p: { id: string }) => p.id)).toEqual(
      ['large'],
    );
    await ctx.db.update(creditPacks).set({ active: true }).where(eq(creditPacks.id, 'small'));

    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'user']) {
      const res = await checkout(headers, { packId: 'large', returnTo });
      expect(res.status, returnTo).toBe(400);
    }
    expect((await ctx.json('/api/v1/checkout', { packId: 'large', returnTo: '/user' })).status).toBe(401);
    expect((await ctx.request('/dev/checkout/00000000-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('shows the user’s credit history newest first, a page at a time', async () => {
    const { headers } = await createSignedInUser(ctx);
    for (const packId of ['small', 'large', 'small']) {
      const { url } = await bodyOf(await checkout(headers, { packId, returnTo: '/user' }));
      await ctx.request(`${new URL(url).pathname}/pay`, { method: 'POST', headers: SAME_ORIGIN });
    }
    const first = await bodyOf(await ctx.request('/api/v1/credits/ledger?limit=2', { headers }));
    expect(first.entries.map((e: { amount: number }) => e.amount)).toEqual([33, 150]);
    expect(first.entries[0].kind).toBe('purchase');
    const second = await bodyOf(
      await ctx.request(`/api/v1/credits/ledger?limit=2&cursor=${first.nextCursor}`, { headers }),
    );
    expect(second).toMatchObject({ entries: [{ amount: 33 }], nextCursor: null });
    expect((await ctx.request('/api/v1/credits/ledger')).status).toBe(401);
  });
});

describe(`Stripe Checkout and its webhooks (${TEST_DB})`, () => {
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
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });

  async function buy(packId = 'large') {
    const signedIn = await createSignedInUser(ctx);
    const res = await ctx.json(
      '/api/v1/checkout',
      { packId, returnTo: '/user?checkout=success' },
      { headers: signedIn.headers },
    );
    expect(res.status).toBe(201);
    const sessionId = stripe.created.length && [...stripe.sessions.keys()].at(-1)!;
    return { ...signedIn, url: (await bodyOf(res)).url as string, sessionId: sessionId as string };
  }
  const deliver = (delivery: { payload: string; signature: string }, signature = delivery.signature) =>
    ctx.request('/api/v1/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: delivery.payload,
    });

  it('creates a payment session at the server’s price, once per checkout', async () => {
    const { url, sessionId } = await buy('large');
    expect(url).toBe(`https://checkout.stripe.test/pay/${sessionId}`);
    const { params, idempotencyKey } = stripe.created.at(-1)!;
    expect(params.get('mode')).toBe('payment');
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    expect(params.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(params.get('metadata[packId]')).toBe('large');
    expect(params.get('success_url')).toBe('https://app.cuadra.test/user?checkout=success');
    expect(idempotencyKey).toMatch(/^checkout-/);
  });

  it('says so when Stripe refuses, and keeps no open checkout', async () => {
    const { headers } = await createSignedInUser(ctx);
    stripe.failNextCreate();
    const res = await ctx.json('/api/v1/checkout', { packId: 'small', returnTo: '/user' }, { headers });
    expect(res.status).toBe(502);
    expect((await bodyOf(res)).error.code).toBe('CHECKOUT_FAILED');
  });

  it('rejects forged deliveries and grants nothing', async () => {
    const { user, sessionId } = await buy();
    stripe.pay(sessionId);
    const genuine = stripe.event('checkout.session.completed', sessionId, SECRET);
    const forgeries = [
      deliver(genuine, ''),
      deliver(stripe.event('checkout.session.completed', sessionId, 'whsec_wrong')),
      deliver({ ...genuine, payload: genuine.payload.replace('"paid"', '"paid" ') }),
      deliver(
        stripe.event('checkout.session.completed', sessionId, SECRET, Math.floor(Date.now() / 1000) - 301),
      ),
    ];
    for (const res of await Promise.all(forgeries)) {
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await balanceOf(ctx, user.id)).available).toBe(0);
    expect((await deliver(genuine)).status).toBe(200);
    expect((await balanceOf(ctx, user.id)).available).toBe(150);
  });

  it('grants once when the same event arrives ten times at once', async () => {
    const { user, sessionId } = await buy();
    stripe.pay(sessionId);
    const delivery = stripe.event('checkout.session.completed', sessionId, SECRET);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const { available, purchases } = await balanceOf(ctx, user.id);
    expect(available).toBe(150);
    expect(purchases).toHaveLength(1);
  });

  it('waits for an asynchronous payment, then grants once, in either order of events', async () => {
    const first = await buy();
    await deliver(stripe.event('checkout.session.completed', first.sessionId, SECRET)); // unpaid yet
    expect((await balanceOf(ctx, first.user.id)).available).toBe(0);
    stripe.pay(first.sessionId);
    await deliver(stripe.event('checkout.session.async_payment_succeeded', first.sessionId, SECRET));
    await deliver(stripe.event('checkout.session.completed', first.sessionId, SECRET));
    expect((await balanceOf(ctx, first.user.id)).purchases).toHaveLength(1);

    const reversed = await buy();
    stripe.pay(reversed.sessionId);
    await deliver(stripe.event('checkout.session.async_payment_succeeded', reversed.sessionId, SECRET));
    await deliver(stripe.event('checkout.session.completed', reversed.sessionId, SECRET));
    expect(await balanceOf(ctx, reversed.user.id)).toMatchObject({
      available: 150,
      purchases: [{ amount: 150 }],
    });
  });

  it('asks Stripe about an open session when its buyer comes back, before saying it is paid', async () => {
    const { headers, sessionId } = await buy('small');
    const statusOf = async () =>
      (await bodyOf(await ctx.request(`/api/v1/checkout/sessions/${sessionId}`, { headers }))).status;
    expect(await statusOf()).toBe('open');
    stripe.pay(sessionId); // paid at Stripe, its webhook not delivered yet
    expect(await statusOf()).toBe('paid');
  });

  it('grants nothing when an asynchronous payment fails', async () => {
    const { user, sessionId } = await buy('small');
    await deliver(stripe.event('checkout.session.completed', sessionId, SECRET));
    await deliver(stripe.event('checkout.session.async_payment_failed', sessionId, SECRET));
    expect((await balanceOf(ctx, user.id)).available).toBe(0);
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId));
    expect(row?.status).toBe('failed');
  });

  it('answers 200 to a signed event about a session it does not know, and logs it, so Stripe stops', async () => {
    const warned = vi.spyOn(ctx.services.logger, 'warn');
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_failed']) {
      const res = await deliver(stripe.event(type, 'cs_test_unknown_session', SECRET));
      expect(res.status, type).toBe(200);
    }
    expect(
      warned.mock.calls.filter(([fields]) => JSON.stringify(fields).includes('cs_test_unknown_session')),
    ).toHaveLength(2);
    warned.mockRestore();
    // A session Stripe knows but that is no checkout of ours: 200 as well.
    const { sessionId } = await buy('small');
    await ctx.db.delete(checkouts).where(eq(checkouts.providerSessionId, sessionId));
    expect((await deliver(stripe.event('checkout.session.completed', sessionId, SECRET))).status).toBe(200);
  });

  it('settles a paid session whose webhook never came', async () => {
    const { user, sessionId } = await buy('small');
    stripe.pay(sessionId);
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await reconcileCheckouts(ctx.services, ctx.services.payments, later)).toBeGreaterThan(0);
    expect((await balanceOf(ctx, user.id)).available).toBe(33);
  });

  it('has no local checkout page when Stripe is configured', async () => {
    expect((await ctx.request('/dev/checkout/00000000-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('refuses to start with a Stripe key but no webhook secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
