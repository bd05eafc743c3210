import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { BalanceRow } from '../../access/users';
import type { Db } from '../../db/client';
import { clients, creditBalances, creditLedger, documents, uploadBatches, users } from '../../db/schema';
import { newId } from '../../lib/ids';

export type LedgerKind = (typeof creditLedger.$inferInsert)['kind'];

/**
 * Adds `amount` credits to a user's balance with a ledger entry, in one transaction. Idempotent by
 * (kind, reference): a second call with the same pair, even a concurrent one, changes nothing and returns
 * false. The unique index decides, so no lock or read-before-write is needed.
 */
export async function grantCredits(
  db: Db,
  userId: string,
  amount: number,
  kind: Extract<LedgerKind, 'grant' | 'purchase' | 'refund' | 'subscription'>,
  reference: string,
): Promise<boolean> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`A grant must be a positive integer: ${amount}`);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(creditLedger)
      .values({ id: newId(), userId, kind, amount, reference })
      .onConflictDoNothing({ target: [creditLedger.kind, creditLedger.reference] })
      .returning({ id: creditLedger.id });
    if (inserted.length === 0) return false;
    const now = new Date();
    await tx
      .insert(creditBalances)
      .values({ userId, available: amount, lastPurchaseAt: kind === 'purchase' ? now : null, updatedAt: now })
      .onConflictDoUpdate({
        target: creditBalances.userId,
        set: {
          available: sql`${creditBalances.available} + ${amount}`,
          lastPurchaseAt: kind === 'purchase' ? now : sql`${creditBalances.lastPurchaseAt}`,
          updatedAt: now,
        },
      });
    return true;
  });
}

/**
 * Takes `amount` credits back with an `expiry` entry (unused subscription credits at the period's end),
 * never more than the allowance (balance − held), so credits held for work in flight stay. Idempotent by
 * reference like `grantCredits`. Returns the credits taken (0 when nothing or already done).
 */
export async function expireCredits(db: Db, userId: string, amount: number, reference: string) {
  return db.transaction(async (tx) => {
    // The balance row's lock: a concurrent hold or spend waits, so the allowance read here holds.
    const [balance] = await tx
      .select()
      .from(creditBalances)
      .where(eq(creditBalances.userId, userId))
      .for('update');
    const taken = Math.min(amount, balance ? balance.available - balance.reserved : 0);
    const inserted = await tx
      .insert(creditLedger)
      .values({ id: newId(), userId, kind: 'expiry', amount: -Math.max(0, taken), reference })
      .onConflictDoNothing({ target: [creditLedger.kind, creditLedger.reference] })
      .returning({ id: creditLedger.id });
    if (inserted.length === 0 || taken <= 0) return 0;
    await tx
      .update(creditBalances)
      .set({ available: sql`${creditBalances.available} - ${taken}`, updatedAt: new Date() })
      .where(eq(creditBalances.userId, userId));
    return taken;
  });
}

/** Credits spent (debits) by `userId` since `since`, a positive number. */
export async function countDebitsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(-sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.kind, 'debit'),
        gte(creditLedger.createdAt, since),
      ),
    );
  return Number(row?.spent ?? 0);
}

export async function findBalance(db: Db, userId: string): Promise<BalanceRow | null> {
  const [balance] = await db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
  return balance ?? null;
}

/**
 * The document a ledger entry is about: its reference ends in `document:<id>` (a reservation, a debit or
 * a release is `document:<id>`; a refund wraps it, e.g. `split:document:<id>`). Null for grants, purchases
 * and subscription periods.
 */
const documentIdOf = sql`substring(${creditLedger.reference} from 'document:([0-9a-f-]{36})$')::uuid`;

/**
 * One page of a user's ledger, newest first, after the entry `after`. Ids are time-ordered (UUID v7), so
 * the (user_id, id) index gives the order and the cursor; `last` is where the next page starts (null: end).
 * An entry about a document names its client and file, so an accountant can bill credits per client, and the
 * member whose upload spent it (issue 40); all null once retention or the client's deletion removed it.
 */
export async function findLedgerPage(db: Db, userId: string, page: { limit: number; after: string | null }) {
  const rows = await db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      amount: creditLedger.amount,
      createdAt: creditLedger.createdAt,
      clientId: clients.id,
      clientName: clients.name,
      fileName: documents.filename,
      memberName: users.name,
    })
    .from(creditLedger)
    .leftJoin(documents, eq(documents.id, documentIdOf))
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(uploadBatches, eq(uploadBatches.id, documents.batchId))
    .leftJoin(users, eq(users.id, uploadBatches.uploadedByUserId))
    .where(and(eq(creditLedger.userId, userId), page.after ? lt(creditLedger.id, page.after) : undefined))
    .orderBy(desc(creditLedger.id))
    .limit(page.limit + 1);
  const entries = rows.slice(0, page.limit).map((row) => ({
    ...row,
    clientId: row.clientId ?? null,
    clientName: row.clientName ?? null,
    fileName: row.fileName ?? null,
    memberName: row.memberName ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, last: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null };
}

/**
 * Holds one credit of `userId` per reference (a document) for work in flight, all or none, never beyond the
 * allowance (balance − held). The conditional update takes the balance row's lock, so concurrent uploads
 * queue behind each other and the last credit goes to exactly one of them. Returns false when short.
 */
export async function holdCredits(db: Db, userId: string, references: string[]): Promise<boolean> {
  if (references.length === 0) return true;
  const count = references.length;
  const held = await db
    .update(creditBalances)
    .set({ reserved: sql`${creditBalances.reserved} + ${count}`, updatedAt: new Date() })
    .where(
      and(
        eq(creditBalances.userId, userId),
        sql`${creditBalances.available} - ${creditBalances.reserved} >= ${count}`,
      ),
    )
    .returning({ userId: creditBalances.userId });
  if (held.length === 0) return false;
  await db.insert(creditLedger).values(
    references.map((reference) => ({
      id: newId(),
      userId,
      kind: 'reservation' as const,
      amount: 0,
      held: 1,
      reference,
    })),
  );
  return true;
}

/**
 * Settles a held credit: `spend` (the work succeeded: −1 balance) or `release` (it did not: the credit is
 * free again). Idempotent by reference; the caller makes sure a reference is settled only one way.
 */
export async function settleHeldCredit(
  db: Db,
  userId: string,
  reference: string,
  outcome: 'spend' | 'release',
) {
  const spend = outcome === 'spend';
  const inserted = await db
    .insert(creditLedger)
    .values({
      id: newId(),
      userId,
      kind: spend ? 'debit' : 'release',
      amount: spend ? -1 : 0,
      held: -1,
      reference,
    })
    .onConflictDoNothing({ target: [creditLedger.kind, creditLedger.reference] })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return false;
  const now = new Date();
  await db
    .update(creditBalances)
    .set({
      reserved: sql`${creditBalances.reserved} - 1`,
      ...(spend ? { available: sql`${creditBalances.available} - 1`, lastUsageAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(creditBalances.userId, userId));
  return true;
}

/** What the user can still spend: the balance minus credits held for documents in flight. */
export async function findAllowance(db: Db, userId: string): Promise<number> {
  const balance = await findBalance(db, userId);
  return balance ? balance.available - balance.reserved : 0;
}
