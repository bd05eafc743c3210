import {
  type ExtractionResult,
  isExtractError,
  type PlaceField,
  type PlaceHint,
  PlaceHintSchema,
} from '@cuadra/extract';
import { centsToDecimal, type FieldEvidence, type InvoiceFields } from '@cuadra/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { clients, documents, invoices, supplierPlaces } from '../../db/schema';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';

// Place memory (issue #34 item 6): where a supplier prints a field, learned by the engine from the
// accountant's correction (a job, as it reads the stored document again) and passed to the engine with the
// next documents of the accountant's clients. The engine applies a place only to its supplier's documents.

/** The invoice's editable fields a place can be learned for, by the engine's field names. */
const PLACE_OF_FIELD = {
  number: 'invoice_number',
  issueDate: 'issue_date',
  dueDate: 'due_date',
  taxBaseCents: 'tax_base',
  vatTotalCents: 'vat_total',
  totalCents: 'total',
  issuerName: 'issuer_name',
  issuerTaxId: 'issuer_tax_id',
  recipientName: 'client_name',
  recipientTaxId: 'client_tax_id',
} as const satisfies Partial<Record<keyof InvoiceFields, PlaceField>>;

/** How many places of one accountant go with a document (the most recently taught first). */
export const MAX_PLACES_PER_DOCUMENT = 2000;

export type Corrected = { field: PlaceField; value: string };
type Values = Partial<Record<keyof typeof PLACE_OF_FIELD, string | number | null>>;

/** The fields a save changed to a value, in the engine's names and spelling (money as `123.45`). */
export function correctedPlaces(before: Values, after: Values): Corrected[] {
  return (Object.keys(PLACE_OF_FIELD) as (keyof typeof PLACE_OF_FIELD)[]).flatMap((name) => {
    const value = after[name];
    if (value === null || value === undefined || value === '' || value === before[name]) return [];
    const text = typeof value === 'number' ? centsToDecimal(value) : value;
    return [{ field: PLACE_OF_FIELD[name], value: text }];
  });
}

