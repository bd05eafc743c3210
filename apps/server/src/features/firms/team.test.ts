import { readFileSync } from 'node:fs';
import { InvoiceFieldsSchema } from '@cuadra/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  emailedToken,
  signUp,
  TEST_PASSWORD,
  type TestAccount,
  uniqueEmail,
} from '../../../test/accounts';
import { bodyOf, createTestContext, eventually, TEST_DB, type TestContext } from '../../../test/harness';
import { auditLog, creditBalances, creditLedger, firmInvitations, firmMembers, firms } from '../../db/schema';
import { expireCredits, grantCredits } from '../credits/ledger';
import { seedKnownClient } from '../forms/test-fixtures';

/**
 * Issue 40: a firm of several members. The access matrix of clients.test.ts extended to roles: staff outside
 * a client, a reader writing, a removed member with an old token and another firm, each with the right
 * answer and nothing of the client in the body.
 */
describe(`a gestoría is a team (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' }, work: true });
  });
  afterAll(() => ctx.close());

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

  it('hands the firm over: only the owner, only to a current member; billing follows, sessions stay', async () => {
    const owner = await signUp(ctx, { name: 'Founding Owner' });
    const admin = await join(owner, 'admin', 'Next Owner');
    const staff = await join(owner, 'staff');
    const reader = await join(owner, 'reader');
    const removed = await join(owner, 'staff', 'Gone');
    await send('DELETE', `/api/v1/firm/members/${removed.id}`, undefined, owner);
    const otherFirm = await signUp(ctx);
    const seed = await seedKnownClient(ctx, owner.id, { name: 'Handed SL', taxId: null });
    await grantCredits(ctx.db, owner.id, 7, 'grant', `test-handover:${owner.id}`);
    const creditsOf = async (who: TestAccount) =>
      (await bodyOf(await get('/api/v1/me', who))).credits.available;
    const firmCredits = await creditsOf(owner);
    const newOwnOnes = await creditsOf(admin); // what the member spends before: the firm's too
    expect(newOwnOnes).toBe(firmCredits);
    const [ownBalance] = await ctx.db
      .select()
      .from(creditBalances)
      .where(eq(creditBalances.userId, admin.id));
    const handOver = (who: TestAccount, to: string) =>
      send('POST', `/api/v1/firm/members/${to}/hand-over`, undefined, who, { 'X-Cuadra-Via': 'screen' });
    const codeOf = async (res: Response) => (await bodyOf(res)).error?.code;

    expect(await codeOf(await handOver(admin, staff.id))).toBe('ROLE_OWNER_ONLY');
    expect(await codeOf(await handOver(staff, admin.id))).toBe('ROLE_OWNER_ONLY');
    expect(await codeOf(await handOver(reader, admin.id))).toBe('ROLE_READ_ONLY');
    expect(await codeOf(await handOver(owner, otherFirm.id))).toBe('MEMBER_NOT_FOUND');
    expect(await codeOf(await handOver(owner, removed.id))).toBe('MEMBER_NOT_FOUND');
    expect(await codeOf(await handOver(owner, owner.id))).toBe('MEMBER_NOT_FOUND');
    expect(await codeOf(await handOver(otherFirm, admin.id))).toBe('MEMBER_NOT_FOUND');
    expect((await bodyOf(await get('/api/v1/firm', owner))).myRole).toBe('owner');

    const done = await handOver(owner, admin.id);
    expect(done.status).toBe(200);
    expect((await bodyOf(done)).myRole).toBe('admin');
    // Both sessions stay valid; the roles changed under them.
    const firm = await bodyOf(await get('/api/v1/firm', admin));
    expect(firm.myRole).toBe('owner');
    expect(firm.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Next Owner', 'owner'],
      ['Founding Owner', 'admin'],
      ['Colleague staff', 'staff'],
      ['Colleague reader', 'reader'],
    ]);
    expect((await get(`/api/v1/clients/${seed.client.id}`, owner)).status).toBe(200);
    expect((await get(`/api/v1/clients/${seed.client.id}`, admin)).status).toBe(200);
    expect((await get(`/api/v1/clients/${seed.client.id}`, reader)).status).toBe(200);
    // Billing follows the firm: the same balance (plus what the new owner held on their own), bought by them.
    expect(await creditsOf(admin)).toBe(
      firmCredits + (ownBalance ? ownBalance.available - ownBalance.reserved : 0),
    );
    expect(await creditsOf(owner)).toBe(await creditsOf(admin));
    expect(await codeOf(await send('POST', '/api/v1/checkout', { packId: 'pack-100' }, owner))).toBe(
      'ROLE_OWNER_ONLY',
    );
    expect(await codeOf(await send('POST', '/api/v1/checkout', { packId: 'pack-100' }, admin))).not.toBe(
      'ROLE_OWNER_ONLY',
    );
    // The former owner, now an admin, may leave; the firm's clients stay with it.
    expect((await send('POST', '/api/v1/firm/leave', undefined, owner)).status).toBe(204);
    const again = await bodyOf(
      await send('POST', '/api/v1/auth/login', { email: owner.email, password: TEST_PASSWORD }, null),
    );
    const former = { ...owner, token: again.token };
    expect((await get(`/api/v1/clients/${seed.client.id}`, former)).status).toBe(404);
    expect((await get(`/api/v1/clients/${seed.client.id}`, admin)).status).toBe(200);
    // Audit-logged: who handed which firm to whom.
    const [logged] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, firm.firm.id));
    expect(logged).toMatchObject({
      entity: 'firm',
      field: 'owner',
      fromValue: owner.id,
      toValue: admin.id,
      actorUserId: owner.id,
      via: 'screen',
    });
  });

  it('records who changed which invoice field, from what to what, through what', async () => {
    const owner = await signUp(ctx, { name: 'Marta Owner' });
    const staff = await join(owner, 'staff', 'Pablo Staff');
    const seed = await seedKnownClient(ctx, owner.id, { name: 'History SL', taxId: null });
    await send('PUT', `/api/v1/clients/${seed.client.id}/members/${staff.id}`, undefined, owner);
    const id = Object.values(seed.ids)[0] as string;
    const fields = InvoiceFieldsSchema.parse(await bodyOf(await get(`/api/v1/invoices/${id}`, staff)));
    const saved = await send(
      'PUT',
      `/api/v1/invoices/${id}?confirmFigures=true`,
      { ...fields, number: 'F-1-corrected' },
      staff,
      { 'X-Cuadra-Via': 'screen' },
    );
    expect(saved.status).toBe(200);
    await send('PUT', `/api/v1/invoices/${id}?confirmFigures=true`, { ...fields, number: 'F-1-api' }, owner);
    const history = await bodyOf(await get(`/api/v1/invoices/${id}/history`, owner));
    expect(
      history.entries.map(
        (e: { field: string; from: unknown; to: unknown; via: string; actor: { name: string } }) => [
          e.field,
          e.from,
          e.to,
          e.via,
          e.actor.name,
        ],
      ),
    ).toEqual([
      ['number', fields.number, 'F-1-corrected', 'screen', 'Pablo Staff'],
      ['number', 'F-1-corrected', 'F-1-api', 'api', 'Marta Owner'],
    ]);
    // Exportable per client and period; a typed value never runs as a formula in the spreadsheet.
    await send('PUT', `/api/v1/invoices/${id}?confirmFigures=true`, { ...fields, number: '=1+1' }, owner);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await get(`/api/v1/clients/${seed.client.id}/history.csv?from=${today}&to=${today}`, owner);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    // An English export's instants as ISO day and time (issue 36 item 11), which any spreadsheet reads.
    expect(text.replace(/^\ufeff/, '').split('\r\n')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(text).toContain('Pablo Staff');
    expect(text).toContain('F-1-corrected');
    expect(text).toContain("'=1+1");
    expect(text).not.toMatch(/[,;]=1\+1/);
    const outside = await signUp(ctx);
    expect(
      (await get(`/api/v1/clients/${seed.client.id}/history.csv?from=${today}&to=${today}`, outside)).status,
    ).toBe(404);

    // A client change is recorded too.
    await send('PATCH', `/api/v1/clients/${seed.client.id}`, { name: 'History Renamed SL' }, staff);
    const clientHistory = await bodyOf(await get(`/api/v1/clients/${seed.client.id}/history`, owner));
    expect(clientHistory.entries.map((e: { field: string; to: unknown }) => [e.field, e.to])).toEqual([
      ['name', 'History Renamed SL'],
    ]);
  });

  it('spends one firm balance from two members at once and keeps the ledger exact', async () => {
    const owner = await signUp(ctx, { name: 'Payer' });
    const first = await join(owner, 'staff', 'First Member');
    const second = await join(owner, 'admin', 'Second Member');
    const seed = await seedKnownClient(ctx, owner.id, { name: 'Credits SL', taxId: null });
    await send('PUT', `/api/v1/clients/${seed.client.id}/members/${first.id}`, undefined, owner);
    // Exactly three credits, whatever the welcome grant was: the grant taken back through the ledger.
    const [start] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, owner.id));
    if (start?.available) await expireCredits(ctx.db, owner.id, start.available, `test-level:${owner.id}`);
    await grantCredits(ctx.db, owner.id, 3, 'grant', `test:${owner.id}`);
    const upload = (who: TestAccount, n: number) => {
      const body = new FormData();
      for (const k of [1, 2]) body.append('files[]', new Blob([xmlInvoice(n * 10 + k)]), `f-${n}-${k}.xml`);
      return ctx.request(`/api/v1/clients/${seed.client.id}/uploads`, {
        method: 'POST',
        headers: bearer(who),
        body,
      });
    };
    // Four files for three credits, from two members at the same moment.
    const answers = await Promise.all([upload(first, 1), upload(second, 2)]);
    const bodies = await Promise.all(answers.map((res) => bodyOf(res)));
    // Each drop is all or nothing on its credits: one that lost the race is refused whole (402), never half
    // held; the others go up.
    for (const [i, res] of answers.entries())
      if (res.status !== 202) expect(bodies[i].error.code).toBe('INSUFFICIENT_CREDITS');
    const batches = bodies.filter((b) => b.batchId);
    expect(batches.length).toBeGreaterThan(0);
    const settled = await eventually(async () => {
      const states = await Promise.all(
        batches.map(async (b) => bodyOf(await get(`/api/v1/uploads/${b.batchId}`, owner))),
      );
      return states.every((s) => s.pendingCount === 0) ? states : undefined;
    }, 90_000);
    const read = settled
      .flatMap((s) => s.documents)
      .filter((d: { status: string }) => d.status === 'needs_review' || d.status === 'ready').length;
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, owner.id));
    const [sums] = await ctx.db
      .select({
        amount: sql<number>`sum(${creditLedger.amount})::int`,
        held: sql<number>`sum(${creditLedger.held})::int`,
        debits: sql<number>`(count(*) filter (where ${creditLedger.kind} = 'debit'))::int`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, owner.id));
    // The balance is what the ledger adds up to; nothing stays held; one credit per invoice read, no more
    // than the three there were.
    expect(balance).toMatchObject({ available: sums?.amount, reserved: 0 });
    expect(sums?.held).toBe(0);
    expect(sums?.debits).toBe(read);
    expect(read).toBeGreaterThanOrEqual(2);
    expect(balance?.available).toBe(3 - read);
    // Both members see the same firm balance, and the usage history names who spent each credit.
    for (const member of [first, second])
      expect((await bodyOf(await get('/api/v1/me', member))).credits.available).toBe(3 - read);
    const ledger = await bodyOf(await get('/api/v1/credits/ledger?limit=50', second));
    const spenders = new Set(
      ledger.entries
        .filter((e: { kind: string }) => e.kind === 'debit')
        .map((e: { memberName: string }) => e.memberName),
    );
    expect([...spenders].every((name) => name === 'First Member' || name === 'Second Member')).toBe(true);
    expect(spenders.size).toBeGreaterThan(0);
  }, 120_000);

  it('stops a member at the monthly credit cap the owner set', async () => {
    const owner = await signUp(ctx);
    const staff = await join(owner, 'staff', 'Capped');
    const seed = await seedKnownClient(ctx, owner.id, { name: 'Cap SL', taxId: null });
    await send('PUT', `/api/v1/clients/${seed.client.id}/members/${staff.id}`, undefined, owner);
    await grantCredits(ctx.db, owner.id, 10, 'grant', `cap:${owner.id}`);
    const capped = await send('PATCH', `/api/v1/firm/members/${staff.id}`, { monthlyCreditCap: 1 }, owner);
    expect(capped.status).toBe(200);
    const body = new FormData();
    for (const k of [1, 2]) body.append('files[]', new Blob([xmlInvoice(90 + k)]), `cap-${k}.xml`);
    const res = await ctx.request(`/api/v1/clients/${seed.client.id}/uploads`, {
      method: 'POST',
      headers: bearer(staff),
      body,
    });
    expect((await bodyOf(res)).error.code).toBe('MEMBER_CREDIT_CAP_REACHED');
  });
});

const XML = readFileSync(
  new URL('../../../../../packages/extract/test/fixtures/xml/facturae-iva-ipsi-recargo.xml', import.meta.url),
  'utf8',
);
/** A different invoice of one supplier per `n`. */
function xmlInvoice(n: number): Buffer {
  return Buffer.from(
    XML.replace('<InvoiceNumber>101</InvoiceNumber>', `<InvoiceNumber>${300 + n}</InvoiceNumber>`).replace(
      '<IssueDate>2025-03-10</IssueDate>',
      `<IssueDate>2025-0${1 + (n % 9)}-${10 + (n % 10)}</IssueDate>`,
    ),
  );
}
