import { type ExtractionResult, isExtractError } from '@cuadra/extract';
import { type DocumentErrorCode, type FieldEvidence, PENDING_STATUSES } from '@cuadra/shared';
import { findVisibleClient } from '../../access/clients';
import type { Db } from '../../db/client';
import { isStorageFull } from '../../files/file-store';
import { invoiceFromExtraction, suggestInvoiceType } from '../../fiscal/from-extraction';
import { newId } from '../../lib/ids';
import { PermanentError } from '../../queue/define-job';
import type { Services } from '../../services';
import { holdCredits, settleHeldCredit } from '../credits';
import { diffFields, recordChanges } from '../history';
import { noteDocumentSettled } from '../notifications';
import { applySupplierMemory, placeHintsFor, withLearnedFrom } from '../review';
import { type DuplicateKey, findSameInvoice } from './duplicates';
import { creditReference, MAX_IMAGE_PIXELS } from './intake';
import {
  type DocumentRow,
  findDocument,
  findInvoiceBySha,
  insertDocuments,
  insertInvoiceIfNew,
  insertItems,
  lockClientRow,
  lockDocument,
  updateDocument,
} from './repo';

// The extraction job's side of an upload (the job is in jobs.ts; taking the upload is in service.ts).

const isPending = (row: DocumentRow | null): row is DocumentRow =>
  !!row && PENDING_STATUSES.includes(row.status);

/**
 * The invoice of this client that a document repeats: made from the same file, or the same invoice as an
 * accountant would tell it (same issuer and number, or same issuer, date and total, OCR's slips forgiven).
 */
async function findOriginal(db: Db, document: DocumentRow, read: DuplicateKey = {}) {
  const bySha = document.sha256
    ? await findInvoiceBySha(db, document.clientId, document.sha256, document.id)
    : null;
  return bySha ?? findSameInvoice(db, document.clientId, read, document.id);
}

/** A duplicate costs nothing: the document points at the original and its held credit is released. */
async function settleAsDuplicate(
  db: Db,
  document: DocumentRow,
  originalId: string | null,
  extraction?: ExtractionResult,
) {
  await updateDocument(db, document.id, {
    status: 'duplicate',
    duplicateOfInvoiceId: originalId,
    extraction,
  });
  await settleHeldCredit(db, document.payerUserId, creditReference(document.id), 'release');
}

/**
 * The extraction job's work. Reading the file and running the engine happen outside any transaction;
 * the outcome is written in one, on the locked document, so a job run twice (a worker killed mid-job)
 * settles it once: one invoice and one debit, or one duplicate or failure and one release.
 */
export async function processDocument(services: Services, documentId: string): Promise<void> {
  const document = await findDocument(services.db, documentId);
  if (!isPending(document) || !document.fileKey) return;
  if (await findOriginal(services.db, document)) {
    // The very same file is already an invoice of this client: no need to read it again.
    await services.db.transaction(async (tx) => {
      const current = await lockDocument(tx, documentId);
      if (!isPending(current)) return;
      await settleAsDuplicate(tx, current, (await findOriginal(tx, current))?.id ?? null);
      await noteDocumentSettled(services, tx, current.batchId);
    });
    return;
  }
  await updateDocument(services.db, documentId, { status: 'processing' });

  let result: ExtractionResult;
  try {
    const bytes = await services.files.get(document.fileKey);
    // The upload's client is the known party: the engine finds it on the page and says issued or received.
    const client = await findVisibleClient(services.db, document.payerUserId, document.clientId);
    result = await services.extractor.extract(
      { bytes, filename: document.filename },
      {
        ...extractOptions(services),
        party: client ? knownParty(client) : null,
        // Where the accountant's corrections showed suppliers print their fields (the engine picks this one's).
        hints: client ? await placeHintsFor(services.db, client.ownerUserId) : [],
      },
    );
  } catch (error) {
    // A file the engine cannot read is the document's outcome (failed with its code, free), not a dead job
    // for an operator: the job ends here, and /api/health's dead-lettered count stays for real faults.
    if (isExtractError(error) && error.permanent) {
      await failDocument(services, documentId, new PermanentError(error.message, error.code));
      return;
    }
    // A full disk (the engine writing its scratch files): the credit is released now, not after the
    // retries, and the document says why; the user uploads it again once there is room.
    if (isStorageFull(error)) {
      await failDocument(services, documentId, error);
      return;
    }
    throw error;
  }

  try {
    await services.db.transaction(async (tx) => {
      const current = await lockDocument(tx, documentId);
      if (!isPending(current)) return;
      await settleFirstInvoice(tx, current, result);
      // A Facturae batch (`lote`): every further invoice of the file becomes its own document and invoice,
      // one credit each, settled here with the first so that a job run twice cannot make them twice.
      const entries = result.invoices ?? [];
      for (let k = 1; k < entries.length; k++)
        await settleBatchEntry(tx, current, entryResult(result, entries[k]!), k + 1, entries.length);
      await noteDocumentSettled(services, tx, current.batchId);
    });
  } catch (error) {
    // The database's disk full while the invoice was written: the smaller write that fails the document
    // and releases its credit may still go through; if not, the job is retried as any fault.
    if (!isStorageFull(error)) throw error;
    await failDocument(services, documentId, error);
  }
}

