import { and, count, eq, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, documents } from '../../db/schema';
import { AppError } from '../../errors';
import { monthStart } from '../../lib/month';

/**
 * Files uploaded for the client since the month began: the documents that passed the door (a file
 * refused for its type or size was never uploaded and costs nothing, so it does not count either).
 */
export async function countMonthUploads(db: Db, clientId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(documents)
    .where(
      and(
        eq(documents.clientId, clientId),
        gte(documents.createdAt, monthStart(now)),
        isNotNull(documents.mediaType),
      ),
    );
  return row?.value ?? 0;
}

/**
 * Refuses `adding` more files when they would take the client past its limit this month: 422
 * `MONTHLY_LIMIT_EXCEEDED` with `{ limit, used, remaining }`. No limit (null) admits anything.
 */
export async function checkMonthlyLimit(
  db: Db,
  client: { id: string; monthlyLimit: number | null },
  adding: number,
): Promise<void> {
  const limit = client.monthlyLimit;
  if (limit === null) return;
  const used = await countMonthUploads(db, client.id);
  if (used + adding > limit) {
    throw new AppError('MONTHLY_LIMIT_EXCEEDED', { limit, used, remaining: Math.max(0, limit - used) });
  }
}

/**
 * The same check inside the upload's transaction, with the client row locked: two drops at once cannot
 * both take the last files of the month.
 */
export async function checkMonthlyLimitLocked(db: Db, clientId: string, adding: number): Promise<void> {
  const [locked] = await db
    .select({ id: clients.id, monthlyLimit: clients.monthlyLimit })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  if (locked) await checkMonthlyLimit(db, locked, adding);
}
