import { and, asc, desc, eq, gt, isNotNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditPacks, subscriptions } from '../../db/schema';

export type PackRow = typeof creditPacks.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's subscription that is not over (at most one: a unique index says so). */
export async function findLiveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
  return row ?? null;
}

/** The user's newest subscription, over or not. */
export async function findLatestSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findSubscriptionByStripeId(db: Db, stripeId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeId));
  return row ?? null;
}

/** The row, locked for the rest of the transaction: grants and expiries of one subscription queue up. */
export async function lockSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

export async function insertSubscription(db: Db, row: typeof subscriptions.$inferInsert) {
  const [inserted] = await db.insert(subscriptions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateSubscription(
  db: Db,
  id: string,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** Local subscriptions whose period is over: the roll job renews or ends them. */
export function findLocalPeriodsDue(db: Db, now: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        ne(subscriptions.status, 'canceled'),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(500);
}

/** Credit buckets whose period ended before `before` and still hold credits (e.g. a renewal never paid). */
export function findBucketsDue(db: Db, before: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.creditsPeriodEnd),
        lte(subscriptions.creditsPeriodEnd, before),
        gt(subscriptions.periodCredits, 0),
      ),
    )
    .limit(500);
}

/** The credit packs on sale, in the catalogue's order. */
export function findActivePacks(db: Db) {
  return db
    .select()
    .from(creditPacks)
    .where(eq(creditPacks.active, true))
    .orderBy(asc(creditPacks.sortOrder));
}

export async function findActivePack(db: Db, id: string): Promise<PackRow | null> {
  const [pack] = await db
    .select()
    .from(creditPacks)
    .where(and(eq(creditPacks.id, id), eq(creditPacks.active, true)));
  return pack ?? null;
}
