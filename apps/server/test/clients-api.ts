import { expect } from 'vitest';
import { bearer, emailedToken, type TestAccount } from './accounts';
import { bodyOf, type TestContext } from './harness';

/** The clients endpoints as an account calls them (null: signed out). */
export function clientsApi(ctx: TestContext) {
  const get = (path: string, who: TestAccount | null) => ctx.request(path, { headers: bearer(who) });
  const post = (path: string, body: unknown, who: TestAccount | null) =>
    ctx.json(path, body, { headers: bearer(who) });
  const patch = (path: string, body: unknown, who: TestAccount | null) =>
    ctx.json(path, body, { method: 'PATCH', headers: bearer(who) });
  async function addClient(who: TestAccount, name: string, taxId?: string) {
    const res = await post('/api/v1/clients', { name, taxId }, who);
    expect(res.status).toBe(201);
    return bodyOf(res);
  }
  /** Invites `email` to the client and returns the token of the link it was sent. */
  async function invite(who: TestAccount, clientId: string, email: string, locale?: 'en' | 'es') {
    const res = await post(`/api/v1/clients/${clientId}/invitations`, { email, locale }, who);
    expect(res.status).toBe(201);
    return emailedToken(ctx, email.trim().toLowerCase(), '/acceptinvitation');
  }
  return { get, post, patch, addClient, invite };
}