/** `ES` + NIF and the NIF alone are one taxpayer; a supplier without a tax id is told by its name. */
export function supplierKeyOf(supplier: { taxId: string | null; name: string | null }): string | null {
  const taxId = (supplier.taxId ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (taxId) return taxId.replace(/^ES(?=[0-9A-Z]{9}$)/, '');
  const name = (supplier.name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, '');
  return name.length >= 4 ? `name:${name}` : null;
}

const supplierOf = (key: string): NonNullable<PlaceHint['supplier']> =>
  key.startsWith('name:') ? { name: key.slice(5) } : { taxId: key };

/** The places an accountant's corrections taught, as the engine takes them (each with its supplier). */
export async function placeHintsFor(db: Db, ownerUserId: string): Promise<PlaceHint[]> {
  const rows = await db
    .select()
    .from(supplierPlaces)
    .where(eq(supplierPlaces.ownerUserId, ownerUserId))
    .orderBy(desc(supplierPlaces.updatedAt))
    .limit(MAX_PLACES_PER_DOCUMENT);
  return rows.flatMap((row) => {
    const place = PlaceHintSchema.safeParse(row.place);
    return place.success ? [{ ...place.data, id: row.id, supplier: supplierOf(row.supplierKey) }] : [];
  });
}

/**
 * The evidence of a new invoice with, for each field the engine read at a learned place, which place
 * and the number of the invoice whose correction taught it (the desk says so, and can forget it).
 */
export async function withLearnedFrom(
  db: Db,
  evidence: Record<string, FieldEvidence>,
  hintsUsed: Record<string, string> | undefined,
): Promise<Record<string, FieldEvidence>> {
  const ids = Object.values(hintsUsed ?? {});
  if (!ids.length) return evidence;
  const rows = await db
    .select({ id: supplierPlaces.id, number: supplierPlaces.learnedFromNumber })
    .from(supplierPlaces)
    .where(inArray(supplierPlaces.id, ids));
  const out = { ...evidence };
  for (const [field, id] of Object.entries(hintsUsed ?? {})) {
    const row = rows.find((r) => r.id === id);
    const ev = out[field];
    if (row && ev) out[field] = { ...ev, learnedFrom: { placeId: row.id, invoiceNumber: row.number } };
  }
  return out;
}

export type LearnPayload = { invoiceId: string; fields: Corrected[] };

const LEARNABLE_MEDIA = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/**
 * The job's work: the stored document read again by the engine, told the corrected values; each place it
 * finds is kept for the accountant (the clients' owner) and the invoice's supplier, over an older one.
 */
export async function learnPlaces(services: Services, { invoiceId, fields }: LearnPayload): Promise<void> {
  const [row] = await services.db
    .select({
      number: invoices.number,
      type: invoices.type,
      issuerTaxId: invoices.issuerTaxId,
      issuerName: invoices.issuerName,
      fileKey: documents.fileKey,
      filename: documents.filename,
      mediaType: documents.mediaType,
      ownerUserId: clients.ownerUserId,
      clientName: clients.name,
      clientTaxId: clients.taxId,
    })
    .from(invoices)
    .innerJoin(documents, eq(documents.id, invoices.documentId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(eq(invoices.id, invoiceId));
  if (!row?.fileKey || !LEARNABLE_MEDIA.has(row.mediaType ?? '') || row.type === 'issued') return;
  const supplierKey = supplierKeyOf({ taxId: row.issuerTaxId, name: row.issuerName });
  if (!supplierKey) return;
  const bytes = await services.files.get(row.fileKey);
  let result: ExtractionResult;
  try {
    result = await services.extractor.extract(
      { bytes, filename: row.filename },
      {
        learn: fields,
        party: { name: row.clientName, ...(row.clientTaxId ? { taxId: row.clientTaxId } : {}) },
      },
    );
  } catch (error) {
    // A file the engine refuses cannot teach anything, now or on a retry: nothing to learn, no fault.
    if (isExtractError(error) && error.permanent) return;
    throw error;
  }
  const now = new Date();
  for (const { id: _id, supplier: _supplier, ...place } of result.learned ?? []) {
    await services.db
      .insert(supplierPlaces)
      .values({
        id: newId(),
        ownerUserId: row.ownerUserId,
        supplierKey,
        field: place.field,
        place,
        learnedFromInvoiceId: invoiceId,
        learnedFromNumber: row.number ?? row.filename ?? '',
      })
      .onConflictDoUpdate({
        target: [supplierPlaces.ownerUserId, supplierPlaces.supplierKey, supplierPlaces.field],
        set: {
          place: sql`excluded.place`,
          learnedFromInvoiceId: sql`excluded.learned_from_invoice_id`,
          learnedFromNumber: sql`excluded.learned_from_number`,
          updatedAt: now,
        },
      });
  }
}

/**
 * Forgets the place a field of this invoice was read at: the place goes (no later document of the supplier
 * uses it) and the invoice no longer says it was learned. The value read stays for the accountant to judge.
 */
export async function forgetLearnedPlace(
  services: Services,
  user: UserRow,
  invoiceId: string,
  field: string,
): Promise<void> {
  const [invoice] = await services.db
    .select({ clientId: invoices.clientId, evidence: invoices.evidence })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const client = invoice ? await findVisibleClient(services.db, user.id, invoice.clientId) : null;
  if (!invoice || !client) throw new AppError('INVOICE_NOT_FOUND');
  const learned = (invoice.evidence as Record<string, FieldEvidence> | null)?.[field]?.learnedFrom;
  if (!learned) throw new AppError('PLACE_MEMORY_NOT_FOUND');
  await services.db.transaction(async (tx) => {
    await tx
      .delete(supplierPlaces)
      .where(and(eq(supplierPlaces.id, learned.placeId), eq(supplierPlaces.ownerUserId, client.ownerUserId)));
    await tx
      .update(invoices)
      .set({ evidence: sql`${invoices.evidence} #- ${`{${field},learnedFrom}`}::text[]` })
      .where(eq(invoices.id, invoiceId));
  });
}
