import { createHash } from 'node:crypto';
import type { MediaType } from '@cuadra/extract';
import type { DocumentErrorCode, DocumentSplit, SplitPart } from '@cuadra/shared';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { findAllowance, grantCredits, holdCredits } from '../credits';
import { admitFile, creditReference, fileKey } from './intake';
import { extractDocumentJob } from './jobs';
import type { IncomingFile } from './multipart';
import { cutPdfApart, planPdf } from './pdf-sandbox';
import {
  deleteDocument,
  deleteInvoiceRow,
  deleteSplit,
  findDocument,
  findSplit,
  findSplitDocuments,
  insertDocuments,
  lockSplit,
} from './repo';

// A PDF that holds several invoices becomes one document per invoice (#21): at intake, and again when
// the accountant moves a page boundary. The whole file is kept under `splits/<id>`.

export const splitKey = (splitId: string) => `splits/${splitId}`;

/** One document to be: from a temporary file as it arrived, or cut out of a PDF holding several invoices. */
export type PlannedDocument = {
  id: string;
  filename: string;
  size: number;
  sha256: string | null;
  fate: { errorCode: DocumentErrorCode } | { mediaType: MediaType };
  body: { path: string } | { bytes: Uint8Array } | null;
  split: { splitId: string; pageFrom: number; pageTo: number } | null;
};

export type PlannedSplit = { id: string; filename: string; path: string; pageCount: number };

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const partName = (filename: string, from: number, to: number) =>
  `${filename.replace(/\.pdf$/i, '')} (p. ${from}-${to}).pdf`;

/**
 * The documents a drop makes. Refused files stay one (failed) document each; an accepted PDF whose pages
 * hold several invoices (invoice number or total changes, "1/n" hints, blank separator pages) becomes one
 * document per invoice, each charged once; everything else is one document as it came.
 */
export async function planDocuments(
  files: IncomingFile[],
): Promise<{ documents: PlannedDocument[]; splits: PlannedSplit[] }> {
  const planned: PlannedDocument[] = [];
  const splits: PlannedSplit[] = [];
  for (const file of files) {
    const fate = admitFile(file);
    const whole: PlannedDocument = {
      id: newId(),
      filename: file.filename,
      size: file.size,
      sha256: file.sha256,
      fate,
      body: 'mediaType' in fate && file.path ? { path: file.path } : null,
      split: null,
    };
    // Read in a sandboxed process: a hostile PDF must not hold the API's thread or memory (issue #35).
    const plan =
      'mediaType' in fate && fate.mediaType === 'application/pdf' && file.path
        ? await planPdf(file.path)
        : null;
    if (plan?.tooComplex) {
      planned.push({ ...whole, fate: { errorCode: 'DOCUMENT_TOO_COMPLEX' }, body: null });
      continue;
    }
    if (!plan?.parts || !file.path) {
      planned.push(whole);
      continue;
    }
    const split: PlannedSplit = {
      id: newId(),
      filename: file.filename,
      path: file.path,
      pageCount: plan.pageCount,
    };
    splits.push(split);
    for (const part of plan.parts) {
      const pageFrom = part.pages[0] ?? 1;
      const pageTo = part.pages.at(-1) ?? pageFrom;
      planned.push({
        id: newId(),
        filename: partName(file.filename, pageFrom, pageTo),
        size: part.size,
        sha256: part.sha256,
        fate,
        body: { path: part.path },
        split: { splitId: split.id, pageFrom, pageTo },
      });
    }
  }
  return { documents: planned, splits };
}

/** Stores what a plan keeps: each accepted document's file, and each split PDF whole. */
export async function storePlanned(services: Services, plan: Awaited<ReturnType<typeof planDocuments>>) {
  await Promise.all([
    ...plan.documents.map(async (doc) => {
      if (!doc.body) return;
      if ('path' in doc.body) await services.files.putFile(fileKey(doc.id), doc.body.path);
      else await services.files.put(fileKey(doc.id), doc.body.bytes);
    }),
    ...plan.splits.map((split) => services.files.putFile(splitKey(split.id), split.path)),
  ]);
}

