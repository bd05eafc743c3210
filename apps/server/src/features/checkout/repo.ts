import { and, eq, gt, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/schema';

export type CheckoutRow = typeof checkouts.$inferSelect;

export async function insertCheckout(db: Db, row: typeof checkouts.$inferInsert): Promise<void> {
  await db.insert(checkouts).values(row);
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  return row ?? null;
}

export async function findCheckoutBySession(db: Db, provider: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, provider), eq(checkouts.providerSessionId, sessionId)));
  return row ?? null;
}

export async function setProviderSession(db: Db, id: string, sessionId: string): Promise<void> {
  await db.update(checkouts).set({ providerSessionId: sessionId }).where(eq(checkouts.id, id));
}

/** Marks a checkout paid unless it already is; returns the row only to the one caller that changed it. */
export async function markPaid(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .update(checkouts)
    .set({ status: 'paid', settledAt: new Date() })
    .where(and(eq(checkouts.id, id), ne(checkouts.status, 'paid')))
    .returning();
  return row ?? null;
}

/** Records that the checkout's coupon was paid past its limit (docs/decisions/0016). */
export async function markCouponOverLimit(db: Db, id: string): Promise<void> {
  await db.update(checkouts).set({ couponOverLimit: true }).where(eq(checkouts.id, id));
}

/** Closes a checkout that is still open (a paid one stays paid). */
export async function markClosed(db: Db, id: string, status: 'cancelled' | 'failed' | 'expired') {
  await db
    .update(checkouts)
    .set({ status, settledAt: new Date() })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, 'open')));
}

/** Open provider checkouts old enough that their webhook should have come, and young enough to matter. */
export function findCheckoutsToReconcile(db: Db, provider: string, olderThan: Date, newerThan: Date) {
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.provider, provider),
        eq(checkouts.status, 'open'),
        isNotNull(checkouts.providerSessionId),
        lt(checkouts.createdAt, olderThan),
        gt(checkouts.createdAt, newerThan),
      ),
    )
    .limit(200);
}

/**
 * The caller's checkout that a `session_id` names: the provider's session id (Stripe), or the checkout's
 * own id (the local checkout returns with it). Someone else's checkout is not found.
 */
export async function findUserCheckoutBySession(db: Db, userId: string, sessionId: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId);
  const [row] = await db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        isUuid
          ? or(
              eq(checkouts.providerSessionId, sessionId),
              and(eq(checkouts.id, sessionId), eq(checkouts.provider, 'local')),
            )
          : eq(checkouts.providerSessionId, sessionId),
      ),
    );
  return row ?? null;
}
