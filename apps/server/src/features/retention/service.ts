import { findPlan } from '@cuadra/shared';
import { findUserById } from '../../access/users';
import type { Db } from '../../db/client';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { removeSplitIfUnused } from '../uploads';
import { retentionWarningEmail } from './emails';
import {
  deleteDocumentAndInvoices,
  fileUsedByOthers,
  findDocumentsToWarn,
  findExpiredDocuments,
  findLastEndedSubscription,
  findLastPaidPack,
  findLiveSubscription,
  findPayersWithDocumentsBefore,
  insertRetentionLog,
  markWarned,
} from './repo';

/** The warning goes out this long before a document is deleted. */
export const WARNING_DAYS = 7;
/**
 * Retention of a user who never bought anything (welcome credits only): the privacy text's "processed
 * invoices are auto-deleted after 24 months" (spec-2 §9). See ADR 0013.
 */
export const DEFAULT_RETENTION_DAYS = 730;
const DAY_MS = 24 * 3600_000;
/** Documents handled per user per run; the next day's run goes on. */
const BATCH = 500;
/** Documents still being read are left alone: their work would fail half-way. */
const IN_FLIGHT = ['queued', 'processing'] as const;

/**
 * How long `userId`'s documents are kept, in days, or null for ever: the live subscription's plan, else
 * the last plan bought (a pack, or a subscription that has ended), else `DEFAULT_RETENTION_DAYS`.
 */
export async function retentionDaysFor(db: Db, userId: string): Promise<number | null> {
  const live = await findLiveSubscription(db, userId);
  if (live) return findPlan(live.planId)?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const pack = await findLastPaidPack(db, userId);
  const ended = await findLastEndedSubscription(db, userId);
  const last =
    pack && (!ended?.at || (pack.at && pack.at > ended.at)) ? (pack.packId ?? pack.planId) : ended?.planId;
  if (!last) return DEFAULT_RETENTION_DAYS;
  const plan = findPlan(last);
  return plan ? plan.retentionDays : DEFAULT_RETENTION_DAYS;
}

/**
 * The daily retention run. For each owner with documents old enough to matter: documents that reach their
 * plan's retention within 7 days get one warning email (once per document); documents past it, warned at
 * least 7 days ago, lose their original file and their extracted data (extraction, invoice and lines), and
 * each deletion is written to `retention_log`. A document never warned is never deleted, so a retention
 * that shrinks (a subscription ending) still gives a week's notice.
 */
export async function enforceRetention(services: Services, now = new Date()) {
  const { db } = services;
  // The shortest retention is 30 days: nothing younger than 30 − 7 days can be due a warning.
  const owners = await findPayersWithDocumentsBefore(db, new Date(now.getTime() - 23 * DAY_MS));
  let warned = 0;
  let deleted = 0;
  for (const { userId } of owners) {
    const days = await retentionDaysFor(db, userId);
    if (days === null) continue;
    warned += await warnOwner(services, userId, days, now);
    deleted += await deleteExpired(services, userId, days, now);
  }
  if (warned || deleted) services.logger.info({ warned, deleted }, 'retention enforced');
  return { warned, deleted };
}

async function warnOwner(services: Services, userId: string, days: number, now: Date): Promise<number> {
  const warnBefore = new Date(now.getTime() - (days - WARNING_DAYS) * DAY_MS);
  return services.db.transaction(async (tx) => {
    const due = await findDocumentsToWarn(tx, userId, warnBefore, BATCH);
    if (due.length === 0) return 0;
    const owner = await findUserById(tx, userId);
    if (!owner) return 0;
    // Deletion waits for the warning to be 7 days old, whatever the documents' age.
    const deleteOn = new Date(
      Math.max(due[0]!.createdAt.getTime() + days * DAY_MS, now.getTime() + WARNING_DAYS * DAY_MS),
    );
    await markWarned(
      tx,
      due.map((d) => d.id),
      now,
    );
    await services.mailer.send(
      tx,
      retentionWarningEmail(
        owner,
        { count: due.length, deleteOn, days },
        `${services.config.PUBLIC_URL}/select-plan`,
      ),
    );
    return due.length;
  });
}

async function deleteExpired(services: Services, userId: string, days: number, now: Date): Promise<number> {
  const { db } = services;
  const expired = await findExpiredDocuments(db, {
    userId,
    createdBefore: new Date(now.getTime() - days * DAY_MS),
    warnedBefore: new Date(now.getTime() - WARNING_DAYS * DAY_MS),
    skipStatuses: IN_FLIGHT,
    limit: BATCH,
  });
  for (const doc of expired) {
    // The invoices of a Facturae batch (`lote`) share one stored file: it goes with the last of them, as a
    // cut PDF's whole file goes with the last part (below). The file first: if removing it fails, the row
    // stays and the next run tries again.
    const dropFile = doc.fileKey !== null && !(await fileUsedByOthers(db, doc));
    if (dropFile) await services.files.delete(doc.fileKey!);
    await db.transaction(async (tx) => {
      const removed = await deleteDocumentAndInvoices(tx, doc);
      await insertRetentionLog(tx, {
        id: newId(),
        userId,
        clientId: doc.clientId,
        documentId: doc.id,
        documentCreatedAt: doc.createdAt,
        retentionDays: days,
        deleted: [
          ...(dropFile ? ['original'] : []),
          ...(doc.extraction !== null || removed.length ? ['extracted'] : []),
        ],
      });
    });
    if (doc.splitId) await removeSplitIfUnused(services, doc.splitId);
    services.logger.info(
      { userId, documentId: doc.id, clientId: doc.clientId, retentionDays: days },
      'retention deleted a document',
    );
  }
  return expired.length;
}