/** Removes what `storePlanned` stored, when the upload is not kept after all. */
export async function discardPlanned(services: Services, plan: Awaited<ReturnType<typeof planDocuments>>) {
  await Promise.all([
    ...plan.documents.filter((doc) => doc.body).map((doc) => services.files.delete(fileKey(doc.id))),
    ...plan.splits.map((split) => services.files.delete(splitKey(split.id))),
  ]);
}

async function loadSplit(services: Services, user: UserRow, documentId: string) {
  const document = await findDocument(services.db, documentId);
  if (!document?.splitId || !(await findVisibleClient(services.db, user.id, document.clientId)))
    throw new AppError('SPLIT_NOT_FOUND');
  const split = await findSplit(services.db, document.splitId);
  if (!split) throw new AppError('SPLIT_NOT_FOUND');
  const parts = await findSplitDocuments(services.db, split.id);
  return { split, parts };
}

const toPart = (row: Awaited<ReturnType<typeof findSplitDocuments>>[number]): SplitPart => ({
  documentId: row.id,
  invoiceId: row.invoiceId,
  pageFrom: row.pageFrom ?? 1,
  pageTo: row.pageTo ?? row.pageFrom ?? 1,
  status: row.status,
});

/** `GET /api/v1/documents/:id/split`: the file a document was cut from, and every invoice cut from it. */
export async function getSplit(
  services: Services,
  user: UserRow,
  documentId: string,
): Promise<DocumentSplit> {
  const { split, parts } = await loadSplit(services, user, documentId);
  return {
    splitId: split.id,
    filename: split.filename,
    pageCount: split.pageCount,
    parts: parts.map(toPart),
  };
}

/**
 * Moves page boundaries between the invoices cut from one PDF. The count of invoices stays; each part
 * whose pages change is cut again and extracted as a new document, and the old one goes with its invoice
 * and a refund of its credit, so every invoice is still paid for once. A reviewed part, or one still being
 * read, is never changed.
 */
export async function moveSplit(
  services: Services,
  user: UserRow,
  documentId: string,
  wanted: { pageFrom: number; pageTo: number }[],
): Promise<DocumentSplit> {
  // Edits of one split serialise on its row: an edit that finds the parts changed under it starts over
  // from what the other one left (usually nothing left to do), so concurrent edits cut the pages once.
  for (let attempt = 1; ; attempt++) {
    const result = await moveSplitOnce(services, user, documentId, wanted);
    if (result !== STALE) return result;
    if (attempt >= SPLIT_EDIT_ATTEMPTS) throw new AppError('SPLIT_LOCKED', { documentId });
  }
}

/** An edit that lost to others this many times in a row gives up (SPLIT_LOCKED, try again). */
const SPLIT_EDIT_ATTEMPTS = 3;
const STALE = Symbol('stale');

