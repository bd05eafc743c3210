import { expect } from 'vitest';
import { bearer, emailedToken, signUp, type TestAccount, uniqueEmail } from './accounts';
import type { TestContext } from './harness';

/** A firm's requests as its members make them (issue 40); the context trusts the proxy (see accounts.ts). */
export function teamApi(ctx: TestContext) {
  const send = (method: string, path: string, body: unknown, who: TestAccount | null, headers = {}) =>
    ctx.request(path, {
      method,
      headers: {
        ...bearer(who),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const get = (path: string, who: TestAccount | null) => send('GET', path, undefined, who);

  /** Signs a colleague up and has them accept the owner's emailed invitation with this role. */
  async function join(owner: TestAccount, role: 'admin' | 'staff' | 'reader', name = `Colleague ${role}`) {
    const email = uniqueEmail(role);
    const sent = await send('POST', '/api/v1/firm/invitations', { email, role }, owner);
    expect(sent.status).toBe(201);
    const member = await signUp(ctx, { email, name });
    const token = await emailedToken(ctx, email, '/join-team');
    const accepted = await send('POST', '/api/v1/firm-invitations/accept', { token }, member);
    expect(accepted.status, JSON.stringify(await accepted.clone().json())).toBe(200);
    return member;
  }

  return { send, get, join };
}
