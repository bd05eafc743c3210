import { readFileSync } from 'node:fs';
import { InvoiceFieldsSchema } from '@cuadra/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailedToken, signUp, type TestAccount, uniqueEmail } from '../../../test/accounts';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { teamApi } from '../../../test/team';
import { firmInvitations, firmMembers, firms } from '../../db/schema';
import { seedKnownClient } from '../forms/test-fixtures';

/**
 * Issue 40: a firm of several members. The access matrix of clients.test.ts extended to roles: staff outside
 * a client, a reader writing, a removed member with an old token and another firm, each with the right
 * answer and nothing of the client in the body.
 */
describe(`a gestoría is a team (${TEST_DB})`, () => {
  let ctx: TestContext;
  let team: ReturnType<typeof teamApi>;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' }, work: true });
    team = teamApi(ctx);
  });
  afterAll(() => ctx.close());

  const send = (...args: Parameters<typeof team.send>) => team.send(...args);
  const get = (...args: Parameters<typeof team.get>) => team.get(...args);
  const join = (...args: Parameters<typeof team.join>) => team.join(...args);

  it('gives every accountant a one-person firm, and the migration does it for accounts made before', async () => {
    const owner = await signUp(ctx);
    const view = await bodyOf(await get('/api/v1/firm', owner));
    expect(view.myRole).toBe('owner');
    expect(view.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
    ]);
    expect((await bodyOf(await get('/api/v1/me', owner))).firmRole).toBe('owner');

    // An account as the migration finds it: no firm. Its data step makes the firm and the owner row.
    const before = await signUp(ctx, { name: 'Before Firms' });
    const migration = readFileSync(new URL('../../../drizzle/0021_team_firms.sql', import.meta.url), 'utf8');
    const dataSteps = migration
      .split('--> statement-breakpoint')
      .map((step) => step.replace(/^\s*--.*$/gm, '').trim())
      .filter((step) => step.startsWith('INSERT'));
    expect(dataSteps).toHaveLength(2);
    await ctx.db.delete(firms);
    for (const step of dataSteps) await ctx.db.execute(sql.raw(step));
    const [row] = await ctx.db
      .select({ role: firmMembers.role, name: firms.name })
      .from(firmMembers)
      .innerJoin(firms, eq(firms.id, firmMembers.firmId))
      .where(eq(firmMembers.userId, before.id));
    expect(row).toEqual({ role: 'owner', name: 'Before Firms' });
    const freelancer = await signUp(ctx, { accountType: 'freelancer' });
    expect((await get('/api/v1/firm', freelancer)).status).toBe(403);
  });

  it('invitations are single use, bound to the address and expiring', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('staff');
    expect((await send('POST', '/api/v1/firm/invitations', { email, role: 'staff' }, owner)).status).toBe(
      201,
    );
    const token = await emailedToken(ctx, email, '/join-team');
    const preview = await bodyOf(await get(`/api/v1/firm-invitations/${token}`, null));
    expect(preview).toMatchObject({ email, role: 'staff' });

    const stranger = await signUp(ctx);
    const wrong = await send('POST', '/api/v1/firm-invitations/accept', { token }, stranger);
    expect((await bodyOf(wrong)).error.code).toBe('INVITATION_WRONG_ACCOUNT');

    const invitee = await signUp(ctx, { email });
    expect((await send('POST', '/api/v1/firm-invitations/accept', { token }, invitee)).status).toBe(200);
    const again = await send('POST', '/api/v1/firm-invitations/accept', { token }, invitee);
    expect((await bodyOf(again)).error.code).toBe('INVITATION_INVALID');

    // Expired: refused even to the right address.
    const late = uniqueEmail('late');
    await send('POST', '/api/v1/firm/invitations', { email: late, role: 'reader' }, owner);
    const lateToken = await emailedToken(ctx, late, '/join-team');
    await ctx.db
      .update(firmInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(firmInvitations.email, late));
    const lateAccount = await signUp(ctx, { email: late });
    const expired = await send('POST', '/api/v1/firm-invitations/accept', { token: lateToken }, lateAccount);
    expect((await bodyOf(expired)).error.code).toBe('INVITATION_EXPIRED');

    // An account with clients of its own cannot silently bring them into another firm.
    const busy = uniqueEmail('busy');
    await send('POST', '/api/v1/firm/invitations', { email: busy, role: 'staff' }, owner);
    const busyAccount = await signUp(ctx, { email: busy });
    await seedKnownClient(ctx, busyAccount.id, { taxId: null });
    const busyToken = await emailedToken(ctx, busy, '/join-team');
    const refused = await send('POST', '/api/v1/firm-invitations/accept', { token: busyToken }, busyAccount);
    expect((await bodyOf(refused)).error.code).toBe('FIRM_NOT_EMPTY');

    // A member who leaves loses the firm's clients and every session at once; the owner cannot leave.
    const leaver = await join(owner, 'reader', 'Leaver');
    expect((await send('POST', '/api/v1/firm/leave', undefined, leaver)).status).toBe(204);
    expect((await get('/api/v1/firm', leaver)).status).toBe(401);
    const ownerLeaves = await send('POST', '/api/v1/firm/leave', undefined, owner);
    expect((await bodyOf(ownerLeaves)).error.code).toBe('ROLE_OWNER_ONLY');

    // Staff may not manage members.
    const asStaff = await send(
      'POST',
      '/api/v1/firm/invitations',
      { email: uniqueEmail('x'), role: 'admin' },
      invitee,
    );
    expect((await bodyOf(asStaff)).error.code).toBe('ROLE_MANAGERS_ONLY');
  });

  it('answers every route with an id by role: 404 outside, 403 for a reader writing, 401 once removed', async () => {
    const owner = await signUp(ctx, { name: 'Owner' });
    const admin = await join(owner, 'admin');
    const staff = await join(owner, 'staff');
    const reader = await join(owner, 'reader');
    const removed = await join(owner, 'staff', 'Removed');
    const otherFirm = await signUp(ctx);
    const assigned = await seedKnownClient(ctx, owner.id, { name: 'Assigned SL', taxId: null });
    const outside = await seedKnownClient(ctx, owner.id, { name: 'Outside SL', taxId: null });
    for (const member of [staff, removed]) {
      const put = await send(
        'PUT',
        `/api/v1/clients/${assigned.client.id}/members/${member.id}`,
        undefined,
        owner,
      );
      expect(put.status).toBe(200);
    }
    // Removing ends the member's sessions at once: the token they hold is refused on its next use.
    expect((await get(`/api/v1/clients/${assigned.client.id}`, removed)).status).toBe(200);
    expect((await send('DELETE', `/api/v1/firm/members/${removed.id}`, undefined, owner)).status).toBe(204);

    const invoiceOf = (seed: typeof assigned) => Object.values(seed.ids)[0] as string;
    const fieldsOf = async (id: string) =>
      InvoiceFieldsSchema.parse(await bodyOf(await get(`/api/v1/invoices/${id}`, owner)));
    const routes: [
      string,
      'read' | 'write',
      (who: TestAccount, seed: typeof assigned) => Response | Promise<Response>,
    ][] = [
      ['GET /clients/:id', 'read', (who, s) => get(`/api/v1/clients/${s.client.id}`, who)],
      [
        'PATCH /clients/:id',
        'write',
        (who, s) => send('PATCH', `/api/v1/clients/${s.client.id}`, { name: s.client.name }, who),
      ],
      ['GET /clients/:id/invoices', 'read', (who, s) => get(`/api/v1/clients/${s.client.id}/invoices`, who)],
      ['GET /clients/:id/history', 'read', (who, s) => get(`/api/v1/clients/${s.client.id}/history`, who)],
      ['GET /clients/:id/members', 'read', (who, s) => get(`/api/v1/clients/${s.client.id}/members`, who)],
      ['GET /invoices/:id', 'read', (who, s) => get(`/api/v1/invoices/${invoiceOf(s)}`, who)],
      ['GET /invoices/:id/history', 'read', (who, s) => get(`/api/v1/invoices/${invoiceOf(s)}/history`, who)],
      [
        'PUT /invoices/:id',
        'write',
        async (who, s) =>
          send(
            'PUT',
            `/api/v1/invoices/${invoiceOf(s)}?confirmFigures=true`,
            await fieldsOf(invoiceOf(s)),
            who,
          ),
      ],
      [
        'DELETE /invoices/:id',
        'write',
        (who, s) => send('DELETE', `/api/v1/invoices/${invoiceOf(s)}`, undefined, who),
      ],
      [
        'GET /clients/:id/fiscal-summary',
        'read',
        (who, s) => get(`/api/v1/clients/${s.client.id}/fiscal-summary?year=2026`, who),
      ],
      [
        'GET /clients/:id/exports/:kind',
        'read',
        (who, s) =>
          get(
            `/api/v1/clients/${s.client.id}/exports/libro-registro-csv?from=2026-01-01&to=2026-12-31&book=issued`,
            who,
          ),
      ],
      [
        'GET /clients/:id/forms/303',
        'read',
        (who, s) => get(`/api/v1/clients/${s.client.id}/forms/303?year=2026&period=1T`, who),
      ],
      [
        'POST /clients/:id/forms/303/generated',
        'write',
        (who, s) =>
          send(
            'POST',
            `/api/v1/clients/${s.client.id}/forms/303/generated?year=2026&period=1T`,
            undefined,
            who,
          ),
      ],
      [
        'GET /clients/:id/inbound-senders',
        'read',
        (who, s) => get(`/api/v1/clients/${s.client.id}/inbound-senders`, who),
      ],
      [
        'POST /clients/:id/inbound-senders',
        'write',
        (who, s) =>
          send('POST', `/api/v1/clients/${s.client.id}/inbound-senders`, { email: uniqueEmail('s') }, who),
      ],
    ];
    const callers: [string, TestAccount][] = [
      ['owner', owner],
      ['admin', admin],
      ['staff', staff],
      ['reader', reader],
      ['removed', removed],
      ['other firm', otherFirm],
    ];
    const ok = (status: number) => status >= 200 && status < 300;
    for (const [name, kind, call] of routes) {
      for (const [seedName, seed] of [
        ['assigned', assigned],
        ['outside', outside],
      ] as const) {
        const answers: Record<string, number | string> = {};
        const expected: Record<string, number | string> = {};
        for (const [who, account] of callers) {
          // DELETE last: it would take the invoice from the callers after it.
          if (
            kind === 'write' &&
            name.startsWith('DELETE') &&
            who !== 'reader' &&
            who !== 'removed' &&
            who !== 'other firm'
          )
            continue;
          const res = await call(account, seed);
          const text = await res.text();
          answers[who] = ok(res.status) ? 'ok' : res.status;
          const sees =
            who === 'owner' ||
            who === 'admin' ||
            who === 'reader' ||
            (who === 'staff' && seedName === 'assigned');
          expected[who] =
            who === 'removed' ? 401 : !sees ? 404 : who === 'reader' && kind === 'write' ? 403 : 'ok';
          // A refusal carries an error and nothing of the client or its invoices.
          if (!ok(res.status)) {
            expect(text, `${name} ${who}`).not.toContain(seed.client.name);
            expect(text, `${name} ${who}`).not.toContain('Bar Sol');
            expect(JSON.parse(text).error.code, `${name} ${who}`).toBeTruthy();
          }
        }
        expect(answers, `${name} on the ${seedName} client`).toEqual(
          Object.fromEntries(Object.entries(expected).filter(([who]) => who in answers)),
        );
      }
    }
    // Staff outside a client get exactly another firm's answer, the one a client that does not exist gets.
    const missing = await bodyOf(await get('/api/v1/clients/0190c0de-0000-7000-8000-000000000000', staff));
    expect(await bodyOf(await get(`/api/v1/clients/${outside.client.id}`, staff))).toEqual(missing);
    expect(await bodyOf(await get(`/api/v1/clients/${outside.client.id}`, otherFirm))).toEqual(missing);
    // The client list and the review queue hold only what the member may see.
    const listed = await bodyOf(await get('/api/v1/clients', staff));
    expect(listed.items.map((c: { name: string }) => c.name)).toEqual(['Assigned SL']);
    // "My clients": the ones the member is responsible for; the owner carries none of them.
    const mine = async (who: TestAccount) =>
      (await bodyOf(await get('/api/v1/clients?mine=true', who))).items.map((c: { name: string }) => c.name);
    expect(await mine(staff)).toEqual(['Assigned SL']);
    expect(await mine(owner)).toEqual([]);
    const readerList = await bodyOf(await get('/api/v1/clients', reader));
    expect(readerList.items.map((c: { name: string }) => c.name).sort()).toEqual([
      'Assigned SL',
      'Outside SL',
    ]);
    // A reader exports (a report is made by POST) but does not buy credits; staff do not either.
    const report = await send(
      'POST',
      `/api/v1/clients/${assigned.client.id}/reports`,
      { from: '2026-01-01', to: '2026-03-31', format: 'csv' },
      reader,
    );
    expect(report.status).not.toBe(403);
    const buy = await send('POST', '/api/v1/checkout', { packId: 'pack-100' }, staff);
    expect((await bodyOf(buy)).error.code).toBe('ROLE_OWNER_ONLY');
  });

  it('refuses a reader every write the app registers, unless the route is public or marked readerMay', async () => {
    const owner = await signUp(ctx, { name: 'Owner' });
    const reader = await join(owner, 'reader');
    const seed = await seedKnownClient(ctx, owner.id, { name: 'Readable SL', taxId: null });
    const invoiceId = Object.values(seed.ids)[0] as string;
    // Routes without a session (the token is theirs: a link, a webhook, the local stand-ins) ...
    const PUBLIC = [
      /^POST \/api\/v1\/auth\/(register|login|verify-email|confirm-email-change|password-reset|password-reset\/confirm|google)$/,
      /^POST \/api\/v1\/webhooks\//,
      /^POST \/api\/v1\/inbound\/:provider$/,
      /^POST \/api\/v1\/contact$/,
      /^POST \/api\/v1\/bank\/requests\/:token\//,
      /^POST \/dev\//,
    ];
    // ... and the writes a reader may make: their own account, signing out, leaving, a report.
    const READER_MAY = [
      'PATCH /api/v1/me',
      'POST /api/v1/me/password',
      'POST /api/v1/me/email',
      'PATCH /api/v1/me/notifications',
      'POST /api/v1/auth/resend-verification',
      'POST /api/v1/auth/logout-everywhere',
      'POST /api/v1/clients/:clientId/reports',
      'POST /api/v1/firm/leave',
    ];
    const writes = [
      ...new Set(
        ctx.app.routes
          .filter((r) => !['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(r.method))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    // The app has the routes this test knows of (so a renamed one cannot slip out of the lists unseen).
    for (const known of READER_MAY) expect(writes).toContain(known);
    expect(writes.length).toBeGreaterThan(40);
    const fill = (path: string) =>
      path
        .replace(/\/invoices\/:id\b/, `/invoices/${invoiceId}`)
        .replace(/:(clientId|id)\b/, seed.client.id)
        .replace(':decision', 'discard')
        .replace(':form', '303')
        .replace(/:[A-Za-z]+/g, '0190c0de-0000-7000-8000-000000000000');

    const answers: Record<string, string> = {};
    const mayLast: string[] = [];
    for (const route of writes) {
      if (PUBLIC.some((pattern) => pattern.test(route))) continue;
      if (route.endsWith('/logout-everywhere') || route.endsWith('/firm/leave')) {
        mayLast.push(route);
        continue;
      }
      const [method, path] = route.split(' ') as [string, string];
      const res = await send(method, fill(path), {}, reader);
      const text = await res.text();
      const code = res.headers.get('content-type')?.includes('json')
        ? JSON.parse(text).error?.code
        : undefined;
      answers[route] = code === 'ROLE_READ_ONLY' ? 'refused' : 'let through';
      if (code === 'ROLE_READ_ONLY') {
        expect(res.status, route).toBe(403);
        expect(text, route).not.toContain('Readable SL');
        expect(text, route).not.toContain('Bar Sol');
      }
    }
    // Signing out everywhere and leaving end the reader's session: each last, by a reader of its own.
    for (const route of mayLast) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await send(method, path, undefined, await join(owner, 'reader', 'Last'));
      answers[route] = res.status === 403 ? 'refused' : 'let through';
    }
    const expected = Object.fromEntries(
      Object.keys(answers).map((route) => [route, READER_MAY.includes(route) ? 'let through' : 'refused']),
    );
    expect(answers).toEqual(expected);
    // The invoice is as it was: no refused write changed it.
    expect((await get(`/api/v1/invoices/${invoiceId}`, owner)).status).toBe(200);
  });
});
