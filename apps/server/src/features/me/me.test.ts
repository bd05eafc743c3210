import { WELCOME_CREDITS } from '@cuadra/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, TEST_PASSWORD, type TestAccount } from '../../../test/accounts';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { listOutbox } from '../../mail/mailer';
import { holdCredits } from '../credits/ledger';

describe(`the signed-in user's settings (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  const get = (path: string, who: TestAccount | null) => ctx.request(path, { headers: bearer(who) });
  const send = (method: string, path: string, body: unknown, who: TestAccount | null) =>
    ctx.json(path, body, { method, headers: bearer(who) });

  it('changes the name and the language, and the next email is in the new language', async () => {
    const freelancer = await signUp(ctx, { accountType: 'freelancer', locale: 'es' });
    const res = await send('PATCH', '/api/v1/me', { name: '  Marta Gil ', locale: 'en' }, freelancer);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({ name: 'Marta Gil', locale: 'en' });
    expect(await bodyOf(await get('/api/v1/me', freelancer))).toMatchObject({
      name: 'Marta Gil',
      locale: 'en',
    });

    const accountant = await signUp(ctx, { name: 'Gestoría Martín', locale: 'es' });
    const client = await bodyOf(await send('POST', '/api/v1/clients', { name: 'Marta' }, accountant));
    await send('POST', `/api/v1/clients/${client.id}/invitations`, { email: freelancer.email }, accountant);
    const [mail] = (await listOutbox(ctx.db)).filter(
      (m) => m.to === freelancer.email && /invite/.test(m.subject),
    );
    expect(mail?.subject).toBe('Gestoría Martín invites you to Cuadra');

    expect((await send('PATCH', '/api/v1/me', { locale: 'fr' }, freelancer)).status).toBe(400);
    expect((await send('PATCH', '/api/v1/me', { name: '   ' }, freelancer)).status).toBe(400);
    expect((await send('PATCH', '/api/v1/me', { name: 'X' }, null)).status).toBe(401);
  });

  it('changes the password only with the current one, ending the other sessions', async () => {
    const user = await signUp(ctx);
    const wrong = await send(
      'POST',
      '/api/v1/me/password',
      { currentPassword: 'not-my-password', newPassword: 'farola-nube-cazo-7' },
      user,
    );
    expect(wrong.status).toBe(400);
    expect((await bodyOf(wrong)).error.code).toBe('CURRENT_PASSWORD_WRONG');

    const changed = await send(
      'POST',
      '/api/v1/me/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'farola-nube-cazo-7' },
      user,
    );
    expect(changed.status).toBe(200);
    const { token } = await bodyOf(changed);
    expect((await get('/api/v1/me', user)).status).toBe(401);
    expect((await get('/api/v1/me', { ...user, token })).status).toBe(200);
    const login = await ctx.json(
      '/api/v1/auth/login',
      { email: user.email, password: 'farola-nube-cazo-7' },
      { headers: { 'x-forwarded-for': '10.66.0.1' } },
    );
    expect(login.status).toBe(200);
  });

  it('stores which optional emails the user receives', async () => {
    const user = await signUp(ctx);
    expect(await bodyOf(await get('/api/v1/me/notifications', user))).toEqual({
      batchFinished: true,
      lowCredits: true,
      invitationAccepted: true,
      weeklySummary: true,
    });
    const res = await send(
      'PATCH',
      '/api/v1/me/notifications',
      { weeklySummary: false, lowCredits: false },
      user,
    );
    expect(await bodyOf(res)).toEqual({
      batchFinished: true,
      lowCredits: false,
      invitationAccepted: true,
      weeklySummary: false,
    });
    expect((await bodyOf(await get('/api/v1/me/notifications', user))).weeklySummary).toBe(false);
    expect((await send('PATCH', '/api/v1/me/notifications', { weeklySummary: 'no' }, user)).status).toBe(400);
  });

  it('shows one count of credits: what can still be spent, the same as the upload panel', async () => {
    const accountant = await signUp(ctx, { name: 'Gestoría Martín' });
    await holdCredits(ctx.db, accountant.id, ['document:one']);
    const me = await bodyOf(await get('/api/v1/me', accountant));
    expect(me.credits.available).toBe(WELCOME_CREDITS - 1);
    const client = await bodyOf(await send('POST', '/api/v1/clients', { name: 'Marta' }, accountant));
    const list = await bodyOf(await get(`/api/v1/clients/${client.id}/invoices`, accountant));
    expect(list.scansAvailable).toBe(me.credits.available);
    expect(client.creditsPayer).toEqual({ name: 'Gestoría Martín', isSelf: true });
  });

  it('tells a linked freelancer whose credits the client’s uploads spend', async () => {
    const accountant = await signUp(ctx, { name: 'Gestoría Martín' });
    const freelancer = await signUp(ctx, { accountType: 'freelancer' });
    const client = await bodyOf(await send('POST', '/api/v1/clients', { name: 'Marta' }, accountant));
    await send('POST', `/api/v1/clients/${client.id}/invitations`, { email: freelancer.email }, accountant);
    const mail = (await listOutbox(ctx.db)).find((m) => m.to === freelancer.email && /token=/.test(m.text));
    const token = /acceptinvitation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await send('POST', '/api/v1/invitations/accept', { token }, freelancer)).status).toBe(200);
    const detail = await bodyOf(await get(`/api/v1/clients/${client.id}`, freelancer));
    expect(detail.creditsPayer).toEqual({ name: 'Gestoría Martín', isSelf: false });
  });
});
