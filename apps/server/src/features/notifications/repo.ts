import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { visibleClientsOf } from '../../access/firm';
import type { UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { clients, documents, invoices, uploadBatches, users } from '../../db/schema';

/** Locks the batch row for the rest of the transaction, so two documents settling together take turns. */
export async function lockBatch(tx: Db, batchId: string): Promise<void> {
  await tx.execute(sql`select id from ${uploadBatches} where ${uploadBatches.id} = ${batchId} for update`);
}

/** The status of every document of a batch. */
export async function findBatchStatuses(tx: Db, batchId: string) {
  return tx.select({ status: documents.status }).from(documents).where(eq(documents.batchId, batchId));
}

/** Marks the batch finished; the batch, or undefined when it already was. */
export async function markBatchFinished(tx: Db, batchId: string) {
  const [batch] = await tx
    .update(uploadBatches)
    .set({ finishedAt: new Date() })
    .where(and(eq(uploadBatches.id, batchId), isNull(uploadBatches.finishedAt)))
    .returning();
  return batch;
}

export async function findClientName(db: Db, clientId: string) {
  const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return client;
}

/** Verified users with the weekly summary on. */
export async function findWeeklySummaryRecipients(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.notifyWeeklySummary, true), sql`${users.emailVerifiedAt} is not null`));
}

/** The ids of the clients a user may see (access/firm.ts). */
export async function findVisibleClientIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: clients.id }).from(clients).where(visibleClientsOf(userId));
  return rows.map((c) => c.id);
}

/** Documents of these clients read (settled) since `since`. */
export async function countDocumentsReadSince(db: Db, clientIds: string[], since: Date): Promise<number> {
  const [processed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(
      and(
        inArray(documents.clientId, clientIds),
        gte(documents.updatedAt, since),
        inArray(documents.status, ['needs_review', 'ready', 'duplicate', 'failed']),
      ),
    );
  return Number(processed?.n ?? 0);
}

/** Invoices of these clients still to review. */
export async function countInvoicesToReview(db: Db, clientIds: string[]): Promise<number> {
  const [toReview] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(inArray(invoices.clientId, clientIds), eq(invoices.checked, false)));
  return Number(toReview?.n ?? 0);
}
