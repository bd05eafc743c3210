import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, documents, invoices, retentionLog, subscriptions } from '../../db/schema';

type DocumentStatus = (typeof documents.$inferSelect)['status'];

/** The user's live subscription (active or past due), if any. */
export async function findLiveSubscription(db: Db, userId: string) {
  const [live] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])));
  return live;
}

/** The last credit pack the user paid for, with when. */
export async function findLastPaidPack(db: Db, userId: string) {
  const [pack] = await db
    .select({ planId: checkouts.planId, packId: checkouts.packId, at: checkouts.settledAt })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'paid'), isNotNull(checkouts.packId)))
    .orderBy(desc(checkouts.settledAt))
    .limit(1);
  return pack;
}

/** The user's last ended subscription, with when it ended. */
export async function findLastEndedSubscription(db: Db, userId: string) {
  const [ended] = await db
    .select({ planId: subscriptions.planId, at: subscriptions.endedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.endedAt))
    .limit(1);
  return ended;
}

/** Everyone who pays for a document created before `before`. */
export async function findPayersWithDocumentsBefore(db: Db, before: Date) {
  return db
    .selectDistinct({ userId: documents.payerUserId })
    .from(documents)
    .where(lt(documents.createdAt, before));
}

/** The user's documents created before `warnBefore` and never warned about, oldest first. */
export async function findDocumentsToWarn(db: Db, userId: string, warnBefore: Date, limit: number) {
  return db
    .select({ id: documents.id, createdAt: documents.createdAt })
    .from(documents)
    .where(
      and(
        eq(documents.payerUserId, userId),
        lt(documents.createdAt, warnBefore),
        isNull(documents.retentionWarnedAt),
      ),
    )
    .orderBy(asc(documents.createdAt))
    .limit(limit);
}

export async function markWarned(db: Db, documentIds: string[], at: Date): Promise<void> {
  await db.update(documents).set({ retentionWarnedAt: at }).where(inArray(documents.id, documentIds));
}

/** The user's documents past retention and warned long enough ago, but not those in `skipStatuses`. */
export async function findExpiredDocuments(
  db: Db,
  query: {
    userId: string;
    createdBefore: Date;
    warnedBefore: Date;
    skipStatuses: readonly DocumentStatus[];
    limit: number;
  },
) {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerUserId, query.userId),
        lt(documents.createdAt, query.createdBefore),
        lte(documents.retentionWarnedAt, query.warnedBefore),
        notInArray(documents.status, [...query.skipStatuses]),
      ),
    )
    .limit(query.limit);
}

/** Deletes a document and its invoice (a batch's own invoice or the one it became); the invoices removed. */
export async function deleteDocumentAndInvoices(db: Db, doc: { id: string; invoiceId: string | null }) {
  const removed = await db
    .delete(invoices)
    .where(or(eq(invoices.documentId, doc.id), doc.invoiceId ? eq(invoices.id, doc.invoiceId) : undefined))
    .returning({ id: invoices.id });
  await db.delete(documents).where(eq(documents.id, doc.id));
  return removed;
}

export async function insertRetentionLog(db: Db, values: typeof retentionLog.$inferInsert): Promise<void> {
  await db.insert(retentionLog).values(values);
}

/**
 * Whether another document still points at `doc`'s stored file. Files are stored per upload, so only the
 * same client's documents can share one (which keeps the look-up on the client's index).
 */
export async function fileUsedByOthers(
  db: Db,
  doc: { id: string; clientId: string; fileKey: string | null },
): Promise<boolean> {
  if (doc.fileKey === null) return false;
  const [other] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(eq(documents.clientId, doc.clientId), eq(documents.fileKey, doc.fileKey), ne(documents.id, doc.id)),
    )
    .limit(1);
  return other !== undefined;
}
