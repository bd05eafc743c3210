import { LOW_CREDITS_THRESHOLD, type NotificationKind, PENDING_STATUSES } from '@cuadra/shared';
import { findUserById, type UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { publicUrl } from '../../http/public-url';
import type { Mail } from '../../mail/mailer';
import type { Services } from '../../services';
import { findAllowance } from '../credits';
import { batchFinishedEmail, invitationAcceptedEmail, lowCreditsEmail, weeklySummaryEmail } from './emails';
import {
  countDocumentsReadSince,
  countInvoicesToReview,
  findBatchStatuses,
  findClientName,
  findVisibleClientIds,
  findWeeklySummaryRecipients,
  lockBatch,
  markBatchFinished,
} from './repo';

// The optional emails of Settings → Notifications. Each is sent only while its toggle is on; every sender
// goes through `sendIfWanted`, so a toggle cannot be forgotten by one of them.

const TOGGLE: Record<NotificationKind, (user: UserRow) => boolean> = {
  batchFinished: (u) => u.notifyBatchFinished,
  lowCredits: (u) => u.notifyLowCredits,
  invitationAccepted: (u) => u.notifyInvitationAccepted,
  weeklySummary: (u) => u.notifyWeeklySummary,
};

/** Stores the email (in the caller's transaction) only when the user wants this kind. */
async function sendIfWanted(
  services: Services,
  db: Db,
  user: UserRow,
  kind: NotificationKind,
  mail: (to: UserRow, base: string) => Mail,
): Promise<boolean> {
  if (!TOGGLE[kind](user)) return false;
  await services.mailer.send(db, mail(user, publicUrl(services.config)));
  return true;
}

/**
 * After a document settled, in its transaction: if it was the batch's last pending one, marks the batch
 * finished and emails the uploader once. The batch row is locked first, so two documents settling
 * together see each other's outcome and exactly one of them finds none pending.
 */
export async function noteDocumentSettled(services: Services, tx: Db, batchId: string): Promise<void> {
  await lockBatch(tx, batchId);
  const rows = await findBatchStatuses(tx, batchId);
  if (rows.some((row) => PENDING_STATUSES.includes(row.status))) return;
  const batch = await markBatchFinished(tx, batchId);
  if (!batch) return;
  const uploader = await findUserById(tx, batch.uploadedByUserId);
  const client = await findClientName(tx, batch.clientId);
  if (!uploader || !client) return;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  await sendIfWanted(services, tx, uploader, 'batchFinished', (to, base) =>
    batchFinishedEmail(
      to,
      {
        clientName: client.name,
        ready: count('needs_review') + count('ready'),
        duplicates: count('duplicate'),
        failed: count('failed'),
      },
      uploader.accountType === 'accountant' ? `${base}/customer/${batch.clientId}` : `${base}/dashboard`,
    ),
  );
}

/**
 * After credits were held, in the same transaction: when the spendable balance just fell from above the
 * threshold to it or below, the payer is told (once per fall; buying credits and falling again tells
 * them again).
 */
export async function noteCreditsHeld(services: Services, tx: Db, userId: string, held: number) {
  const after = await findAllowance(tx, userId);
  const before = after + held;
  if (!(before > LOW_CREDITS_THRESHOLD && after <= LOW_CREDITS_THRESHOLD)) return;
  const user = await findUserById(tx, userId);
  if (user)
    await sendIfWanted(services, tx, user, 'lowCredits', (to, base) =>
      lowCreditsEmail(to, after, `${base}/credits`),
    );
}

/** After a freelancer accepted an invitation: the accountant who owns the client is told. */
export async function noteInvitationAccepted(
  services: Services,
  db: Db,
  input: { ownerUserId: string; clientId: string; clientName: string; freelancer: UserRow },
) {
  const owner = await findUserById(db, input.ownerUserId);
  if (owner)
    await sendIfWanted(services, db, owner, 'invitationAccepted', (to, base) =>
      invitationAcceptedEmail(
        to,
        { freelancerName: input.freelancer.name, clientName: input.clientName },
        `${base}/customer/${input.clientId}`,
      ),
    );
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The weekly summary, to every verified user who wants it and had something in the week or has invoices
 * waiting (an idle account is not written to): documents read in the last 7 days, invoices to review,
 * scans available. Returns how many were sent.
 */
export async function sendWeeklySummaries(services: Services, now = new Date()): Promise<number> {
  const { db } = services;
  const since = new Date(now.getTime() - WEEK_MS);
  const recipients = await findWeeklySummaryRecipients(db);
  let sent = 0;
  for (const user of recipients) {
    const clientIds = await findVisibleClientIds(db, user.id);
    if (clientIds.length === 0) continue;
    const figures = {
      processed: await countDocumentsReadSince(db, clientIds, since),
      toReview: await countInvoicesToReview(db, clientIds),
      available: await findAllowance(db, user.id),
    };
    if (figures.processed === 0 && figures.toReview === 0) continue;
    if (
      await sendIfWanted(services, db, user, 'weeklySummary', (to, base) =>
        weeklySummaryEmail(to, figures, `${base}/dashboard`),
      )
    )
      sent++;
  }
  return sent;
}
