import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../test/harness';
import { listOutbox } from '../mail/mailer';
import { loopbackOrigin } from './public-url';

describe('loopbackOrigin', () => {
  it('accepts only loopback origins, from Origin first, then Host', () => {
    expect(loopbackOrigin({ origin: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(loopbackOrigin({ origin: 'http://localhost:5173' })).toBe('http://localhost:5173');
    expect(loopbackOrigin({ origin: 'http://[::1]:3000' })).toBe('http://[::1]:3000');
    expect(loopbackOrigin({ host: '127.0.0.1:3109' })).toBe('http://127.0.0.1:3109');
    expect(loopbackOrigin({ origin: 'https://evil.example', host: 'evil.example' })).toBeNull();
    expect(loopbackOrigin({ origin: 'http://127.0.0.1.evil.example' })).toBeNull();
    expect(loopbackOrigin({ origin: 'null' })).toBeNull();
  });
});

/** Issue 16, item 6: in the local trial, links follow the origin the user is on. */
describe(`links in the local trial, without PUBLIC_URL (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  async function resetLinkFor(email: string, origin: string) {
    await ctx.json(
      '/api/v1/auth/password-reset',
      { email },
      { headers: { origin, 'x-forwarded-for': nextAddress() } },
    );
    const mail = (await listOutbox(ctx.db)).find((m) => m.to === email && /reset-password/.test(m.text));
    return /(\S+)\/reset-password\?token=/.exec(mail?.text ?? '')?.[1];
  }

  it('emails links under the loopback origin the request came from', async () => {
    const user = await signUp(ctx);
    expect(await resetLinkFor(user.email, 'http://127.0.0.1:3109')).toBe('http://127.0.0.1:3109');
  });

  it('never under another origin', async () => {
    const user = await signUp(ctx);
    const base = await resetLinkFor(user.email, 'https://evil.example');
    expect(base).toBe(ctx.services.config.PUBLIC_URL);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('sends the local checkout to the same origin, so the session is still there on return', async () => {
    const user = await signUp(ctx);
    const res = await ctx.json(
      '/api/v1/checkout',
      { packId: 'small', returnTo: '/credits' },
      { headers: { ...bearer(user), origin: 'http://127.0.0.1:3109' } },
    );
    expect(res.status).toBe(201);
    expect((await bodyOf(res)).url).toMatch(/^http:\/\/127\.0\.0\.1:3109\/dev\/checkout\//);
  });
});

describe(`links in a deployment, with PUBLIC_URL (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://app.cuadra.test' } });
  });
  afterAll(() => ctx.close());

  it('uses PUBLIC_URL whatever the request says', async () => {
    const user = await signUp(ctx);
    await ctx.json(
      '/api/v1/auth/password-reset',
      { email: user.email },
      { headers: { origin: 'http://127.0.0.1:3109', 'x-forwarded-for': nextAddress() } },
    );
    const mail = (await listOutbox(ctx.db)).find((m) => m.to === user.email && /reset-password/.test(m.text));
    expect(mail?.text).toContain('https://app.cuadra.test/reset-password?token=');
  });
});
