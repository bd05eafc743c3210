import {
  type ExtractionResult,
  extractDocument,
  isExtractError,
  type MediaType,
  sniffMediaType,
} from '@cuadra/extract';
import { type DocumentErrorCode, PENDING_STATUSES, type UploadBatch } from '@cuadra/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import { PermanentError } from '../../queue/define-job';
import type { Services } from '../../services';
import type { UserRow } from '../auth/repo';
import { findVisibleClient } from '../clients/repo';
import { findAllowance, holdCredits, settleHeldCredit } from '../credits/ledger';
import { invoiceFromExtraction, suggestInvoiceType } from '../invoices/from-extraction';
import { applySupplierMemory } from '../review/memory';
import { extractDocumentJob } from './jobs';
import type { IncomingFile } from './multipart';
import {
  type DocumentRow,
  findBatch,
  findBatchDocuments,
  findDocument,
  findInvoiceByNumber,
  findInvoiceBySha,
  insertBatch,
  insertDocuments,
  insertInvoiceIfNew,
  insertItems,
  lockDocument,
  updateDocument,
} from './repo';

const fileKey = (documentId: string) => `documents/${documentId}`;
const creditReference = (documentId: string) => `document:${documentId}`;

/** A file's fate at the door: refused with a code, or accepted with its type read from its bytes. */
function admit(file: IncomingFile): { errorCode: DocumentErrorCode } | { mediaType: MediaType } {
  if (!file.bytes) return { errorCode: 'FILE_TOO_LARGE' };
  if (file.size === 0) return { errorCode: 'EMPTY_FILE' };
  const mediaType = sniffMediaType(file.bytes);
  return mediaType ? { mediaType } : { errorCode: 'UNSUPPORTED_TYPE' };
}

/**
 * Takes a batch of files for a client. Refused files are recorded with their reason and cost nothing; the
 * rest are stored, then — in one transaction — recorded, paid for with one held credit each, and queued. If
 * the payer's allowance is short, nothing is kept.
 */
export async function uploadFiles(
  services: Services,
  user: UserRow,
  clientId: string,
  files: IncomingFile[],
) {
  const { db } = services;
  const client = await findVisibleClient(db, user.id, clientId);
  if (!client) throw new AppError('CLIENT_NOT_FOUND');
  const batchId = newId();
  const planned = files.map((file) => ({ id: newId(), file, fate: admit(file) }));
  const accepted = planned.filter((p) => 'mediaType' in p.fate);

  await Promise.all(accepted.map((p) => services.files.put(fileKey(p.id), p.file.bytes!)));
  try {
    await db.transaction(async (tx) => {
      await insertBatch(tx, { id: batchId, clientId: client.id, uploadedByUserId: user.id });
      await insertDocuments(
        tx,
        planned.map(({ id, file, fate }) => ({
          id,
          batchId,
          clientId: client.id,
          payerUserId: client.ownerUserId,
          filename: file.filename,
          sizeBytes: file.size,
          sha256: file.sha256,
          ...('mediaType' in fate
            ? { mediaType: fate.mediaType, fileKey: fileKey(id), status: 'queued' as const }
            : { status: 'failed' as const, errorCode: fate.errorCode }),
        })),
      );
      const references = accepted.map((p) => creditReference(p.id));
      if (!(await holdCredits(tx, client.ownerUserId, references))) {
        throw new AppError('INSUFFICIENT_CREDITS', {
          needed: references.length,
          allowance: await findAllowance(tx, client.ownerUserId),
        });
      }
      for (const p of accepted) await services.queue.send(extractDocumentJob, { documentId: p.id }, { tx });
    });
  } catch (error) {
    await Promise.all(accepted.map((p) => services.files.delete(fileKey(p.id))));
    throw error;
  }
  return getBatch(services, user, batchId);
}

