import { readFileSync } from 'node:fs';
import { InvoiceFieldsSchema } from '@cuadra/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, TEST_PASSWORD, type TestAccount } from '../../../test/accounts';
import { bodyOf, createTestContext, eventually, TEST_DB, type TestContext } from '../../../test/harness';
import { teamApi } from '../../../test/team';
import { auditLog, creditBalances, creditLedger } from '../../db/schema';
import { expireCredits, grantCredits } from '../credits/ledger';
import { seedKnownClient } from '../forms/test-fixtures';

/** Issue 40: what a firm of several members shares, and who may change it: ownership, credits, the audit log. */
describe(`a gestoría team's firm, credits and audit log (${TEST_DB})`, () => {
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