async function moveSplitOnce(
  services: Services,
  user: UserRow,
  documentId: string,
  wanted: { pageFrom: number; pageTo: number }[],
): Promise<DocumentSplit | typeof STALE> {
  const { split, parts } = await loadSplit(services, user, documentId);
  const valid =
    wanted.length === parts.length &&
    wanted.every(
      (part, i) =>
        part.pageFrom >= 1 &&
        part.pageFrom <= part.pageTo &&
        part.pageTo <= split.pageCount &&
        (i === 0 || part.pageFrom > (wanted[i - 1]?.pageTo ?? 0)),
    );
  if (!valid) throw new AppError('SPLIT_INVALID', { pageCount: split.pageCount, parts: parts.length });
  const changed = parts
    .map((row, i) => ({ row, next: wanted[i] as { pageFrom: number; pageTo: number } }))
    .filter(({ row, next }) => row.pageFrom !== next.pageFrom || row.pageTo !== next.pageTo);
  if (changed.length === 0) return getSplit(services, user, documentId);
  const locked = changed.find(({ row }) => ['ready', 'queued', 'processing'].includes(row.status));
  if (locked) throw new AppError('SPLIT_LOCKED', { documentId: locked.row.id, status: locked.row.status });

  const whole = await services.files.get(splitKey(split.id));
  const cut = await cutPdfApart(
    whole,
    changed.map(({ next }) => range(next.pageFrom, next.pageTo)),
  );
  const replacements = changed.map(({ row, next }, i) => {
    const bytes = (cut[i] as { bytes: Uint8Array }).bytes;
    return { old: row, id: newId(), bytes, ...next };
  });
  try {
    await Promise.all(replacements.map((r) => services.files.put(fileKey(r.id), r.bytes)));
  } catch (error) {
    // A full disk halfway: none of the new cut is kept (the answer is 507 STORAGE_FULL), nothing is held.
    await Promise.all(replacements.map((r) => services.files.delete(fileKey(r.id))));
    throw error;
  }
  let stale = false;
  try {
    await services.db.transaction(async (tx) => {
      // Waits for any other edit of this split to commit, then checks the parts are still the ones cut.
      await lockSplit(tx, split.id);
      const now = await findSplitDocuments(tx, split.id);
      const unchanged =
        now.length === parts.length &&
        now.every((row, i) => {
          const before = parts[i];
          return (
            before?.id === row.id &&
            before.status === row.status &&
            before.pageFrom === row.pageFrom &&
            before.pageTo === row.pageTo
          );
        });
      if (!unchanged) {
        stale = true;
        return;
      }
      for (const r of replacements) {
        // Paid for and read: the credit comes back, as the new cut is paid for (once) below.
        if (r.old.status === 'needs_review')
          await grantCredits(tx, r.old.payerUserId, 1, 'refund', `split:${creditReference(r.old.id)}`);
        if (r.old.invoiceId) await deleteInvoiceRow(tx, r.old.invoiceId);
        await deleteDocument(tx, r.old.id);
        await insertDocuments(tx, [
          {
            id: r.id,
            batchId: r.old.batchId,
            clientId: r.old.clientId,
            payerUserId: r.old.payerUserId,
            filename: partName(split.filename, r.pageFrom, r.pageTo),
            mediaType: 'application/pdf',
            sizeBytes: r.bytes.length,
            sha256: sha256Of(r.bytes),
            fileKey: fileKey(r.id),
            status: 'queued',
            splitId: split.id,
            pageFrom: r.pageFrom,
            pageTo: r.pageTo,
          },
        ]);
      }
      const payer = replacements[0]?.old.payerUserId as string;
      const references = replacements.map((r) => creditReference(r.id));
      if (!(await holdCredits(tx, payer, references)))
        throw new AppError('INSUFFICIENT_CREDITS', {
          needed: references.length,
          allowance: await findAllowance(tx, payer),
        });
      for (const r of replacements)
        await services.queue.send(extractDocumentJob, { documentId: r.id }, { tx });
    });
  } catch (error) {
    await Promise.all(replacements.map((r) => services.files.delete(fileKey(r.id))));
    throw error;
  }
  if (stale) {
    await Promise.all(replacements.map((r) => services.files.delete(fileKey(r.id))));
    return STALE;
  }
  await Promise.all(replacements.map((r) => services.files.delete(fileKey(r.old.id))));
  const first = replacements.find((r) => r.old.id === documentId)?.id ?? documentId;
  return getSplit(services, user, first);
}

/**
 * Once no document is left of a split PDF (retention deleted them, or the client), the whole file and its
 * row go too: the original is kept only as long as an invoice cut from it.
 */
export async function removeSplitIfUnused(services: Services, splitId: string) {
  if ((await findSplitDocuments(services.db, splitId)).length > 0) return;
  await services.files.delete(splitKey(splitId));
  await deleteSplit(services.db, splitId);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
