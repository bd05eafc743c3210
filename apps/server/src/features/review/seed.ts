import type { FieldEvidence } from '@cuadra/shared';
import type { Db } from '../../db/client';
import { documents, invoices, uploadBatches } from '../../db/schema';
import { newId } from '../../lib/ids';

type DocumentStatus = (typeof documents.$inferInsert)['status'];
type InvoiceSeed = Partial<Omit<typeof invoices.$inferInsert, 'id' | 'clientId' | 'documentId'>>;

/**
 * Documents (and their invoices) written straight to the database, as the extraction job would leave them:
 * for tests and the queue benchmark, which are about the desk, not about reading files.
 */
export async function seedDocuments(
  db: Db,
  owner: { clientId: string; payerUserId: string },
  docs: {
    filename: string;
    status?: DocumentStatus;
    invoice?: InvoiceSeed | null;
    createdAt?: Date;
    fileKey?: string | null;
    mediaType?: string | null;
  }[],
): Promise<{ documentId: string; invoiceId: string | null }[]> {
  const batchId = newId();
  await db.insert(uploadBatches).values({
    id: batchId,
    clientId: owner.clientId,
    uploadedByUserId: owner.payerUserId,
  });
  const out: { documentId: string; invoiceId: string | null }[] = [];
  const documentRows: (typeof documents.$inferInsert)[] = [];
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  for (const doc of docs) {
    const documentId = newId();
    const invoiceId = doc.invoice === null ? null : newId();
    const status = doc.status ?? (invoiceId ? 'needs_review' : 'processing');
    documentRows.push({
      id: documentId,
      batchId,
      clientId: owner.clientId,
      payerUserId: owner.payerUserId,
      filename: doc.filename,
      mediaType: doc.mediaType ?? null,
      fileKey: doc.fileKey ?? null,
      sizeBytes: 1,
      status,
      invoiceId,
      ...(doc.createdAt ? { createdAt: doc.createdAt } : {}),
    });
    if (invoiceId) {
      invoiceRows.push({
        id: invoiceId,
        clientId: owner.clientId,
        documentId,
        checked: status === 'ready',
        ...doc.invoice,
      });
    }
    out.push({ documentId, invoiceId });
  }
  for (let i = 0; i < documentRows.length; i += 500) {
    await db.insert(documents).values(documentRows.slice(i, i + 500));
  }
  for (let i = 0; i < invoiceRows.length; i += 500) {
    await db.insert(invoices).values(invoiceRows.slice(i, i + 500));
  }
  return out;
}

/** Evidence where every field is verified (two sources agree), or some are not. */
export function evidenceOf(fields: Record<string, { confidence: number; verified: boolean }>) {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      { ...value, source: 'text', box: null } satisfies FieldEvidence,
    ]),
  );
}
