import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, documentSplits, documents, invoiceItems, invoices, uploadBatches } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

export async function insertBatch(db: Db, values: typeof uploadBatches.$inferInsert) {
  await db.insert(uploadBatches).values(values);
}

export async function insertDocuments(db: Db, values: (typeof documents.$inferInsert)[]) {
  if (values.length) await db.insert(documents).values(values);
}

export async function findBatch(db: Db, id: string) {
  const [batch] = await db.select().from(uploadBatches).where(eq(uploadBatches.id, id));
  return batch ?? null;
}

export function findBatchDocuments(db: Db, batchId: string) {
  return db.select().from(documents).where(eq(documents.batchId, batchId)).orderBy(asc(documents.id));
}

/** The document, locked for the rest of the transaction so two runs of its job cannot both settle it. */
export async function lockDocument(db: Db, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).for('update');
  return row ?? null;
}

export async function findDocument(db: Db, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

export async function updateDocument(db: Db, id: string, values: Partial<typeof documents.$inferInsert>) {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id));
}

/** An invoice of this client made from the same file, by another document. */
export async function findInvoiceBySha(db: Db, clientId: string, sha256: string, exceptDocumentId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        eq(invoices.sourceSha256, sha256),
        ne(invoices.documentId, exceptDocumentId),
      ),
    );
  return row ?? null;
}

/** The client's row, locked for the rest of the transaction: one settle of its documents at a time. */
export async function lockClientRow(db: Db, clientId: string) {
  await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
}

/** Inserts unless a unique key says it already exists (same document, same file, same issuer + number). */
export async function insertInvoiceIfNew(db: Db, values: typeof invoices.$inferInsert): Promise<boolean> {
  const rows = await db.insert(invoices).values(values).onConflictDoNothing().returning({ id: invoices.id });
  return rows.length > 0;
}

export async function insertItems(db: Db, values: (typeof invoiceItems.$inferInsert)[]) {
  if (values.length) await db.insert(invoiceItems).values(values);
}

export async function countPending(db: Db, batchId: string): Promise<number> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.batchId, batchId), inArray(documents.status, ['queued', 'processing'])));
  return rows.length;
}

export async function insertSplits(db: Db, values: (typeof documentSplits.$inferInsert)[]) {
  await db.insert(documentSplits).values(values);
}

export async function findSplit(db: Db, id: string) {
  const [row] = await db.select().from(documentSplits).where(eq(documentSplits.id, id));
  return row ?? null;
}

/** Takes the split's row lock until the transaction ends: edits of one split's pages go one at a time. */
export async function lockSplit(db: Db, id: string): Promise<void> {
  await db
    .select({ id: documentSplits.id })
    .from(documentSplits)
    .where(eq(documentSplits.id, id))
    .for('update');
}

/** The documents cut from one PDF, in page order. */
export function findSplitDocuments(db: Db, splitId: string) {
  return db
    .select()
    .from(documents)
    .where(eq(documents.splitId, splitId))
    .orderBy(asc(documents.pageFrom), asc(documents.id));
}

export async function deleteDocument(db: Db, id: string) {
  await db.delete(documents).where(eq(documents.id, id));
}

export async function deleteSplit(db: Db, id: string) {
  await db.delete(documentSplits).where(eq(documentSplits.id, id));
}

/** Deletes the invoice; its document and original file stay, unlinked. */
export async function deleteInvoiceRow(db: Db, id: string) {
  await db
    .update(documents)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(documents.invoiceId, id));
  await db.delete(invoices).where(eq(invoices.id, id));
}
