import {
  type InboundMessageList,
  type InboundMessageStatus,
  type InboundSender,
  type InboundSenderList,
  type InboundSettings,
  PENDING_STATUSES,
} from '@cuadra/shared';
import { type ClientRow, findVisibleClient } from '../../access/clients';
import { isFirmSide } from '../../access/firm';
import { findUserById, type UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { cutPage, decodeCreatedAtCursor, decodeCursor, encodeCursor, UUID } from '../../lib/cursor';
import type { Services } from '../../services';
import {
  type BufferedFile,
  type ReceivedUpload,
  stageBufferedFiles,
  stageDiskFiles,
  uploadFiles,
  uploadTempDir,
} from '../uploads';
import { ensureInboundEmail, rotateInboundEmail } from './address';
import { inboundReplyEmail } from './emails';
import type { MailAuthVerdict } from './mail-auth';
import type { MailParts } from './mail-sandbox';
import type { MailHead, MailOverBudget, Skipped } from './parts';
import {
  deleteSender,
  findAddressOfClient,
  findClientByLocalPart,
  findClientUserEmails,
  insertMessage,
  insertSender,
  isAllowListed,
  listMessages,
  listSenders,
  setReplyToSender,
} from './repo';

/** Mails listed on a client's page. */

/** The client an address is for, when it is one of this installation's inbound addresses. */
export async function findRecipient(services: Services, address: string): Promise<ClientRow | null> {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  if (domain !== services.config.INBOUND_EMAIL_DOMAIN || !/^[a-z2-7]{26}$/.test(local)) return null;
  return findClientByLocalPart(services.db, local);
}

/** Who may mail invoices to a client: its accountant, its own users, and its allow-list. */
export async function maySend(services: Services, client: ClientRow, sender: string): Promise<boolean> {
  const email = sender.trim().toLowerCase();
  if (!email) return false;
  const userIds = [client.ownerUserId, ...(client.freelancerUserId ? [client.freelancerUserId] : [])];
  if ((await findClientUserEmails(services.db, userIds)).includes(email)) return true;
  return isAllowListed(services.db, client.id, email);
}

/**
 * SPF and DKIM verdicts from the Authentication-Results header a receiving relay (the MX, the provider)
 * added. A mail the relay saw fail SPF without a passing DKIM signature, or fail DMARC, claims a sender it
 * is not from: it is refused like a stranger's.
 */
export function readAuthenticationResults(header: string | null) {
  const verdict = (method: string) =>
    header?.match(new RegExp(`\\b${method}\\s*=\\s*([a-z]+)`, 'i'))?.[1]?.toLowerCase() ?? null;
  const spf = verdict('spf');
  const dkim = verdict('dkim');
  const dmarc = verdict('dmarc');
  const spoofed = dmarc === 'fail' || ((spf === 'fail' || spf === 'softfail') && dkim !== 'pass');
  return { spf, dkim, spoofed };
}

/** A stranger's attempt, kept (sender only) so the accountant can see it and allow the address. */
export async function recordRefusal(
  services: Services,
  client: ClientRow,
  fields: {
    channel: string;
    sender: string;
    subject?: string | null;
    spf?: string | null;
    dkim?: string | null;
    dmarc?: string | null;
    mailAuth?: string | null;
  },
) {
  await insertMessage(services.db, {
    clientId: client.id,
    channel: fields.channel,
    sender: fields.sender,
    subject: fields.subject ?? null,
    status: 'refused',
    spf: fields.spf ?? null,
    dkim: fields.dkim ?? null,
    dmarc: fields.dmarc ?? null,
    mailAuth: fields.mailAuth ?? null,
  });
}

export type Delivery = {
  clientId: string;
  status: InboundMessageStatus;
  batchId: string | null;
  /** Why a mail was refused for what it carries (over `MAIL_BUDGET`), not for who sent it. */
  overBudget?: MailOverBudget;
};

/**
 * What both receivers call with a mail read in its sandbox (`readMail`) and the clients it was addressed
 * to. For each client: refused (stranger, or a forged sender) with nothing kept; or its files go through the
 * upload pipeline as one batch — the same holds, credits and duplicate rules as a dropped file; or, when the
 * owner's credits are short, nothing is kept (`no_credits`); past the client's monthly limit, likewise
 * (`over_monthly_limit`). `parts` is asked once, and only when some client may receive the mail.
 */
export async function deliverMail(
  services: Services,
  input: {
    channel: string;
    sender: string;
    clients: ClientRow[];
    head: MailHead;
    parts: () => Promise<MailParts>;
    /** The receiver's own SPF/DKIM/DMARC check (SMTP); recorded instead of a relay's header verdicts. */
    checked?: MailAuthVerdict;
  },
): Promise<Delivery[]> {
  const { head, channel, checked } = input;
  const sender = input.sender.trim().toLowerCase();
  const auth = readAuthenticationResults(head.authenticationResults);
  let parts: MailParts | null = null;
  const deliveries: Delivery[] = [];
  for (const client of input.clients) {
    const record = (status: InboundMessageStatus, batchId: string | null = null, skipped: Skipped[] = []) =>
      insertMessage(services.db, {
        clientId: client.id,
        batchId,
        channel,
        sender,
        fromHeader: head.from,
        subject: head.subject?.slice(0, 500) ?? null,
        messageId: head.messageId?.slice(0, 500) ?? null,
        status,
        spf: checked?.spf ?? auth.spf,
        dkim: checked?.dkim ?? auth.dkim,
        dmarc: checked?.dmarc ?? null,
        mailAuth: checked?.result ?? null,
        skipped,
      });
    if (auth.spoofed || !(await maySend(services, client, sender))) {
      await record('refused');
      deliveries.push({ clientId: client.id, status: 'refused', batchId: null });
      continue;
    }
    parts ??= await input.parts();
    if ('overBudget' in parts) {
      // Refused whole: nothing of it is kept but the line saying why.
      const { overBudget } = parts;
      await record('refused', null, [{ name: overBudget.part, reason: overBudget.reason }]);
      deliveries.push({ clientId: client.id, status: 'refused', batchId: null, overBudget });
      continue;
    }
    const { files, skipped } = parts;
    if (files.length === 0) {
      await record('empty', null, skipped);
      deliveries.push({ clientId: client.id, status: 'empty', batchId: null });
      continue;
    }
    const owner = await findUserById(services.db, client.ownerUserId);
    if (!owner) continue;
    try {
      const batch = await intoUploads(services, owner, client, (limits) => stageDiskFiles(files, limits));
      await record('accepted', batch.batchId, skipped);
      deliveries.push({ clientId: client.id, status: 'accepted', batchId: batch.batchId });
      if ((await findAddressOfClient(services.db, client.id))?.replyToSender)
        await services.mailer.send(
          services.db,
          inboundReplyEmail(sender, owner.locale, {
            clientName: client.name,
            subject: head.subject,
            files: batch.documents.filter((d) => d.status !== 'failed').map((d) => d.filename),
            skipped: [
              ...skipped,
              ...batch.documents
                .filter((d) => d.status === 'failed')
                .map((d) => ({ name: d.filename, reason: d.errorCode ?? 'UNSUPPORTED_TYPE' })),
            ],
          }),
        );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status =
        error.code === 'INSUFFICIENT_CREDITS'
          ? ('no_credits' as const)
          : error.code === 'MONTHLY_LIMIT_EXCEEDED'
            ? ('over_monthly_limit' as const)
            : null;
      if (!status) throw error;
      await record(status, null, skipped);
      deliveries.push({ clientId: client.id, status, batchId: null });
    }
  }
  return deliveries;
}

type StageLimits = { maxFileBytes: number; tempDir: string };

/**
 * The one call into the upload pipeline, for mail (as the client's owner, who pays as for any upload of that
 * client) and for phone photos (as the signed-in user). Kept alone so the intake can be re-wired in one place.
 */
async function intoUploads(
  services: Services,
  uploader: UserRow,
  client: ClientRow,
  stage: (limits: StageLimits) => Promise<ReceivedUpload>,
) {
  const { config } = services;
  const staged = await stage({ maxFileBytes: config.UPLOAD_MAX_FILE_BYTES, tempDir: uploadTempDir(config) });
  try {
    return await uploadFiles(services, uploader, client, staged.files, { partial: false });
  } finally {
    await staged.dispose();
  }
}

/** Phone photos made into one PDF, uploaded by the signed-in user like a dropped file. */
export async function uploadPhotos(
  services: Services,
  user: UserRow,
  client: ClientRow,
  document: BufferedFile,
) {
  return intoUploads(services, user, client, (limits) => stageBufferedFiles([document], limits));
}

async function visibleClient(services: Services, user: UserRow, clientId: string) {
  const row = UUID.test(clientId) ? await findVisibleClient(services.db, user.id, clientId) : null;
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

async function ownedClient(services: Services, user: UserRow, clientId: string) {
  const row = await visibleClient(services, user, clientId);
  if (!isFirmSide(row, user.id)) throw new AppError('FORBIDDEN');
  return row;
}

export async function getInboundSettings(
  services: Services,
  user: UserRow,
  clientId: string,
): Promise<InboundSettings> {
  const client = await ownedClient(services, user, clientId);
  await ensureInboundEmail(services.db, services.config, client.id);
  return { replyToSender: (await findAddressOfClient(services.db, client.id))?.replyToSender ?? false };
}

export async function setInboundSettings(
  services: Services,
  user: UserRow,
  clientId: string,
  settings: InboundSettings,
): Promise<InboundSettings> {
  const client = await ownedClient(services, user, clientId);
  await ensureInboundEmail(services.db, services.config, client.id);
  await setReplyToSender(services.db, client.id, settings.replyToSender);
  return getInboundSettings(services, user, clientId);
}

export async function rotateAddress(services: Services, user: UserRow, clientId: string) {
  const client = await ownedClient(services, user, clientId);
  return { inboundEmail: await rotateInboundEmail(services.db, services.config, client.id) };
}

const toSender = (row: { id: string; email: string; createdAt: Date }): InboundSender => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

type Page = { limit: number; cursor?: string | undefined };

/** The allow-list, a keyset page at a time by address; the cursor is [the last address]. */
export async function getSenders(
  services: Services,
  user: UserRow,
  clientId: string,
  page: Page,
): Promise<InboundSenderList> {
  const client = await ownedClient(services, user, clientId);
  const after = page.cursor
    ? decodeCursor(page.cursor, ([email, ...rest]) =>
        rest.length === 0 && typeof email === 'string' && email.length <= 320 ? email : null,
      )
    : null;
  const { page: rows, last } = cutPage(
    await listSenders(services.db, client.id, { limit: page.limit, after }),
    page.limit,
  );
  return { items: rows.map(toSender), nextCursor: last ? encodeCursor([last.email]) : null };
}

export async function addSender(
  services: Services,
  user: UserRow,
  clientId: string,
  email: string,
): Promise<InboundSender> {
  const client = await ownedClient(services, user, clientId);
  return toSender(await insertSender(services.db, client.id, email));
}

export async function removeSender(services: Services, user: UserRow, clientId: string, senderId: string) {
  const client = await ownedClient(services, user, clientId);
  if (!UUID.test(senderId) || !(await deleteSender(services.db, client.id, senderId)))
    throw new AppError('INBOUND_SENDER_NOT_FOUND');
}

/** The client's mails, newest first, a keyset page at a time; the cursor is the last one's (created_at, id). */
export async function getMessages(
  services: Services,
  user: UserRow,
  clientId: string,
  page: Page,
): Promise<InboundMessageList> {
  const client = await visibleClient(services, user, clientId);
  const after = page.cursor ? decodeCreatedAtCursor(page.cursor) : null;
  const { page: rows, last } = cutPage(
    await listMessages(services.db, client.id, { limit: page.limit, after }),
    page.limit,
  );
  return {
    nextCursor: last ? encodeCursor([last.cursorAt, last.row.id]) : null,
    items: rows.map(({ row, documents }) => ({
      id: row.id,
      channel: row.channel,
      sender: row.sender,
      subject: row.subject,
      status: row.status,
      batchId: row.batchId,
      documents: documents.map(({ id, filename, status, invoiceId }) => ({
        id,
        filename,
        status,
        invoiceId,
      })),
      pendingCount: documents.filter((d) => PENDING_STATUSES.includes(d.status)).length,
      spf: row.spf,
      dkim: row.dkim,
      dmarc: row.dmarc,
      mailAuth: row.mailAuth,
      skipped: row.skipped as Skipped[],
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