/** The result of one invoice of a batch, in the shape of a whole extraction (no boxes: XML has none). */
type BatchInvoice = NonNullable<ExtractionResult['invoices']>[number];

function entryResult(result: ExtractionResult, entry: BatchInvoice): ExtractionResult {
  const { invoices: _all, ...rest } = result;
  return { ...rest, ...entry, boxes: {} };
}

/**
 * The invoice as read, with the client's rule for its type (`presetType`) and then the supplier memory
 * applied, and what each of them changed, for the invoice's history (issue 40 item 4): made by no person.
 */
async function prepareInvoice<T extends Parameters<typeof applySupplierMemory>[2]>(
  tx: Db,
  clientId: string,
  read: T,
  preset: Partial<T>,
) {
  const ruled = { ...read, ...preset };
  const values = await applySupplierMemory(tx, clientId, ruled);
  const rule = diffFields(read as Record<string, unknown>, ruled, ['type']);
  const memory = diffFields(ruled as Record<string, unknown>, values, ['issuerName', 'type', 'vatBreakdown']);
  return { values, clientId, rule, memory };
}

async function recordPrepared(
  tx: Db,
  invoiceId: string,
  prepared: Awaited<ReturnType<typeof prepareInvoice>> | null,
): Promise<void> {
  if (!prepared) return;
  for (const via of ['rule', 'memory'] as const)
    await recordChanges(tx, {
      clientId: prepared.clientId,
      entity: 'invoice',
      entityId: invoiceId,
      actorUserId: null,
      via,
      changes: prepared[via],
    });
}

async function settleFirstInvoice(tx: Db, current: DocumentRow, result: ExtractionResult): Promise<void> {
  const documentId = current.id;
  const { invoice, items } = invoiceFromExtraction(result);
  invoice.evidence = await withLearnedFrom(
    tx,
    invoice.evidence as Record<string, FieldEvidence>,
    result.hintsUsed,
  );
  // Two readings of one invoice settling at once must not both be charged: one client's settle at a time.
  await lockClientRow(tx, current.clientId);
  const original = await findOriginal(tx, current, invoice);
  const client = await findVisibleClient(tx, current.payerUserId, current.clientId);
  const invoiceId = newId();
  // What the accountant corrected on earlier invoices from this supplier (source `memory`).
  const prepared = original
    ? null
    : await prepareInvoice(
        tx,
        current.clientId,
        { id: invoiceId, clientId: current.clientId, documentId, sourceSha256: current.sha256, ...invoice },
        presetType(client, result, invoice),
      );
  const inserted = prepared !== null && (await insertInvoiceIfNew(tx, prepared.values));
  if (!inserted) {
    // Either found above, or another document of the same invoice won the race to the unique key.
    const first = original ?? (await findOriginal(tx, current, invoice));
    await settleAsDuplicate(tx, current, first?.id ?? null, result);
    return;
  }
  await insertItems(
    tx,
    items.map((item) => ({ id: newId(), invoiceId, ...item })),
  );
  await recordPrepared(tx, invoiceId, prepared);
  await updateDocument(tx, documentId, {
    status: 'needs_review',
    invoiceId,
    extraction: result,
    errorCode: null,
  });
  await settleHeldCredit(tx, current.payerUserId, creditReference(documentId), 'spend');
}

/**
 * The n-th invoice of a batch file: a document of its own in the same upload batch (the same stored file),
 * its own credit held and spent, or released when it repeats an invoice already there. Without a credit
 * left it ends failed with `INSUFFICIENT_CREDITS`, costing nothing.
 */
