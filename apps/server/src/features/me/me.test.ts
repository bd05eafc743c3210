import { WELCOME_CREDITS } from '@cuadra/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  emailedToken,
  signUp,
  TEST_PASSWORD,
  type TestAccount,
  uniqueEmail,
} from '../../../test/accounts';
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

  it('throttles email changes before saying an address is taken: no email-existence oracle', async () => {
    const user = await signUp(ctx);
    const accounts = await Promise.all([0, 1, 2, 3, 4, 5].map(() => signUp(ctx)));
    const answers: string[] = [];
    for (const other of accounts) {
      const res = await send(
        'POST',
        '/api/v1/me/email',
        { newEmail: other.email, currentPassword: TEST_PASSWORD },
        user,
      );
      answers.push(`${res.status} ${(await bodyOf(res)).error.code}`);
    }
    // Five probes an hour, like five real changes; the sixth learns nothing about the address.
    expect(answers).toEqual([...Array(5).fill('409 EMAIL_IN_USE'), '429 RATE_LIMITED']);
  });

  it('changes the email only when the link sent to the new address is followed, and tells the old one', async () => {
    const user = await signUp(ctx, { locale: 'en' });
    const other = await signUp(ctx);
    const newEmail = uniqueEmail('moved');
    const wrong = await send('POST', '/api/v1/me/email', { newEmail, currentPassword: 'nope-nope' }, user);
    expect((await bodyOf(wrong)).error.code).toBe('CURRENT_PASSWORD_WRONG');
    const taken = await send(
      'POST',
      '/api/v1/me/email',
      { newEmail: other.email, currentPassword: TEST_PASSWORD },
      user,
    );
    expect(taken.status).toBe(409);
    expect((await bodyOf(taken)).error.code).toBe('EMAIL_IN_USE');
    const same = await send(
      'POST',
      '/api/v1/me/email',
      { newEmail: user.email, currentPassword: TEST_PASSWORD },
      user,
    );
    expect((await bodyOf(same)).error.code).toBe('EMAIL_UNCHANGED');

    const asked = await send(
      'POST',
      '/api/v1/me/email',
      { newEmail: `  ${newEmail.toUpperCase()} `, currentPassword: TEST_PASSWORD },
      user,
    );
    expect(asked.status).toBe(202);
    expect((await bodyOf(asked)).pendingEmail).toBe(newEmail);
    // Nothing changes yet: the account still has its old email.
    expect((await bodyOf(await get('/api/v1/me', user))).email).toBe(user.email);
    const [link] = (await listOutbox(ctx.db)).filter((m) => m.to === newEmail);
    expect(link?.subject).toBe('Confirm your new email for Cuadra');
    const token = await emailedToken(ctx, newEmail, '/confirm-email');

    const confirmed = await ctx.json('/api/v1/auth/confirm-email-change', { token });
    expect(confirmed.status).toBe(200);
    expect(await bodyOf(confirmed)).toEqual({ email: newEmail });
    expect((await bodyOf(await get('/api/v1/me', user))).email).toBe(newEmail);
    const notice = (await listOutbox(ctx.db)).find(
      (m) => m.to === user.email && /has changed/.test(m.subject),
    );
    expect(notice?.text).toContain(newEmail);
    // The link works once; the new address signs in, the old one no longer does.
    expect((await bodyOf(await ctx.json('/api/v1/auth/confirm-email-change', { token }))).error.code).toBe(
      'TOKEN_INVALID',
    );
    const login = (email: string) =>
      ctx.json(
        '/api/v1/auth/login',
        { email, password: TEST_PASSWORD },
        { headers: { 'x-forwarded-for': `10.67.0.${email.length % 200}` } },
      );
    expect((await login(newEmail)).status).toBe(200);
    expect((await login(user.email)).status).toBe(401);
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

  it('keeps a history of the user’s own settings: language and optional emails, with through what', async () => {
    const user = await signUp(ctx, { name: 'Lola Settings', locale: 'es' });
    expect(await bodyOf(await get('/api/v1/me/history', user))).toEqual({ entries: [] });
    await ctx.json(
      '/api/v1/me',
      { locale: 'en' },
      { method: 'PATCH', headers: { ...bearer(user), 'X-Cuadra-Via': 'screen' } },
    );
    await send('PATCH', '/api/v1/me/notifications', { weeklySummary: false }, user);
    // Saving the same value again is no change.
    await send('PATCH', '/api/v1/me/notifications', { weeklySummary: false }, user);
    const { entries } = await bodyOf(await get('/api/v1/me/history', user));
    expect(
      entries.map(
        (e: { field: string; from: unknown; to: unknown; via: string; actor: { name: string } }) => [
          e.field,
          e.from,
          e.to,
          e.via,
          e.actor.name,
        ],
      ),
    ).toEqual([
      ['locale', 'es', 'en', 'screen', 'Lola Settings'],
      ['notifyWeeklySummary', true, false, 'api', 'Lola Settings'],
    ]);
    // One's own history only.
    const other = await signUp(ctx);
    expect(await bodyOf(await get('/api/v1/me/history', other))).toEqual({ entries: [] });
  });
});
