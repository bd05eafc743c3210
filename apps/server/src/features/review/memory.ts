import type { FieldEvidence, MemoryField, SupplierMemory, VatLine } from '@cuadra/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type invoices, supplierMemory } from '../../db/schema';
import { newId } from '../../lib/ids';

type InvoiceValues = Partial<typeof invoices.$inferInsert>;

/** The evidence key each remembered field is shown under (the engine's names; the last two are ours). */
const EVIDENCE_KEY: Record<MemoryField, string> = {
  issuerName: 'issuer_name',
  type: 'invoice_type',
  vatRate: 'vat_rate',
};

type Remembered = { issuerName: string | null; type: string | null; vatBreakdown?: unknown };

/** The VAT rates of a breakdown (other taxes, IGIC or IPSI, are not VAT). */
const vatRatesOf = (breakdown: unknown): string[] =>
  [
    ...new Set(
      ((Array.isArray(breakdown) ? breakdown : []) as VatLine[])
        .filter((line) => !line.taxType)
        .map((line) => String(Number(line.rate))),
    ),
  ].sort();

/**
 * What a save corrected that is worth remembering for the next invoice from this supplier: the issuer's
 * name as the accountant spells it, the type, and the VAT rate when the accountant changed the rates to a
 * single one. Only with a supplier tax id (the memory's key).
 */
export function correctionsOf(before: Remembered, after: Remembered): Partial<Record<MemoryField, string>> {
  const out: Partial<Record<MemoryField, string>> = {};
  if (after.issuerName && after.issuerName !== before.issuerName) out.issuerName = after.issuerName;
  if (after.type && after.type !== before.type) out.type = after.type;
  const [rate, ...others] = vatRatesOf(after.vatBreakdown);
  if (rate !== undefined && others.length === 0 && vatRatesOf(before.vatBreakdown).join() !== rate)
    out.vatRate = rate;
  return out;
}

/**
 * The remembered VAT rate applied to an invoice's single VAT line, only where the document's own amounts
 * agree with it (base × rate = VAT, to the cent): a rate the engine misread is mended, amounts never are.
 */
function withRememberedRate(breakdown: unknown, rate: string): VatLine[] | null {
  const lines = (Array.isArray(breakdown) ? breakdown : []) as VatLine[];
  const vat = lines.filter((line) => !line.taxType);
  const [line] = vat;
  if (vat.length !== 1 || !line || line.baseCents === null || line.vatCents === null) return null;
  if (Number(line.rate) === Number(rate)) return null;
  const expected = Math.round((line.baseCents * Number(rate)) / 100);
  if (Math.abs(expected - line.vatCents) > 1) return null;
  return lines.map((l) => (l === line ? { ...l, rate } : l));
}

export async function rememberCorrections(
  db: Db,
  clientId: string,
  supplierTaxId: string | null,
  corrections: Partial<Record<MemoryField, string>>,
) {
  if (!supplierTaxId) return;
  const now = new Date();
  for (const [field, value] of Object.entries(corrections) as [MemoryField, string][]) {
    await db
      .insert(supplierMemory)
      .values({ id: newId(), clientId, supplierTaxId, field, value })
      .onConflictDoUpdate({
        target: [supplierMemory.clientId, supplierMemory.supplierTaxId, supplierMemory.field],
        set: { value: sql`excluded.value`, updatedAt: now },
      });
  }
}

/**
 * A new invoice's values with what the client's memory of its supplier says, each remembered field marked
 * with source `memory` and never verified (only two independent sources make a field verified).
 */
export async function applySupplierMemory<T extends InvoiceValues>(
  db: Db,
  clientId: string,
  values: T,
): Promise<T> {
  if (!values.issuerTaxId) return values;
  const remembered = await db
    .select()
    .from(supplierMemory)
    .where(and(eq(supplierMemory.clientId, clientId), eq(supplierMemory.supplierTaxId, values.issuerTaxId)));
  if (remembered.length === 0) return values;
  const evidence = { ...((values.evidence ?? {}) as Record<string, FieldEvidence>) };
  const out: T = { ...values };
  for (const row of remembered) {
    const key = EVIDENCE_KEY[row.field];
    if (row.field === 'issuerName') out.issuerName = row.value;
    if (row.field === 'type' && (row.value === 'issued' || row.value === 'received')) out.type = row.value;
    if (row.field === 'vatRate') {
      const mended = withRememberedRate(out.vatBreakdown, row.value);
      if (!mended) continue;
      out.vatBreakdown = mended;
    }
    evidence[key] = { confidence: 1, verified: false, source: 'memory', box: evidence[key]?.box ?? null };
  }
  out.evidence = evidence;
  return out;
}

/** A keyset page of what is remembered for a client, by (supplier tax id, field): its unique index's order. */
export async function listSupplierMemory(
  db: Db,
  clientId: string,
  page: { limit: number; after: { taxId: string; field: string } | null },
): Promise<SupplierMemory[]> {
  const rows = await db
    .select()
    .from(supplierMemory)
    .where(
      and(
        eq(supplierMemory.clientId, clientId),
        page.after
          ? sql`(${supplierMemory.supplierTaxId}, ${supplierMemory.field}) > (${page.after.taxId}, ${page.after.field})`
          : undefined,
      ),
    )
    .orderBy(asc(supplierMemory.supplierTaxId), asc(supplierMemory.field))
    .limit(page.limit + 1);
  return rows.map((row) => ({
    supplierTaxId: row.supplierTaxId,
    field: row.field,
    value: row.value,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Forgets what was remembered about a supplier (one field, or all of them); true when something was. */
export async function forgetSupplierMemory(
  db: Db,
  clientId: string,
  supplierTaxId: string,
  field?: MemoryField,
): Promise<boolean> {
  const rows = await db
    .delete(supplierMemory)
    .where(
      and(
        eq(supplierMemory.clientId, clientId),
        eq(supplierMemory.supplierTaxId, supplierTaxId),
        field ? eq(supplierMemory.field, field) : undefined,
      ),
    )
    .returning({ id: supplierMemory.id });
  return rows.length > 0;
}
