import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents, invoices } from '../db/schema';
import type { FiscalVatLine } from './fiscal';

/**
 * A client's invoices dated from `from` to `to` inclusive, reviewed or not, oldest first (undated ones have
 * no place in a period). What reports, forms and exports all read, so their figures come from one place.
 */
export async function findInvoicesInRange(db: Db, clientId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: invoices.id,
      type: invoices.type,
      issueDate: invoices.issueDate,
      number: invoices.number,
      issuerName: invoices.issuerName,
      issuerTaxId: invoices.issuerTaxId,
      recipientName: invoices.recipientName,
      recipientTaxId: invoices.recipientTaxId,
      taxBaseCents: invoices.taxBaseCents,
      vatTotalCents: invoices.vatTotalCents,
      withholdingCents: invoices.withholdingCents,
      withholdingRate: invoices.withholdingRate,
      surchargeCents: invoices.surchargeCents,
      totalCents: invoices.totalCents,
      vatBreakdown: invoices.vatBreakdown,
      checked: invoices.checked,
      issuerAddress: invoices.issuerAddress,
      currency: invoices.currency,
      paidAt: invoices.paidAt,
      // The document's language, as the engine read it: a sign of a foreign supplier (fiscal/sheet.ts).
      language: sql<string | null>`${documents.extraction}->>'language'`,
    })
    .from(invoices)
    .leftJoin(documents, eq(documents.id, invoices.documentId))
    .where(and(eq(invoices.clientId, clientId), gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
    .orderBy(asc(invoices.issueDate), asc(invoices.number), asc(invoices.id));
  return rows.map((row) => ({
    ...row,
    vatBreakdown: Array.isArray(row.vatBreakdown) ? (row.vatBreakdown as FiscalVatLine[]) : [],
  }));
}
