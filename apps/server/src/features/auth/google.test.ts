import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { checkouts, creditLedger, users } from '../../db/schema';

const CLIENT_ID = 'cuadra-test.apps.googleusercontent.com';
const PASSWORD = 'caballo-grapa-bateria';

/** Stands in for Google: our own RSA keys, published as a JWKS on loopback. */
let jwksServer: Server;
let jwksUrl: string;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

async function idToken(claims: Record<string, unknown>, options: { key?: CryptoKey; kid?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key' })
    .setIssuedAt(now)
    .setExpirationTime((claims.exp as number | undefined) ?? now + 600)
    .sign(options.key ?? googleKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((done) => jwksServer.listen(0, '127.0.0.1', done));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
});
afterAll(() => new Promise((done) => jwksServer.close(done)));

describe(`Google sign-in (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl } });
  });
  afterAll(() => ctx.close());

  const google = (token: string, extra: Record<string, unknown> = {}) =>
    ctx.json('/api/v1/auth/google', { idToken: token, ...extra });

  it('tells the browser Google sign-in is on', async () => {
    expect(await bodyOf(await ctx.request('/api/v1/config'))).toEqual({ googleClientId: CLIENT_ID });
  });

  it('creates a verified accountant with the welcome credits, then signs the same person in by subject', async () => {
    const res = await google(
      await idToken({ sub: 'g-100', email: 'Marta.Lopez@gmail.com', name: 'Marta López' }),
    );
    expect(res.status).toBe(200);
    const first = await bodyOf(res);
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({
      email: 'marta.lopez@gmail.com',
      name: 'Marta López',
      accountType: 'accountant',
      verified: true,
      credits: { available: 3 },
    });
    const me = await ctx.request('/api/v1/me', { headers: { authorization: `Bearer ${first.token}` } });
    expect(me.status).toBe(200);

    // Same Google account, even with a changed email: the subject is the key.
    const again = await bodyOf(await google(await idToken({ sub: 'g-100', email: 'marta@gmail.com' })));
    expect(again).toMatchObject({ created: false, user: { id: first.user.id, credits: { available: 3 } } });
    const ledger = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, first.user.id));
    expect(ledger).toHaveLength(1);
  });

  it('a sign-up with a chosen pack continues to that pack’s checkout, back to settings (spec-1 §7 call 10)', async () => {
    const body = await bodyOf(
      await google(await idToken({ sub: 'g-pack', email: 'pack.buyer@gmail.com' }), { packId: 'large' }),
    );
    expect(body.created).toBe(true);
    expect(body.checkoutUrl).toMatch(/\/dev\/checkout\/[\w-]+$/);
    const id = String(body.checkoutUrl).split('/').at(-1);
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, id as string));
    expect(checkout).toMatchObject({
      userId: body.user.id,
      packId: 'large',
      credits: 150,
      amountCents: 2000,
      returnTo: '/user?checkout=success',
      cancelTo: '/user?cancelled=true',
    });

    // Without a pack there is no checkout; a pack not on sale is refused before an account is made.
    const plain = await bodyOf(await google(await idToken({ sub: 'g-pack', email: 'pack.buyer@gmail.com' })));
    expect(plain.checkoutUrl).toBeUndefined();
    const unknown = await google(await idToken({ sub: 'g-nopack', email: 'no.pack@gmail.com' }), {
      packId: 'gold',
    });
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).error.code).toBe('PACK_NOT_FOUND');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'no.pack@gmail.com'))).toEqual([]);
  });

  it('creates a freelancer when asked', async () => {
    const body = await bodyOf(
      await google(await idToken({ sub: 'g-101', email: 'pablo@gmail.com' }), { accountType: 'freelancer' }),
    );
    expect(body.user.accountType).toBe('freelancer');
  });

  it('refuses tokens for another audience, from another issuer, expired, or signed by another key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      await idToken({ sub: 'g-200', email: 'x@gmail.com', aud: 'someone-else' }),
      await idToken({ sub: 'g-200', email: 'x@gmail.com', iss: 'https://evil.example' }),
      await idToken({ sub: 'g-200', email: 'x@gmail.com', exp: now - 60 }),
      await idToken({ sub: 'g-200', email: 'x@gmail.com' }, { key: strangerKey }),
      'not-a-token',
    ];
    for (const token of bad) {
      const res = await google(token);
      expect(res.status).toBe(401);
      expect((await bodyOf(res)).error.code).toBe('GOOGLE_TOKEN_INVALID');
    }
  });

  it('links a password account only when Google vouches for the email', async () => {
    const register = (email: string) =>
      ctx.json('/api/v1/auth/register', {
        email,
        password: PASSWORD,
        name: 'Ana',
        accountType: 'accountant',
      });

    // A custom domain that Google marks verified but does not host: sign in with the password instead.
    await register('ana@despacho.example');
    const refused = await google(await idToken({ sub: 'g-300', email: 'ana@despacho.example' }));
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).error.code).toBe('GOOGLE_LINK_REQUIRES_PASSWORD');

    // The same domain as a Google Workspace (hd claim): Google vouches, so the accounts are linked.
    await register('eva@asesoria.example');
    const linked = await google(
      await idToken({ sub: 'g-301', email: 'eva@asesoria.example', hd: 'asesoria.example' }),
    );
    expect(linked.status).toBe(200);
    const body = await bodyOf(linked);
    expect(body).toMatchObject({ created: false, user: { email: 'eva@asesoria.example', verified: true } });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'eva@asesoria.example'));
    expect(row?.googleSubject).toBe('g-301');

    // A Gmail address that Google has not verified is not linked either.
    await register('luis@gmail.com');
    const unverified = await google(
      await idToken({ sub: 'g-302', email: 'luis@gmail.com', email_verified: false }),
    );
    expect(unverified.status).toBe(409);
  });

  it('does not sign up an address Google has not verified', async () => {
    const res = await google(await idToken({ sub: 'g-400', email: 'new@gmail.com', email_verified: false }));
    expect(res.status).toBe(403);
    expect((await bodyOf(res)).error.code).toBe('GOOGLE_EMAIL_UNVERIFIED');
  });

  it('signs up an unvouched (non-Gmail, non-Workspace) address unverified and sends our own link', async () => {
    const body = await bodyOf(await google(await idToken({ sub: 'g-500', email: 'rosa@correo.example' })));
    expect(body).toMatchObject({ created: true, user: { verified: false, credits: { available: 0 } } });
    const outbox = await bodyOf(await ctx.request('/dev/mail.json'));
    expect(outbox.some((m: { to: string }) => m.to === 'rosa@correo.example')).toBe(true);
  });
});

describe(`Google sign-in when not configured (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is hidden from the browser and refused by the API', async () => {
    expect(await bodyOf(await ctx.request('/api/v1/config'))).toEqual({ googleClientId: null });
    const res = await ctx.json('/api/v1/auth/google', {
      idToken: await idToken({ sub: 'g-1', email: 'a@gmail.com' }),
    });
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).error.code).toBe('GOOGLE_NOT_CONFIGURED');
  });
});
