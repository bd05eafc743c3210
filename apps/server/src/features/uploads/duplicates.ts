import type { ExtractionResult } from '@cuadra/extract';
import { and, between, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { documents, invoices } from '../../db/schema';
import { AppError } from '../../errors';
import { invoiceFromExtraction, suggestInvoiceType } from '../../fiscal/from-extraction';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { findAllowance, holdCredits, settleHeldCredit } from '../credits';
import { applySupplierMemory } from '../review';
import { creditReference } from './intake';
import {
  deleteDocument,
  findDocument,
  insertInvoiceIfNew,
  insertItems,
  lockDocument,
  updateDocument,
} from './repo';

// Duplicates as an accountant spots them (issue 36 item 3): the same issuer and number, or the same issuer,
// date and total, forgiving what OCR usually gets wrong. The same invoice as the issuer's PDF and as a photo
// of it must be charged once, whichever reading slipped by a character.

/** A cent either way: one reading rounds a line, the other reads the printed total. */
export const TOTAL_SLIP_CENTS = 1;
/** A shorter name inside a longer one counts as the same issuer only from this length ("AWS" would not). */
const MIN_CONTAINED_NAME = 8;

const LEGAL_FORMS =
  /\b(s\.?\s?l\.?(u\.?)?|s\.?\s?a\.?(u\.?)?|s\.?\s?c\.?|ltd|gmbh|inc|llc|sarl|s\.?\s?a\.?\s?r\.?\s?l\.?|bv|ag)\b/g;

/**
 * What survives OCR's usual slips: case, spaces and punctuation dropped, O read for 0 and I or l for 1.
 * Applied to numbers, tax ids and names alike.
 */
export function foldForMatch(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/l/g, '1')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/O/g, '0')
    .replace(/I/g, '1');
}

function foldName(name: string | null | undefined): string {
  return foldForMatch((name ?? '').toLowerCase().replace(LEGAL_FORMS, ' '));
}

/** `ES` + NIF and the NIF alone are the same taxpayer. */
function foldTaxId(id: string | null | undefined): string {
  return foldForMatch(id).replace(/^ES(?=[0-9A-Z]{9}$)/, '');
}

export type DuplicateKey = {
  issuerTaxId?: string | null;
  issuerName?: string | null;
  number?: string | null;
  issueDate?: string | null;
  totalCents?: number | null;
};

function sameIssuer(a: DuplicateKey, b: DuplicateKey): boolean {
  const idA = foldTaxId(a.issuerTaxId);
  const idB = foldTaxId(b.issuerTaxId);
  if (idA && idA === idB) return true;
  const nameA = foldName(a.issuerName);
  const nameB = foldName(b.issuerName);
  if (!nameA || !nameB) return false;
  if (nameA === nameB) return true;
  const [short, long] = nameA.length < nameB.length ? [nameA, nameB] : [nameB, nameA];
  return short.length >= MIN_CONTAINED_NAME && long.includes(short);
}

/** Whether two readings are, to an accountant, the same invoice. */
export function isSameInvoice(a: DuplicateKey, b: DuplicateKey): boolean {
  if (!sameIssuer(a, b)) return false;
  const numberA = foldForMatch(a.number);
  if (numberA && numberA === foldForMatch(b.number)) return true;
  return (
    !!a.issueDate &&
    a.issueDate === b.issueDate &&
    a.totalCents != null &&
    b.totalCents != null &&
    Math.abs(a.totalCents - b.totalCents) <= TOTAL_SLIP_CENTS
  );
}

/**
 * The client's invoice that `reading` repeats, if any. Candidates are narrowed in SQL by what a repeat must
 * share exactly with the original under one of the two rules (the issuer's tax id, the date, or a total
 * within a cent, or the issuer's name); the forgiving comparison is then made here.
 */
export async function findSameInvoice(
  db: Db,
  clientId: string,
  reading: DuplicateKey,
  exceptDocumentId?: string,
): Promise<{ id: string } | null> {
  const narrow: SQL[] = [];
  if (reading.issuerTaxId) narrow.push(eq(invoices.issuerTaxId, reading.issuerTaxId));
  if (reading.issueDate) narrow.push(eq(invoices.issueDate, reading.issueDate));
  if (reading.totalCents != null)
    narrow.push(
      between(
        invoices.totalCents,
        reading.totalCents - TOTAL_SLIP_CENTS,
        reading.totalCents + TOTAL_SLIP_CENTS,
      ),
    );
  if (reading.issuerName)
    narrow.push(sql`lower(${invoices.issuerName}) = ${reading.issuerName.trim().toLowerCase()}`);
  if (narrow.length === 0 || (!reading.number && !(reading.issueDate && reading.totalCents != null)))
    return null;
  const rows = await db
    .select({
      id: invoices.id,
      issuerTaxId: invoices.issuerTaxId,
      issuerName: invoices.issuerName,
      number: invoices.number,
      issueDate: invoices.issueDate,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        or(...narrow),
        exceptDocumentId
          ? or(sql`${invoices.documentId} is null`, ne(invoices.documentId, exceptDocumentId))
          : undefined,
      ),
    )
    .orderBy(invoices.createdAt)
    .limit(200);
  const match = rows.find((row) => isSameInvoice(reading, row));
  return match ? { id: match.id } : null;
}