async function settleBatchEntry(
  tx: Db,
  parent: DocumentRow,
  result: ExtractionResult,
  position: number,
  count: number,
): Promise<void> {
  const id = newId();
  const reference = creditReference(id);
  await insertDocuments(tx, [
    {
      id,
      batchId: parent.batchId,
      clientId: parent.clientId,
      payerUserId: parent.payerUserId,
      filename: `${parent.filename} (${position}/${count})`,
      mediaType: parent.mediaType,
      sizeBytes: parent.sizeBytes,
      sha256: parent.sha256,
      fileKey: parent.fileKey,
      status: 'processing',
    },
  ]);
  const document = (await lockDocument(tx, id))!;
  if (!(await holdCredits(tx, parent.payerUserId, [reference]))) {
    await updateDocument(tx, id, { status: 'failed', errorCode: 'INSUFFICIENT_CREDITS', extraction: result });
    return;
  }
  const { invoice, items } = invoiceFromExtraction(result);
  // Only the invoice's own figures repeat an entry: the file's hash is the first invoice's.
  const byNumber = () => findSameInvoice(tx, parent.clientId, invoice, id);
  const original = await byNumber();
  const client = await findVisibleClient(tx, parent.payerUserId, parent.clientId);
  const invoiceId = newId();
  const prepared = original
    ? null
    : await prepareInvoice(
        tx,
        parent.clientId,
        { id: invoiceId, clientId: parent.clientId, documentId: id, sourceSha256: null, ...invoice },
        presetType(client, result, invoice),
      );
  const inserted = prepared !== null && (await insertInvoiceIfNew(tx, prepared.values));
  if (!inserted) {
    await settleAsDuplicate(tx, document, (original ?? (await byNumber()))?.id ?? null, result);
    return;
  }
  await insertItems(
    tx,
    items.map((item) => ({ id: newId(), invoiceId, ...item })),
  );
  await recordPrepared(tx, invoiceId, prepared);
  await updateDocument(tx, id, { status: 'needs_review', invoiceId, extraction: result, errorCode: null });
  await settleHeldCredit(tx, parent.payerUserId, reference, 'spend');
}

/** The job gave up: the document ends failed with a code the browser translates, and its credit is freed. */
export async function failDocument(services: Services, documentId: string, error: unknown): Promise<void> {
  const code: DocumentErrorCode =
    error instanceof PermanentError && error.code
      ? (error.code as DocumentErrorCode)
      : isStorageFull(error)
        ? 'STORAGE_FULL'
        : 'EXTRACTION_FAILED';
  await services.db.transaction(async (tx) => {
    const current = await lockDocument(tx, documentId);
    if (!isPending(current)) return;
    await updateDocument(tx, documentId, { status: 'failed', errorCode: code });
    await settleHeldCredit(tx, current.payerUserId, creditReference(documentId), 'release');
    await noteDocumentSettled(services, tx, current.batchId);
  });
}

/** The client as the engine's known party: its name, and its tax id when Cuadra holds one. */
function knownParty(client: { name: string; taxId: string | null }): { name: string; taxId?: string } {
  return { name: client.name, ...(client.taxId ? { taxId: client.taxId } : {}) };
}

/**
 * The invoice's type, preset: the engine's `direction` (the client found on the page, in its block), else
 * the client's tax id or name equal to a party read; null when neither says (the reviewer decides). The
 * evidence entry `type` tells the screen why ("your client is the issuer").
 */
function presetType(
  client: { name: string; taxId: string | null } | null,
  result: ExtractionResult,
  invoice: ReturnType<typeof invoiceFromExtraction>['invoice'],
): { type: 'issued' | 'received' | null; evidence: Record<string, FieldEvidence> } {
  const evidence = (invoice.evidence ?? {}) as Record<string, FieldEvidence>;
  const type = result.direction ?? (client ? suggestInvoiceType(client, invoice) : null);
  if (!type) return { type: null, evidence };
  const source = result.direction ? 'party' : 'match';
  return {
    type,
    evidence: {
      ...evidence,
      type: { confidence: result.direction ? 0.95 : 0.8, verified: false, source, box: null },
    },
  };
}

function extractOptions(services: Services) {
  const { config } = services;
  return {
    maxBytes: config.UPLOAD_MAX_FILE_BYTES,
    // The same cap as at intake, for images whose size marker lies past the bytes read there.
    maxPixels: MAX_IMAGE_PIXELS,
    llm: config.EXTRACT_LLM_URL
      ? {
          url: config.EXTRACT_LLM_URL,
          model: config.EXTRACT_LLM_MODEL,
          apiKey: config.EXTRACT_LLM_API_KEY || undefined,
        }
      : null,
  };
}
