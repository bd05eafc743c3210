import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailedToken } from '../../../test/accounts';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';

const PASSWORD = 'caballo-grapa-bateria';
let counter = 0;
const uniqueEmail = () => `throttle-${++counter}@example.com`;
const freshAddress = () => `10.2.${Math.floor(++counter / 250)}.${counter % 250}`;

describe(`throttling, kept in the database (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  const from = (address: string) => ({ headers: { 'x-forwarded-for': `203.0.113.9, ${address}` } });
  const register = (email: string, address = freshAddress()) =>
    ctx.json(
      '/api/v1/auth/register',
      { email, password: PASSWORD, name: 'Ana', accountType: 'accountant' },
      from(address),
    );
  const login = (email: string, password: string, address = freshAddress()) =>
    ctx.json('/api/v1/auth/login', { email, password }, from(address));

  async function expectLimited(res: Response, maxSeconds: number) {
    expect(res.status).toBe(429);
    expect((await bodyOf(res)).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  }

  it('locks an account after 10 failed logins in 15 minutes from one address, even for the right password', async () => {
    const email = uniqueEmail();
    const attacker = freshAddress();
    await register(email);
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-${i}`, attacker)).status).toBe(401);
    await expectLimited(await login(email, 'wrong-again', attacker), 15 * 60);
    await expectLimited(await login(email, PASSWORD, attacker), 15 * 60);
  });

  it('does not lock the owner out from their own address when a stranger elsewhere guesses', async () => {
    const email = uniqueEmail();
    const owner = freshAddress();
    await register(email);
    for (const attacker of [freshAddress(), freshAddress()]) {
      for (let i = 0; i < 10; i++) await login(email, `wrong-${i}`, attacker);
      await expectLimited(await login(email, 'wrong', attacker), 15 * 60);
    }
    expect((await login(email, PASSWORD, owner)).status).toBe(200);
  });

  it('lets the owner who locked themselves out unlock by email (a password reset)', async () => {
    const email = uniqueEmail();
    const home = freshAddress();
    await register(email);
    for (let i = 0; i < 10; i++) await login(email, `wrong-${i}`, home);
    await expectLimited(await login(email, PASSWORD, home), 15 * 60);

    await ctx.json('/api/v1/auth/password-reset', { email }, from(freshAddress()));
    const token = await emailedToken(ctx, email, '/reset-password');
    const reset = await ctx.json('/api/v1/auth/password-reset/confirm', {
      token,
      password: 'nueva-clave-segura',
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'nueva-clave-segura', home)).status).toBe(200);
  });

  it('locks an unknown email the same way, so the lock tells nothing about the account', async () => {
    const email = uniqueEmail();
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-${i}`, address)).status).toBe(401);
    await expectLimited(await login(email, 'wrong-again', address), 15 * 60);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const email = uniqueEmail();
    const address = freshAddress();
    await register(email);
    for (let i = 0; i < 9; i++) await login(email, `wrong-${i}`, address);
    expect((await login(email, PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(email, `wrong-${i}`, address)).status).toBe(401);
    expect((await login(email, PASSWORD, address)).status).toBe(200);
  });

  it('limits failed logins per address across accounts, and not for other addresses', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 50; i++) expect((await login(uniqueEmail(), 'wrong', address)).status).toBe(401);
    await expectLimited(await login(uniqueEmail(), 'wrong', address), 15 * 60);
    expect((await login(uniqueEmail(), 'wrong', '198.51.100.8')).status).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 20; i++) expect((await register(uniqueEmail(), address)).status).toBe(201);
    await expectLimited(await register(uniqueEmail(), address), 60 * 60);
  });

  it('takes the sign-ups an address may make from REGISTER_PER_ADDRESS_PER_HOUR', async () => {
    const office = await createTestContext({
      env: { TRUST_PROXY: 'true', REGISTER_PER_ADDRESS_PER_HOUR: '3' },
    });
    try {
      const signUp = () =>
        office.json(
          '/api/v1/auth/register',
          { email: uniqueEmail(), password: PASSWORD, name: 'Ana', accountType: 'accountant' },
          from('198.51.100.30'),
        );
      for (let i = 0; i < 3; i++) expect((await signUp()).status).toBe(201);
      await expectLimited(await signUp(), 60 * 60);
    } finally {
      await office.close();
    }
  });

  it('limits verification emails to 5 an hour per user', async () => {
    const email = uniqueEmail();
    await register(email);
    const { token } = await bodyOf(await login(email, PASSWORD));
    const resend = () =>
      ctx.json('/api/v1/auth/resend-verification', {}, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 5; i++) expect((await resend()).status).toBe(200);
    await expectLimited(await resend(), 60 * 60);
  });

  it('limits password-reset emails per address, whether the accounts exist or not', async () => {
    const address = '198.51.100.30';
    const reset = () => ctx.json('/api/v1/auth/password-reset', { email: uniqueEmail() }, from(address));
    for (let i = 0; i < 20; i++) expect((await reset()).status).toBe(202);
    await expectLimited(await reset(), 60 * 60);
  });
});