/**
 * The accountant's answer to "possible duplicate of …" (issue 36 item 3). `keep`: both are kept, so the
 * second becomes an invoice of its own from what was read, and is charged then (one credit) — exact twins
 * (the same file twice) too: the accountant may know of two purchases on one printed ticket. `discard`:
 * the document and its file are dropped; it had cost nothing.
 */
export async function decideDuplicate(
  services: Services,
  user: UserRow,
  documentId: string,
  decision: 'keep' | 'discard',
): Promise<{ invoiceId: string | null }> {
  const document = await findDocument(services.db, documentId);
  if (!document || !(await findVisibleClient(services.db, user.id, document.clientId)))
    throw new AppError('DOCUMENT_NOT_FOUND');
  if (document.status !== 'duplicate') throw new AppError('DOCUMENT_NOT_DUPLICATE');
  if (decision === 'discard') {
    await services.db.transaction(async (tx) => {
      const current = await lockDocument(tx, documentId);
      if (current?.status !== 'duplicate') throw new AppError('DOCUMENT_NOT_DUPLICATE');
      await deleteDocument(tx, documentId);
    });
    // A file shared with other documents (a cut PDF's part, a batch entry) stays for them.
    if (document.fileKey && !(await isFileShared(services.db, document.fileKey)))
      await services.files.delete(document.fileKey);
    return { invoiceId: null };
  }
  const invoiceId = newId();
  try {
    await services.db.transaction(async (tx) => {
      const current = await lockDocument(tx, documentId);
      if (current?.status !== 'duplicate') throw new AppError('DOCUMENT_NOT_DUPLICATE');
      // The same file twice was never read again: what its original's document read is what it says.
      const extraction = (current.extraction ??
        (await findOriginalExtraction(tx, current.duplicateOfInvoiceId))) as ExtractionResult | null;
      if (!extraction) throw new AppError('DOCUMENT_NOT_DUPLICATE');
      const reference = `${creditReference(documentId)}:kept`;
      if (!(await holdCredits(tx, current.payerUserId, [reference])))
        throw new AppError('INSUFFICIENT_CREDITS', {
          needed: 1,
          allowance: await findAllowance(tx, current.payerUserId),
        });
      const { invoice, items } = invoiceFromExtraction(extraction);
      const client = await findVisibleClient(tx, current.payerUserId, current.clientId);
      const inserted = await insertInvoiceIfNew(
        tx,
        await applySupplierMemory(tx, current.clientId, {
          id: invoiceId,
          clientId: current.clientId,
          documentId,
          // The original holds the file's hash; this one is kept on the accountant's word, even when it is
          // the very same file or reads the same issuer and number (`keptAsDuplicate` lifts that key).
          sourceSha256: null,
          keptAsDuplicate: true,
          type: client ? suggestInvoiceType(client, invoice) : null,
          ...invoice,
        }),
      );
      if (!inserted) throw new AppError('INVOICE_DUPLICATE');
      await insertItems(
        tx,
        items.map((item) => ({ id: newId(), invoiceId, ...item })),
      );
      await updateDocument(tx, documentId, {
        status: 'needs_review',
        invoiceId,
        duplicateOfInvoiceId: null,
        extraction,
      });
      await settleHeldCredit(tx, current.payerUserId, reference, 'spend');
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } })?.cause?.code === '23505')
      throw new AppError('INVOICE_DUPLICATE');
    throw error;
  }
  return { invoiceId };
}

async function isFileShared(db: Db, fileKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.fileKey, fileKey))
    .limit(1);
  return rows.length > 0;
}

async function findOriginalExtraction(db: Db, invoiceId: string | null): Promise<unknown> {
  if (!invoiceId) return null;
  const [row] = await db
    .select({ extraction: documents.extraction })
    .from(documents)
    .innerJoin(invoices, eq(invoices.documentId, documents.id))
    .where(eq(invoices.id, invoiceId));
  return row?.extraction ?? null;
}
