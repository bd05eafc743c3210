import { PENDING_STATUSES, type UploadBatch } from '@cuadra/shared';
import type { ClientRow } from '../../access/clients';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { findAllowance, holdCredits } from '../credits';
import { checkMemberCreditCap } from '../firms';
import { noteCreditsHeld } from '../notifications';
import { creditReference, fileKey } from './intake';
import { extractDocumentJob } from './jobs';
import { checkMonthlyLimit, checkMonthlyLimitLocked } from './monthly-limit';
import type { IncomingFile } from './multipart';
import { findBatch, findBatchDocuments, insertBatch, insertDocuments, insertSplits } from './repo';
import { discardPlanned, planDocuments, splitKey, storePlanned } from './split';

/**
 * Takes a batch of files for a client the caller may upload to (`admitUploader`). Refused files are
 * recorded with their reason and cost nothing; a PDF holding several invoices becomes one document per
 * invoice (`planDocuments`); the files the payer's credits cover, in the order dropped, are stored, then —
 * in one transaction — recorded, paid for with one held credit each, and queued; the rest are recorded as
 * `WAITING_FOR_CREDITS`. With no credit free at all, nothing is kept.
 */
export async function uploadFiles(
  services: Services,
  user: UserRow,
  client: ClientRow,
  files: IncomingFile[],
  /**
   * `partial` (a drop): the files the credits cover go up and the rest wait. A mail is all or nothing, so
   * that its sender's server retries it whole once there are credits.
   */
  options: { partial?: boolean } = { partial: true },
) {
  const { db } = services;
  const batchId = newId();
  const plan = await planDocuments(files);
  // More files than credits (issue 36 item 20): the first ones the allowance covers go up; the rest wait,
  // each recorded with why (nothing stored, nothing held), so the drop is not lost as a whole.
  const allowance = options.partial ? await findAllowance(db, client.ownerUserId) : 0;
  let covered = 0;
  for (const doc of plan.documents) {
    if (!('mediaType' in doc.fate)) continue;
    if (covered < allowance) covered++;
    else if (allowance > 0) {
      doc.fate = { errorCode: 'WAITING_FOR_CREDITS' };
      doc.body = null;
    }
  }
  const accepted = plan.documents.filter((doc) => 'mediaType' in doc.fate);
  // The documents that passed the door (a cut PDF counts each invoice) against the client's monthly limit,
  // before any is stored: a drop over the limit uploads nothing and holds no credit.
  if (accepted.length > 0) await checkMonthlyLimit(db, client, accepted.length);
  // The owner's monthly cap on this member's share of the firm's credits (issue 40 item 3).
  if (accepted.length > 0) await checkMemberCreditCap(db, user.id, accepted.length);

  try {
    await storePlanned(services, plan);
    await db.transaction(async (tx) => {
      // A client without a limit takes no lock: concurrent drops for it stay as parallel as before.
      if (accepted.length > 0 && client.monthlyLimit !== null)
        await checkMonthlyLimitLocked(tx, client.id, accepted.length);
      await insertBatch(tx, { id: batchId, clientId: client.id, uploadedByUserId: user.id });
      if (plan.splits.length)
        await insertSplits(
          tx,
          plan.splits.map((split) => ({
            id: split.id,
            clientId: client.id,
            filename: split.filename,
            fileKey: splitKey(split.id),
            pageCount: split.pageCount,
          })),
        );
      await insertDocuments(
        tx,
        plan.documents.map(({ id, filename, size, sha256, fate, split }) => ({
          id,
          batchId,
          clientId: client.id,
          payerUserId: client.ownerUserId,
          filename,
          sizeBytes: size,
          sha256,
          ...(split ?? {}),
          ...('mediaType' in fate
            ? { mediaType: fate.mediaType, fileKey: fileKey(id), status: 'queued' as const }
            : { status: 'failed' as const, errorCode: fate.errorCode }),
        })),
      );
      const references = accepted.map((doc) => creditReference(doc.id));
      if (!(await holdCredits(tx, client.ownerUserId, references))) {
        throw new AppError('INSUFFICIENT_CREDITS', {
          needed: references.length,
          allowance: await findAllowance(tx, client.ownerUserId),
        });
      }
      await noteCreditsHeld(services, tx, client.ownerUserId, references.length);
      for (const doc of accepted)
        await services.queue.send(extractDocumentJob, { documentId: doc.id }, { tx });
    });
  } catch (error) {
    await discardPlanned(services, plan);
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
