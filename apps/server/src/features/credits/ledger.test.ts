import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { creditLedger } from '../../db/schema';
import { insertUser } from '../auth/repo';
import { findBalance, grantCredits } from './ledger';

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
});
