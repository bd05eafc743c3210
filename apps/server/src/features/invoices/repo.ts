import type { InvoiceSort } from '@cuadra/shared';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, invoiceItems, invoices } from '../../db/schema';

export type InvoiceRowDb = typeof invoices.$inferSelect;

/** The other party: the recipient of an issued invoice, the issuer of a received one, else whichever is known. */
const counterparty = sql<string | null>`case ${invoices.type}
  when 'issued' then ${invoices.recipientName}
  when 'received' then ${invoices.issuerName}
  else coalesce(${invoices.issuerName}, ${invoices.recipientName}) end`;

const SORT_COLUMNS: Record<InvoiceSort, SQL | typeof invoices.issueDate> = {
  date: sql`${invoices.issueDate}`,
  number: sql`lower(${invoices.number})`,
  client: sql`lower(${counterparty})`,
  total: sql`${invoices.totalCents}`,
  type: sql`${invoices.type}`,
};

export function listInvoices(
  db: Db,
  clientId: string,
  query: { sort: InvoiceSort; order: 'asc' | 'desc'; from?: string; to?: string },
) {
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  return db
    .select({
      id: invoices.id,
      type: invoices.type,
      number: invoices.number,
      issueDate: invoices.issueDate,
      counterpartyName: counterparty,
      totalCents: invoices.totalCents,
      currency: invoices.currency,
      checked: invoices.checked,
      documentId: invoices.documentId,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        query.from ? gte(invoices.issueDate, query.from) : undefined,
        query.to ? lte(invoices.issueDate, query.to) : undefined,
      ),
    )
    .orderBy(
      sql`${column} ${direction} nulls last`,
      query.order === 'asc' ? asc(invoices.id) : desc(invoices.id),
    );
}

/** Gross income (issued totals) and how many invoices still need review, for one client. */
export async function findInvoiceTotals(db: Db, clientId: string) {
  const [row] = await db
    .select({
      grossIncomeCents: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.type} = 'issued'), 0)::bigint`,
      needsReviewCount: sql<number>`(count(*) filter (where not ${invoices.checked}))::int`,
    })
    .from(invoices)
    .where(eq(invoices.clientId, clientId));
  return {
    grossIncomeCents: Number(row?.grossIncomeCents ?? 0),
    needsReviewCount: Number(row?.needsReviewCount ?? 0),
  };
}

export async function findInvoice(db: Db, id: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      file: {
        mediaType: documents.mediaType,
        filename: documents.filename,
        key: documents.fileKey,
        warnings: sql<unknown>`${documents.extraction} -> 'warnings'`,
      },
    })
    .from(invoices)
    .leftJoin(documents, eq(documents.id, invoices.documentId))
    .where(eq(invoices.id, id));
  return row ?? null;
}

export function findItems(db: Db, invoiceId: string) {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position));
}

export async function updateInvoiceRow(db: Db, id: string, values: Partial<typeof invoices.$inferInsert>) {
  await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

export async function replaceItems(db: Db, invoiceId: string, items: (typeof invoiceItems.$inferInsert)[]) {
  await db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (items.length) await db.insert(invoiceItems).values(items);
}

export async function markDocumentReviewed(db: Db, invoiceId: string) {
  await db
    .update(documents)
    .set({ status: 'ready', updatedAt: new Date() })
    .where(eq(documents.invoiceId, invoiceId));
}

/** Deletes the invoice; its document and original file stay, unlinked. */
export async function deleteInvoiceRow(db: Db, id: string) {
  await db
    .update(documents)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(documents.invoiceId, id));
  await db.delete(invoices).where(eq(invoices.id, id));
}
