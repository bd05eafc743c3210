import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { insertUser } from '../../access/users';
import { creditLedger } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { seedDocuments } from '../review/seed';
import { creditReference } from '../uploads/intake';
import { findBalance, grantCredits, holdCredits, settleHeldCredit } from './ledger';

describe(`credit grants (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('adds a ledger entry and the balance together, once per (kind, reference), under concurrency', async () => {
    const user = await insertUser(ctx.db, {
      email: 'ledger@example.com',
      name: 'L',
      accountType: 'accountant',
    });
    if (!user) throw new Error('no user');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => grantCredits(ctx.db, user.id, 3, 'grant', `welcome:${user.id}`)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await grantCredits(ctx.db, user.id, 33, 'purchase', 'session-1')).toBe(true);
    const balance = await findBalance(ctx.db, user.id);
    expect(balance?.available).toBe(36);
    expect(balance?.lastPurchaseAt).toBeInstanceOf(Date);
    const entries = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['grant', 3],
      ['purchase', 33],
    ]);
  });

  it('refuses a grant that is not a positive whole number', async () => {
    await expect(grantCredits(ctx.db, 'x', 0, 'grant', 'zero')).rejects.toThrow();
    await expect(grantCredits(ctx.db, 'x', 1.5, 'grant', 'half')).rejects.toThrow();
  });

  it('pages the history newest first by an opaque cursor, to an empty end, and refuses a forged one', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    for (let i = 1; i <= 5; i++) await grantCredits(ctx.db, user.id, i, 'grant', `paging:${user.id}:${i}`);
    const ledger = (query: string, who = headers) =>
      ctx.request(`/api/v1/credits/ledger${query}`, { headers: who });
    const amounts: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await bodyOf(await ledger(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      amounts.push(...page.entries.map((e: { amount: number }) => e.amount));
      cursor = page.nextCursor;
    } while (cursor);
    expect(amounts).toEqual([5, 4, 3, 2, 1]);
    // 50 by default; at most 200.
    expect((await bodyOf(await ledger(''))).entries).toHaveLength(5);
    expect((await ledger('?limit=201')).status).toBe(400);

    const first = await bodyOf(await ledger('?limit=4'));
    await ctx.db.delete(creditLedger).where(eq(creditLedger.reference, `paging:${user.id}:1`));
    expect(await bodyOf(await ledger(`?limit=4&cursor=${first.nextCursor}`))).toEqual({
      entries: [],
      nextCursor: null,
    });

    for (const forged of ['nonsense', Buffer.from('["not-a-uuid"]').toString('base64url')]) {
      const res = await ledger(`?cursor=${forged}`);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { cursor: 'invalid' },
      });
    }
    // Another user's cursor pages through their own history, never this one's.
    const other = await createSignedInUser(ctx);
    expect(await bodyOf(await ledger(`?cursor=${first.nextCursor}`, other.headers))).toEqual({
      entries: [],
      nextCursor: null,
    });
  });

  it('names the client and file of each scan in the history, so credits can be billed per client', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 10, 'purchase', `per-client:${user.id}`);
    const marta = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Marta Soler', taxId: null });
    const bar = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Bar Pepe SL', taxId: null });
    if (!marta || !bar) throw new Error('no clients');
    const [a] = await seedDocuments(ctx.db, { clientId: marta.id, payerUserId: user.id }, [
      { filename: 'factura-luz.pdf' },
    ]);
    const [b] = await seedDocuments(ctx.db, { clientId: bar.id, payerUserId: user.id }, [
      { filename: 'ticket.jpg' },
    ]);
    if (!a || !b) throw new Error('no documents');
    const [refA, refB] = [creditReference(a.documentId), creditReference(b.documentId)];
    expect(await holdCredits(ctx.db, user.id, [refA, refB])).toBe(true);
    await settleHeldCredit(ctx.db, user.id, refA, 'spend');
    await settleHeldCredit(ctx.db, user.id, refB, 'spend');
    await grantCredits(ctx.db, user.id, 1, 'refund', `split:${refB}`);

    const { entries } = await bodyOf(await ctx.request('/api/v1/credits/ledger', { headers }));
    const rows = entries.map((e: Record<string, unknown>) => [e.kind, e.amount, e.clientName, e.fileName]);
    expect(rows).toEqual([
      ['refund', 1, 'Bar Pepe SL', 'ticket.jpg'],
      ['debit', -1, 'Bar Pepe SL', 'ticket.jpg'],
      ['debit', -1, 'Marta Soler', 'factura-luz.pdf'],
      ['reservation', 0, 'Bar Pepe SL', 'ticket.jpg'],
      ['reservation', 0, 'Marta Soler', 'factura-luz.pdf'],
      ['purchase', 10, null, null],
    ]);
    expect(entries[2].clientId).toBe(marta.id);
  });
});
