import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { hashOneTimeToken } from '../../access/tokens';
import { authTokens, creditBalances, creditLedger, users } from '../../db/schema';
import { listOutbox } from '../../mail/mailer';

const PASSWORD = 'caballo-grapa-bateria';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}@example.com`;
const nextAddress = () => `10.1.${Math.floor(++counter / 250)}.${counter % 250}`;

describe(`accounts and sessions (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Each request comes from its own address (through a trusted proxy), so only throttling.test.ts throttles.
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://app.cuadra.test', TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  const register = (fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    ctx.json(
      '/api/v1/auth/register',
      {
        email: uniqueEmail('user'),
        password: PASSWORD,
        name: 'Ana García',
        accountType: 'accountant',
        ...fields,
      },
      { headers: { 'x-forwarded-for': nextAddress(), ...headers } },
    );
  const login = (email: string, password = PASSWORD) =>
    ctx.json('/api/v1/auth/login', { email, password }, { headers: { 'x-forwarded-for': nextAddress() } });
  const me = (token: string) => ctx.request('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });

  /** The token of the newest link of this kind sent to `email`, read from the outbox as a user would. */
  async function linkToken(email: string, path: '/verify-email' | '/reset-password') {
    const mails = (await listOutbox(ctx.db)).filter((m) => m.to === email);
    const match = mails
      .map((m) => new RegExp(`https://app\\.cuadra\\.test${path}\\?token=([\\w-]+)`).exec(m.text))
      .find(Boolean);
    if (!match?.[1]) throw new Error(`No ${path} link for ${email}`);
    return match[1];
  }
  async function signUpAndLogIn(fields: Record<string, unknown> = {}) {
    const email = uniqueEmail('session');
    expect((await register({ email, ...fields })).status).toBe(201);
    const res = await login(email);
    expect(res.status).toBe(200);
    const { token, user } = await bodyOf(res);
    return { email, token: token as string, user };
  }

  describe('sign-up', () => {
    it('creates the account with a normalised email, an argon2id hash and the trimmed coupon', async () => {
      const res = await register({ email: '  New.Person@Example.COM ', couponCode: '  LAUNCH40 ' });
      expect(res.status).toBe(201);
      expect(await bodyOf(res)).toEqual({ email: 'new.person@example.com', verificationSent: true });
      const [row] = await ctx.db.select().from(users).where(eq(users.email, 'new.person@example.com'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.passwordHash).not.toContain(PASSWORD);
      expect(row?.couponCode).toBe('LAUNCH40');
      expect(row?.emailVerifiedAt).toBeNull();

      const email = uniqueEmail('nocoupon');
      await register({ email, couponCode: '   ' });
      const [plain] = await ctx.db.select().from(users).where(eq(users.email, email));
      expect(plain?.couponCode).toBeNull();
    });

    it('answers a taken address exactly as a new one, and emails its owner instead of making an account', async () => {
      const email = uniqueEmail('taken');
      await register({ email, name: 'Owner' });
      const fresh = await register({ email: uniqueEmail('fresh') });
      const taken = await register({
        email: email.toUpperCase(),
        name: 'Intruder',
        password: 'otra-clave-larga',
      });
      expect(taken.status).toBe(fresh.status);
      const [takenBody, freshBody] = [await bodyOf(taken), await bodyOf(fresh)];
      expect(Object.keys(takenBody)).toEqual(Object.keys(freshBody));
      expect(takenBody).toEqual({ email, verificationSent: true });

      const rows = await ctx.db.select().from(users).where(eq(users.email, email));
      expect(rows.map((row) => row.name)).toEqual(['Owner']);
      const [note] = (await listOutbox(ctx.db)).filter((m) => m.to === email);
      expect(note?.subject).toBe('You already have a Cuadra account');
      expect(note?.text).toContain('https://app.cuadra.test/login');
      // The owner's password still works; the intruder's does not.
      expect((await login(email)).status).toBe(200);
      expect((await login(email, 'otra-clave-larga')).status).toBe(401);
    });

    it('takes 8 to 128 characters, refuses common passwords, and does not truncate long ones', async () => {
      expect((await bodyOf(await register({ password: 'short7!' }))).error.code).toBe('VALIDATION_FAILED');
      expect((await register({ password: 'x'.repeat(129) })).status).toBe(400);
      const common = await register({ password: 'Password123!' });
      expect(common.status).toBe(400);
      expect((await bodyOf(common)).error).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Please choose one that is harder to guess.',
      });

      const email = uniqueEmail('long');
      const long = `${'añ7Q'.repeat(31)}zyxw`; // 128 characters
      expect(long).toHaveLength(128);
      expect((await register({ email, password: long })).status).toBe(201);
      expect((await login(email, long)).status).toBe(200);
      expect((await login(email, long.slice(0, 127))).status).toBe(401);
      expect((await login(email, long.slice(0, 72))).status).toBe(401);
    });

    it('refuses a missing name, an invalid email and an unknown account type', async () => {
      for (const fields of [{ name: '  ' }, { email: 'not-an-email' }, { accountType: 'admin' }]) {
        const res = await register(fields);
        expect(res.status).toBe(400);
        expect((await bodyOf(res)).error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('emails a verification link in the user’s language, built from PUBLIC_URL and not the Host header', async () => {
      const email = uniqueEmail('es');
      await register({ email }, { 'accept-language': 'es-ES,es;q=0.9', host: 'evil.example' });
      const [mail] = (await listOutbox(ctx.db)).filter((m) => m.to === email);
      expect(mail?.subject).toBe('Confirma tu correo electrónico en Cuadra');
      expect(mail?.text).toContain('Hola, Ana García:');
      expect(mail?.text).toContain('https://app.cuadra.test/verify-email?token=');
      expect(mail?.html).toContain('href="https://app.cuadra.test/verify-email?token=');
      expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');

      const english = uniqueEmail('en');
      await register({ email: english, locale: 'en' }, { 'accept-language': 'es' });
      const [mailEn] = (await listOutbox(ctx.db)).filter((m) => m.to === english);
      expect(mailEn?.subject).toBe('Confirm your email for Cuadra');
    });

    it('keeps only a SHA-256 of the link’s token, with at least 128 random bits and a 48-hour expiry', async () => {
      const email = uniqueEmail('hash');
      await register({ email });
      const token = await linkToken(email, '/verify-email');
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const rows = await ctx.db.select().from(authTokens);
      expect(rows.some((r) => r.tokenHash === token)).toBe(false);
      const [row] = rows.filter((r) => r.tokenHash === hashOneTimeToken(token));
      expect(row?.purpose).toBe('verify_email');
      const hours = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 3_600_000;
      expect(hours).toBeCloseTo(48, 1);
    });
  });

  describe('login', () => {
    it('returns a token and the user the browser reads', async () => {
      const { token, user } = await signUpAndLogIn({ name: 'Luis', accountType: 'freelancer' });
      expect(token.split('.')).toHaveLength(3);
      expect(user).toMatchObject({
        name: 'Luis',
        accountType: 'freelancer',
        subscriptionType: 'freelancer',
        status: 'active',
        verified: false,
        registrationStep: 1,
        credits: { available: 0, lastPurchase: null, lastUsage: null },
      });
      const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      expect(header.alg).toBe('HS256');
      expect(claims).toMatchObject({ sub: user.id, typ: 'access', ver: 0 });
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    });

    it('gives the same answer for an unknown email and a wrong password', async () => {
      const { email } = await signUpAndLogIn();
      const wrong = await login(email, 'not-the-password');
      const unknown = await login(uniqueEmail('nobody'), 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const body = await bodyOf(wrong);
      expect(body).toEqual(await bodyOf(unknown));
      expect(body.error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid username or password. Please try again.',
      });
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const { email } = await signUpAndLogIn();
      expect((await login(`  ${email.toUpperCase()} `)).status).toBe(200);
    });
  });

  describe('access tokens', () => {
    it('GET /me answers the signed-in user, and 401 without a token', async () => {
      const { token, user } = await signUpAndLogIn();
      const res = await me(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await bodyOf(res);
      expect(body).toMatchObject({ id: user.id, email: user.email, verified: false });
      expect(Object.keys(body).sort()).toEqual(
        [
          'accountType',
          'chosenPlanId',
          'credits',
          'email',
          'firmRole',
          'id',
          'locale',
          'name',
          'registrationStep',
          'status',
          'subscriptionType',
          'verified',
        ].sort(),
      );
      expect(Object.keys(body.credits).sort()).toEqual([
        'available',
        'lastCheck',
        'lastPurchase',
        'lastUsage',
      ]);
      const anonymous = await ctx.request('/api/v1/me');
      expect(anonymous.status).toBe(401);
      expect((await bodyOf(anonymous)).error.code).toBe('UNAUTHORIZED');
    });

    it('refuses tampered, expired, unsigned, wrongly typed and foreign-key tokens', async () => {
      const { token, user } = await signUpAndLogIn();
      const key = ctx.services.auth.accessKey;
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);

      const tampered = `${header}.${encode({ ...claims, sub: '00000000-0000-7000-8000-000000000000' })}.${signature}`;
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      const expired = await new SignJWT({ typ: 'access', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(key);
      const wrongType = await new SignJWT({ typ: 'verify_email', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime(now + 3600)
        .sign(key);
      const noExpiry = await new SignJWT({ typ: 'access', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .sign(key);
      const otherKey = await new SignJWT({ typ: 'access', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode('x'.repeat(64)));

      expect((await me(token)).status).toBe(200);
      for (const bad of [tampered, unsigned, expired, wrongType, noExpiry, otherKey, 'garbage', '']) {
        expect((await me(bad)).status, bad).toBe(401);
      }
    });

    it('never accepts an emailed one-time token as an access token', async () => {
      const email = uniqueEmail('onetime');
      await register({ email });
      const token = await linkToken(email, '/verify-email');
      expect((await me(token)).status).toBe(401);
    });

    it('sign out everywhere voids every earlier token', async () => {
      const { email, token } = await signUpAndLogIn();
      const second = (await bodyOf(await login(email))).token;
      const res = await ctx.json(
        '/api/v1/auth/logout-everywhere',
        {},
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.status).toBe(200);
      expect((await me(token)).status).toBe(401);
      expect((await me(second)).status).toBe(401);
      const fresh = (await bodyOf(await login(email))).token;
      expect((await me(fresh)).status).toBe(200);
    });
  });

  describe('a plan chosen before signing up (issue 16 item 4)', () => {
    const verify = (token: string) => ctx.json('/api/v1/auth/verify-email', { token });
    const patchMe = (token: string, body: unknown) =>
      ctx.json('/api/v1/me', body, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } });

    it('is kept on the account and answered by verification, login and /me, whatever the browser', async () => {
      const email = uniqueEmail('chosen');
      expect((await register({ email, planId: 'large' })).status).toBe(201);
      const verified = await verify(await linkToken(email, '/verify-email'));
      expect((await bodyOf(verified)).user).toMatchObject({ verified: true, chosenPlanId: 'large' });
      const { token, user } = await bodyOf(await login(email));
      expect(user.chosenPlanId).toBe('large');
      expect((await bodyOf(await me(token))).chosenPlanId).toBe('large');

      // Dismissed: gone from the account.
      const dismissed = await patchMe(token, { chosenPlanId: null });
      expect(dismissed.status).toBe(200);
      expect((await bodyOf(dismissed)).chosenPlanId).toBeNull();
      expect((await bodyOf(await me(token))).chosenPlanId).toBeNull();
      // Only letting go is possible there; a plan is chosen by signing up with it or by paying.
      expect((await patchMe(token, { chosenPlanId: 'small' })).status).toBe(400);
    });

    it('is none without one, refuses plans not sold online, and never touches a taken address', async () => {
      const plain = await signUpAndLogIn();
      expect(plain.user.chosenPlanId).toBeNull();
      for (const planId of ['enterprise', 'huge', '']) {
        const res = await register({ planId });
        expect(res.status, planId).toBe(400);
        expect((await bodyOf(res)).error.code).toBe('VALIDATION_FAILED');
      }
      const owner = await signUpAndLogIn({ planId: 'freelancer-yearly' });
      expect(owner.user.chosenPlanId).toBe('freelancer-yearly');
      expect((await register({ email: owner.email, planId: 'small' })).status).toBe(201);
      expect((await bodyOf(await me(owner.token))).chosenPlanId).toBe('freelancer-yearly');
    });
  });

  describe('email verification', () => {
    const verify = (token: string) => ctx.json('/api/v1/auth/verify-email', { token });

    it('verifies once, grants the 3 welcome credits as a ledger entry, then says already verified', async () => {
      const { email, token: session } = await signUpAndLogIn();
      const token = await linkToken(email, '/verify-email');
      const res = await verify(token);
      expect(res.status).toBe(200);
      const body = await bodyOf(res);
      expect(body).toMatchObject({ alreadyVerified: false, creditsGranted: 3 });
      expect(body.user).toMatchObject({ verified: true, registrationStep: 2, credits: { available: 3 } });
      expect((await bodyOf(await me(session))).credits.available).toBe(3);

      const again = await verify(token);
      expect(again.status).toBe(200);
      expect(await bodyOf(again)).toEqual({ alreadyVerified: true, creditsGranted: 0 });
      const ledger = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, body.user.id));
      expect(ledger).toEqual([
        expect.objectContaining({ kind: 'grant', amount: 3, reference: `welcome:${body.user.id}` }),
      ]);
    });

    it('grants the welcome credits once under concurrent requests, with the same or another link', async () => {
      const { email, token: session, user } = await signUpAndLogIn();
      const resend = await ctx.json(
        '/api/v1/auth/resend-verification',
        {},
        { headers: { authorization: `Bearer ${session}` } },
      );
      expect(resend.status).toBe(200);
      const mails = (await listOutbox(ctx.db)).filter((m) => m.to === email);
      const tokens = mails.map((m) => /token=([\w-]+)/.exec(m.text)?.[1] ?? '');
      expect(new Set(tokens).size).toBe(2);

      const answers = await Promise.all(
        [...tokens, ...tokens, ...tokens].map(async (t) => bodyOf(await verify(t))),
      );
      expect(answers.filter((a) => a.alreadyVerified === false)).toHaveLength(1);
      expect(answers.reduce((sum, a) => sum + a.creditsGranted, 0)).toBe(3);
      const ledger = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(ledger).toHaveLength(1);
      const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
      expect(balance?.available).toBe(3);
    });

    it('says expired for an old link and invalid for an unknown one, with their messages', async () => {
      const email = uniqueEmail('expired');
      await register({ email });
      const token = await linkToken(email, '/verify-email');
      await ctx.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, hashOneTimeToken(token)));
      const expired = await verify(token);
      expect(expired.status).toBe(400);
      expect((await bodyOf(expired)).error).toEqual({
        code: 'TOKEN_EXPIRED',
        message: 'This link has expired. Please request a new one.',
      });
      const invalid = await verify('A'.repeat(43));
      expect(invalid.status).toBe(400);
      expect((await bodyOf(invalid)).error.code).toBe('TOKEN_INVALID');
      expect((await verify('')).status).toBe(400);
    });

    it('says user not found when the account is gone', async () => {
      const email = uniqueEmail('gone');
      await register({ email });
      const token = await linkToken(email, '/verify-email');
      await ctx.db.delete(users).where(eq(users.email, email));
      const res = await verify(token);
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).error.code).toBe('USER_NOT_FOUND');
    });

    it('does not take a password-reset token as a verification token, nor the other way round', async () => {
      const email = uniqueEmail('foreign');
      await register({ email });
      await ctx.json('/api/v1/auth/password-reset', { email });
      const resetToken = await linkToken(email, '/reset-password');
      const verifyToken = await linkToken(email, '/verify-email');
      expect((await bodyOf(await verify(resetToken))).error.code).toBe('TOKEN_INVALID');
      const confirm = await ctx.json('/api/v1/auth/password-reset/confirm', {
        token: verifyToken,
        password: 'otra-clave-segura-9',
      });
      expect((await bodyOf(confirm)).error.code).toBe('TOKEN_INVALID');
    });

    it('resends only to a signed-in user, and only while unverified', async () => {
      expect((await ctx.json('/api/v1/auth/resend-verification', {})).status).toBe(401);
      const { email, token } = await signUpAndLogIn();
      const auth = { headers: { authorization: `Bearer ${token}` } };
      expect(await bodyOf(await ctx.json('/api/v1/auth/resend-verification', {}, auth))).toEqual({
        sent: true,
        alreadyVerified: false,
      });
      await verify(await linkToken(email, '/verify-email'));
      expect(await bodyOf(await ctx.json('/api/v1/auth/resend-verification', {}, auth))).toEqual({
        sent: false,
        alreadyVerified: true,
      });
    });
  });

  describe('password reset', () => {
    const reset = (email: string) =>
      ctx.json('/api/v1/auth/password-reset', { email }, { headers: { 'x-forwarded-for': nextAddress() } });
    const confirm = (token: string, password: string) =>
      ctx.json('/api/v1/auth/password-reset/confirm', { token, password });

    it('answers the same whether the account exists or not, and emails only an existing one', async () => {
      const { email } = await signUpAndLogIn();
      const known = await reset(email);
      const unknown = await reset(uniqueEmail('ghost'));
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(await bodyOf(known)).toEqual(await bodyOf(unknown));
      const mails = await listOutbox(ctx.db);
      expect(mails.filter((m) => m.to === email && m.subject === 'Reset your Cuadra password')).toHaveLength(
        1,
      );
      expect(mails.some((m) => m.to.startsWith('ghost-'))).toBe(false);
    });

    it('sets the new password once, signs out every session, and expires after an hour', async () => {
      const { email, token: session } = await signUpAndLogIn();
      await reset(email);
      const token = await linkToken(email, '/reset-password');
      const [row] = await ctx.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashOneTimeToken(token)));
      const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
      expect(minutes).toBeCloseTo(60, 0);

      expect((await bodyOf(await confirm(token, 'password1'))).error.code).toBe('PASSWORD_TOO_COMMON');
      const res = await confirm(token, 'nueva-clave-larga-7');
      expect(res.status).toBe(200);
      expect((await me(session)).status).toBe(401);
      expect((await login(email)).status).toBe(401);
      expect((await login(email, 'nueva-clave-larga-7')).status).toBe(200);
      expect((await bodyOf(await confirm(token, 'otra-clave-larga-8'))).error.code).toBe('TOKEN_INVALID');

      await reset(email);
      const late = await linkToken(email, '/reset-password');
      await ctx.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(
          and(eq(authTokens.tokenHash, hashOneTimeToken(late)), eq(authTokens.purpose, 'password_reset')),
        );
      expect((await bodyOf(await confirm(late, 'otra-clave-larga-8'))).error.code).toBe('TOKEN_EXPIRED');
    });
  });

  it('lists the auth routes in the OpenAPI document', async () => {
    const doc = await bodyOf(await ctx.request('/api/openapi.json'));
    for (const path of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/verify-email',
      '/api/v1/auth/resend-verification',
      '/api/v1/auth/password-reset',
      '/api/v1/auth/password-reset/confirm',
      '/api/v1/auth/google',
      '/api/v1/auth/logout-everywhere',
      '/api/v1/me',
      '/api/v1/config',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.components.schemas.User).toBeDefined();
  });
});
