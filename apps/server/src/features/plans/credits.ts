import type { Plan } from '@cuadra/shared';
import type { Db } from '../../db/client';
import { countDebitsSince, expireCredits, findBalance, grantCredits } from '../credits';
import { lockSubscription, type SubscriptionRow, updateSubscription } from './repo';

/**
 * Subscription credits and their bucket (ADR 0013). Each period's grant is a `subscription` ledger entry;
 * the bucket on the subscription row remembers how many were granted for which period. Debits spend the
 * bucket first (then pack credits), so what is left of it at the period's end is
 * `granted − spent since the grant − held for work in flight`, and that expires (`expiry` entry).
 * Pack credits never expire. The ledger stays the one source of the balance.
 */

export type Period = { start: Date; end: Date };

/**
 * Grants `plan`'s credits for `period`, exactly once per `reference` (a Stripe invoice id, or our period):
 * a later period first expires what is left of the bucket, then fills a new one with the plan's credits;
 * the same period (an upgrade's proration) tops the bucket up to the new plan's credits; an earlier period
 * (a late, stale delivery) grants nothing. Periods are told apart by their end. Returns the credits granted.
 */
export async function grantPeriodCredits(
  db: Db,
  subscriptionId: string,
  period: Period,
  plan: Plan,
  reference: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, subscriptionId);
    if (!row || plan.invoices === null) return 0;
    const bucketEnd = row.creditsPeriodEnd?.getTime() ?? Number.NEGATIVE_INFINITY;
    const end = period.end.getTime();
    if (end < bucketEnd) return 0;
    const isNewPeriod = end > bucketEnd;
    const amount = isNewPeriod ? plan.invoices : Math.max(0, plan.invoices - row.periodCredits);
    if (amount === 0) return 0;
    if (isNewPeriod) await expireBucket(tx, row);
    if (!(await grantCredits(tx, row.userId, amount, 'subscription', reference))) return 0;
    await updateSubscription(
      tx,
      row.id,
      isNewPeriod
        ? {
            periodCredits: amount,
            creditsPeriodStart: period.start,
            creditsPeriodEnd: period.end,
            // Wall-clock time, as the debits' own: they are counted against the bucket from here on.
            creditsGrantedAt: new Date(),
          }
        : { periodCredits: row.periodCredits + amount },
    );
    return amount;
  });
}

/**
 * Takes back what is left of the row's bucket (no carry-over) and empties it. Idempotent: the expiry's
 * reference names the bucket's period, and an empty bucket expires nothing. Returns the credits taken.
 */
export async function expireBucket(db: Db, row: SubscriptionRow): Promise<number> {
  if (row.periodCredits <= 0 || !row.creditsGrantedAt || !row.creditsPeriodEnd) return 0;
  const spent = await countDebitsSince(db, row.userId, row.creditsGrantedAt);
  const held = (await findBalance(db, row.userId))?.reserved ?? 0;
  const unused = Math.max(0, row.periodCredits - spent - held);
  const taken = await expireCredits(
    db,
    row.userId,
    unused,
    `expiry:${row.id}:${row.creditsPeriodEnd.toISOString()}`,
  );
  await updateSubscription(db, row.id, { periodCredits: 0 });
  return taken;
}

/** Locks the row and expires its bucket (the period is over: a roll, an end, a renewal never paid). */
export async function expireBucketOf(db: Db, subscriptionId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, subscriptionId);
    return row ? expireBucket(tx, row) : 0;
  });
}