/** A batch's documents and how many are still pending, for the caller only. */
export async function getBatch(services: Services, user: UserRow, batchId: string): Promise<UploadBatch> {
  const batch = await findBatch(services.db, batchId);
  if (!batch || !(await findVisibleClient(services.db, user.id, batch.clientId)))
    throw new AppError('UPLOAD_NOT_FOUND');
  const rows = await findBatchDocuments(services.db, batchId);
  return {
    batchId,
    pendingCount: rows.filter((row) => PENDING_STATUSES.includes(row.status)).length,
    documents: rows.map((row) => ({
      id: row.id,
      filename: row.filename,
      status: row.status,
      errorCode: row.errorCode,
      invoiceId: row.invoiceId,
      duplicateOfInvoiceId: row.duplicateOfInvoiceId,
    })),
  };
}

const isPending = (row: DocumentRow | null): row is DocumentRow =>
  !!row && PENDING_STATUSES.includes(row.status);

/** The invoice of this client that a document repeats: made from the same file, or with the same issuer and number. */
async function findOriginal(
  db: Db,
  document: DocumentRow,
  read: { issuerTaxId?: string | null; number?: string | null } = {},
) {
  const bySha = document.sha256
    ? await findInvoiceBySha(db, document.clientId, document.sha256, document.id)
    : null;
  if (bySha || !read.issuerTaxId || !read.number) return bySha;
  return findInvoiceByNumber(db, document.clientId, read.issuerTaxId, read.number);
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
      if (isPending(current))
        await settleAsDuplicate(tx, current, (await findOriginal(tx, current))?.id ?? null);
    });
    return;
  }
  await updateDocument(services.db, documentId, { status: 'processing' });

  let result: ExtractionResult;
  try {
    const bytes = await services.files.get(document.fileKey);
    result = await extractDocument({ bytes, filename: document.filename }, extractOptions(services));
  } catch (error) {
    if (isExtractError(error) && error.permanent) throw new PermanentError(error.message, error.code);
    throw error;
  }

  await services.db.transaction(async (tx) => {
    const current = await lockDocument(tx, documentId);
    if (!isPending(current)) return;
    const { invoice, items } = invoiceFromExtraction(result);
    const original = await findOriginal(tx, current, invoice);
    const client = await findVisibleClient(tx, current.payerUserId, current.clientId);
    const invoiceId = newId();
    const inserted =
      !original &&
      (await insertInvoiceIfNew(
        tx,
        // What the accountant corrected on earlier invoices from this supplier (source `memory`).
        await applySupplierMemory(tx, current.clientId, {
          id: invoiceId,
          clientId: current.clientId,
          documentId,
          sourceSha256: current.sha256,
          type: client ? suggestInvoiceType(client, invoice) : null,
          ...invoice,
        }),
      ));
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
    await updateDocument(tx, documentId, {
      status: 'needs_review',
      invoiceId,
      extraction: result,
      errorCode: null,
    });
    await settleHeldCredit(tx, current.payerUserId, creditReference(documentId), 'spend');
  });
}

/** The job gave up: the document ends failed with a code the browser translates, and its credit is freed. */
export async function failDocument(services: Services, documentId: string, error: unknown): Promise<void> {
  const code: DocumentErrorCode =
    error instanceof PermanentError && error.code ? (error.code as DocumentErrorCode) : 'EXTRACTION_FAILED';
  await services.db.transaction(async (tx) => {
    const current = await lockDocument(tx, documentId);
    if (!isPending(current)) return;
    await updateDocument(tx, documentId, { status: 'failed', errorCode: code });
    await settleHeldCredit(tx, current.payerUserId, creditReference(documentId), 'release');
  });
}

function extractOptions(services: Services) {
  const { config } = services;
  return {
    maxBytes: config.UPLOAD_MAX_FILE_BYTES,
    llm: config.EXTRACT_LLM_URL
      ? {
          url: config.EXTRACT_LLM_URL,
          model: config.EXTRACT_LLM_MODEL,
          apiKey: config.EXTRACT_LLM_API_KEY || undefined,
        }
      : null,
  };
}
