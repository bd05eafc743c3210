import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createSignedInUser, createTestContext, TEST_DB, type TestContext } from '../../test/harness';
import { checkServedDirectly, loadConfig } from '../config';
import { creditBalances } from '../db/schema';

/** What @hono/node-server hands the app for a request that arrived on a socket from `address`. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const availableCredits = async (ctx: TestContext, userId: string) =>
  (await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, userId)))[0]?.available ?? 0;

describe('which mode the server runs in', () => {
  it('is a local trial on loopback by default, and a deployment when the operator says production', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'local', HOST: '127.0.0.1' });
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).mode).toBe('deployment');
    // `npm start` runs with NODE_ENV=production and says it is a local trial.
    expect(loadConfig({ NODE_ENV: 'production', CUADRA_MODE: 'local' }).mode).toBe('local');
  });

  it('is always a deployment when it listens beyond loopback', () => {
    expect(loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' }).mode).toBe('deployment');
    expect(() => loadConfig({ HOST: '0.0.0.0', CUADRA_MODE: 'local' })).toThrow(/CUADRA_MODE/);
  });

  it('refuses to serve a local trial on loopback behind a PUBLIC_URL of another host, naming PUBLIC_URL', () => {
    const behindProxy = loadConfig({ PUBLIC_URL: 'https://cuadra.example.com' });
    expect(behindProxy.mode).toBe('local');
    expect(() => checkServedDirectly(behindProxy)).toThrow(/PUBLIC_URL: names cuadra\.example\.com/);
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3106', 'http://[::1]:3000'])
      expect(() => checkServedDirectly(loadConfig({ PUBLIC_URL: url })), url).not.toThrow();
    // A deployment behind its proxy names its own address.
    const deployment = loadConfig({
      PUBLIC_URL: 'https://cuadra.example.com',
      NODE_ENV: 'production',
      MAIL_OUTBOX: '1',
    });
    expect(() => checkServedDirectly(deployment)).not.toThrow();
  });

  it('refuses to start a deployment without SMTP_URL, naming it, unless the outbox is wanted on purpose', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1' }).mode).toBe('deployment');
  });
});

describe(`a deployment never mounts the local stand-ins (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { NODE_ENV: 'production', MAIL_OUTBOX: '1' } });
  });
  afterAll(() => ctx.close());

  it('answers 404 at /dev/mail.json even from loopback, though the outbox holds a reset link', async () => {
    const { user } = await createSignedInUser(ctx);
    await ctx.json('/api/v1/auth/password-reset', { email: user.email });
    for (const path of ['/dev/mail.json', '/dev/mail']) {
      const res = await ctx.app.request(path, {}, from('127.0.0.1'));
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('reset-password');
    }
  });

  it('offers no local checkout without STRIPE_SECRET_KEY: buying says payments are not configured', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const res = await ctx.json('/api/v1/checkout', { packId: 'large', returnTo: '/user' }, { headers });
    expect(res.status).toBe(503);
    expect((await bodyOf(res)).error.code).toBe('PAYMENTS_NOT_CONFIGURED');
    expect((await ctx.request('/dev/checkout/00000000-0000-7000-8000-000000000000')).status).toBe(404);
    expect(await availableCredits(ctx, user.id)).toBe(0);
    expect((await bodyOf(await ctx.request('/api/v1/packs'))).paymentsConfigured).toBe(false);
  });

  it('says which mode it is in at /api/health', async () => {
    expect((await bodyOf(await ctx.request('/api/health'))).mode).toBe('deployment');
  });
});

describe(`a local trial serves its stand-ins to this machine only (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('shows the outbox to a loopback client, and to nobody else', async () => {
    const { user } = await createSignedInUser(ctx);
    await ctx.json('/api/v1/auth/password-reset', { email: user.email });
    const local = await ctx.app.request('/dev/mail.json', {}, from('127.0.0.1'));
    expect(JSON.stringify(await bodyOf(local))).toContain('reset-password?token=');
    expect((await ctx.app.request('/dev/mail.json', {}, from('::1'))).status).toBe(200);

    const refused = [
      ctx.app.request('/dev/mail.json', {}, from('203.0.113.7')),
      ctx.app.request('/dev/mail', {}, from('::ffff:192.168.1.20')),
      // A proxy on this machine relaying someone else.
      ctx.app.request('/dev/mail.json', { headers: { 'x-forwarded-for': '203.0.113.7' } }, from('127.0.0.1')),
      // A foreign page whose name was rebound to 127.0.0.1.
      ctx.app.request('/dev/mail.json', { headers: { host: 'evil.example:3000' } }, from('127.0.0.1')),
      // Proxies on this machine that say so in any of their headers, however little they add.
      ...(
        [
          { forwarded: 'for=203.0.113.7' },
          { via: '1.1 nginx' },
          { 'x-real-ip': '203.0.113.7' },
          { 'x-forwarded-host': 'cuadra.example' },
          { 'x-forwarded-proto': 'https' },
          { 'x-forwarded-port': '443' },
        ] as Record<string, string>[]
      ).map((headers) => ctx.app.request('/dev/mail.json', { headers }, from('127.0.0.1'))),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('token=');
    }
    expect((await bodyOf(await ctx.request('/api/health'))).mode).toBe('local');
  });

  it('settles a checkout only from its own page: a foreign or missing Origin is refused', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const { url } = await bodyOf(
      await ctx.json('/api/v1/checkout', { packId: 'large', returnTo: '/user' }, { headers }),
    );
    const pay = `${new URL(url).pathname}/pay`;
    const attempts: Record<string, string>[] = [{ origin: 'http://evil.example' }, {}, { origin: 'null' }];
    for (const attempt of attempts) {
      const res = await ctx.request(pay, { method: 'POST', headers: attempt });
      expect(res.status, JSON.stringify(attempt)).toBe(403);
      expect((await bodyOf(res)).error.code).toBe('CROSS_ORIGIN_REFUSED');
    }
    expect(await availableCredits(ctx, user.id)).toBe(0);

    const paid = await ctx.request(pay, { method: 'POST', headers: { origin: 'http://localhost' } });
    expect(paid.status).toBe(303);
    expect(await availableCredits(ctx, user.id)).toBe(150);
  });

  it('says test mode on its page, and answers 404 for an id that is not one', async () => {
    const { headers } = await createSignedInUser(ctx);
    const { url } = await bodyOf(
      await ctx.json('/api/v1/checkout', { packId: 'small', returnTo: '/user' }, { headers }),
    );
    const page = await (await ctx.request(new URL(url).pathname)).text();
    expect(page).toMatch(/<title>[^<]*test mode/);
    expect(page).toContain('TEST MODE');
    for (const id of ['0'.repeat(36), '00000000-0000-0000-0000-000000000000', 'x']) {
      expect((await ctx.request(`/dev/checkout/${id}`)).status, id).toBe(404);
    }
  });
});
