import { findPlan } from '@cuadra/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, documents, invoices, retentionLog, subscriptions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { removeSplitIfUnused } from '../uploads';
import { retentionWarningEmail } from './emails';

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
  const [live] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])));
  if (live) return findPlan(live.planId)?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const [pack] = await db
    .select({ planId: checkouts.planId, packId: checkouts.packId, at: checkouts.settledAt })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'paid'), isNotNull(checkouts.packId)))
    .orderBy(desc(checkouts.settledAt))
    .limit(1);
  const [ended] = await db
    .select({ planId: subscriptions.planId, at: subscriptions.endedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.endedAt))
    .limit(1);
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
  const owners = await db
    .selectDistinct({ userId: documents.payerUserId })
    .from(documents)
    .where(lt(documents.createdAt, new Date(now.getTime() - 23 * DAY_MS)));
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
    const due = await tx
      .select({ id: documents.id, createdAt: documents.createdAt })
      .from(documents)
      .where(
        and(
          eq(documents.payerUserId, userId),
          lt(documents.createdAt, warnBefore),
          isNull(documents.retentionWarnedAt),
        ),
      )
      .orderBy(asc(documents.createdAt))
      .limit(BATCH);
    if (due.length === 0) return 0;
    const [owner] = await tx.select().from(users).where(eq(users.id, userId));
    if (!owner) return 0;
    // Deletion waits for the warning to be 7 days old, whatever the documents' age.
    const deleteOn = new Date(
      Math.max(due[0]!.createdAt.getTime() + days * DAY_MS, now.getTime() + WARNING_DAYS * DAY_MS),
    );
    await tx
      .update(documents)
      .set({ retentionWarnedAt: now })
      .where(
        inArray(
          documents.id,
          due.map((d) => d.id),
        ),
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
  const expired = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerUserId, userId),
        lt(documents.createdAt, new Date(now.getTime() - days * DAY_MS)),
        lte(documents.retentionWarnedAt, new Date(now.getTime() - WARNING_DAYS * DAY_MS)),
        notInArray(documents.status, [...IN_FLIGHT]),
      ),
    )
    .limit(BATCH);
  for (const doc of expired) {
    // The invoices of a Facturae batch (`lote`) share one stored file: it goes with the last of them, as a
    // cut PDF's whole file goes with the last part (below). The file first: if removing it fails, the row
    // stays and the next run tries again.
    const dropFile = doc.fileKey !== null && !(await fileUsedByOthers(db, doc));
    if (dropFile) await services.files.delete(doc.fileKey!);
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(invoices)
        .where(
          or(eq(invoices.documentId, doc.id), doc.invoiceId ? eq(invoices.id, doc.invoiceId) : undefined),
        )
        .returning({ id: invoices.id });
      await tx.delete(documents).where(eq(documents.id, doc.id));
      await tx.insert(retentionLog).values({
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

/**
 * Whether another document still points at `doc`'s stored file. Files are stored per upload, so only the
 * same client's documents can share one (which keeps the look-up on the client's index).
 */
async function fileUsedByOthers(
  db: Db,
  doc: { id: string; clientId: string; fileKey: string | null },
): Promise<boolean> {
  if (doc.fileKey === null) return false;
  const [other] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(eq(documents.clientId, doc.clientId), eq(documents.fileKey, doc.fileKey), ne(documents.id, doc.id)),
    )
    .limit(1);
  return other !== undefined;
}
