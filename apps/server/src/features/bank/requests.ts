/**
 * The missing documents, asked for (issue 39 item 3; docs/decisions/0021-missing-documents-request.md): the
 * unmatched movements of a period above a threshold are sent to the client by email with a signed link to a
 * drop page; each file dropped there goes through the client's normal upload and, once read, is proposed for
 * its movement.
 */
import {
  BANK_REQUEST_TTL_DAYS,
  type BankRequest,
  type BankRequestBody,
  type BankRequestSummary,
  type Locale,
  type MatchReason,
  type PublicBankRequest,
  type RequestedLine,
} from '@cuadra/shared';
import { eq } from 'drizzle-orm';
import { visibleClientOrThrow } from '../../access/clients';
import { type Limit, takeAttempt } from '../../access/throttle';
import type { UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { publicUrl } from '../../http/public-url';
import type { Services } from '../../services';
import { admitUploader, readUploadedFiles, uploadFiles, uploadTempDir } from '../uploads';
import { missingDocumentsEmail } from './emails';
import { type Allocation, matchMovements } from './matcher';
import * as repo from './repo';
import { readRequestLink, signRequestLink } from './request-link';
import * as requests from './request-repo';
import { euroConverter } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Files one link may bring in an hour, whatever their fate: a phone dropping the invoices of a month one by
 * one, retries included, stays well under it; a leaked link cannot be used to burn the accountant's credits
 * or flood the client's inbox of documents. Counted per request (the token's), not per address.
 */
export const DROP_LIMIT: Limit = { action: 'bank-drop:request', max: 60, windowSeconds: 60 * 60 };

const toLine = (line: { id: string; documentId: string | null }, m: repo.MovementRow): RequestedLine => ({
  id: line.id,
  bookingDate: m.bookingDate,
  amountCents: m.amountCents,
  currency: m.currency,
  concept: m.concept,
  counterpartyName: m.counterpartyName,
  uploaded: line.documentId !== null,
});

/** The web page a request's link opens. */
export const dropPageLink = (services: Services, token: string) =>
  `${publicUrl(services.config)}/missing-documents?token=${encodeURIComponent(token)}`;

/** Asks the client, by email in their language, for the documents of the period's unmatched movements. */
export async function createRequest(
  services: Services,
  user: UserRow,
  clientId: string,
  body: BankRequestBody,
): Promise<BankRequest> {
  const client = await visibleClientOrThrow(services, user, clientId);
  const contact = await requests.findClientContact(services.db, client);
  if (!contact) throw new AppError('BANK_REQUEST_NO_EMAIL');
  const movements = await requests.findMissingMovements(services.db, client.id, body, body.thresholdCents);
  if (movements.length === 0) throw new AppError('BANK_REQUEST_NOTHING_MISSING');
  const locale = (contact.locale ?? user.locale) as Locale;
  const expiresAt = new Date(Date.now() + BANK_REQUEST_TTL_DAYS * DAY_MS);
  return services.db.transaction(async (tx) => {
    const request = await requests.insertRequest(
      tx,
      {
        clientId: client.id,
        requestedByUserId: user.id,
        email: contact.email,
        locale,
        thresholdCents: body.thresholdCents,
        remindEveryDays: body.remindEveryDays,
        expiresAt,
      },
      movements.map((m) => m.id),
    );
    await sendRequestEmail(services, tx, request, user.name, client.name, movements);
    const lines = await requests.findRequestLines(tx, request.id);
    return {
      id: request.id,
      email: request.email,
      createdAt: request.createdAt.toISOString(),
      expiresAt: request.expiresAt.toISOString(),
      lines: lines.map((l) => toLine(l.line, l.movement)),
    };
  });
}

async function sendRequestEmail(
  services: Services,
  db: Db,
  request: requests.RequestRow,
  accountantName: string,
  clientName: string,
  lines: repo.MovementRow[],
  reminder = false,
) {
  const token = await signRequestLink(
    services.auth.accessKey,
    { requestId: request.id, clientId: request.clientId },
    request.expiresAt,
  );
  await services.mailer.send(
    db,
    missingDocumentsEmail(
      { email: request.email, locale: request.locale === 'en' ? 'en' : 'es' },
      { accountantName, clientName, lines, reminder },
      dropPageLink(services, token),
    ),
  );
}

/**
 * The schedule the accountant set (`remindEveryDays`): each request still in its time whose lines are not
 * all answered, and whose last email is that many days old, is sent again with the lines still waiting.
 */
export async function remindRequests(services: Services, now = new Date()) {
  let sent = 0;
  for (const request of await requests.findDueReminders(services.db, now)) {
    const lines = (await requests.findRequestLines(services.db, request.id)).filter(
      (l) => l.waiting && ['unmatched', 'proposed'].includes(l.movement.status),
    );
    const [requester] = await services.db.select().from(users).where(eq(users.id, request.requestedByUserId));
    const client = requester
      ? await visibleClientOrThrow(services, requester, request.clientId).catch(() => null)
      : null;
    await services.db.transaction(async (tx) => {
      // Marked whatever happens, so a request with nothing left (or no access) is not looked at every day.
      await requests.markReminded(tx, request.id, now);
      if (!requester || !client || lines.length === 0) return;
      const movements = lines.map((l) => l.movement);
      await sendRequestEmail(services, tx, request, requester.name, client.name, movements, true);
      sent++;
    });
  }
  return sent;
}

/** "N movements, M matched, K requested D days ago" for the Bank tab. */
export async function requestSummary(
  services: Services,
  user: UserRow,
  clientId: string,
): Promise<BankRequestSummary> {
  const client = await visibleClientOrThrow(services, user, clientId);
  await linkArrived(services, services.db, client.id);
  const summary = await requests.requestSummary(services.db, client.id);
  const contact = await requests.findClientContact(services.db, client);
  return {
    ...summary,
    lastRequestedAt: summary.lastRequestedAt?.toISOString() ?? null,
    email: contact?.email ?? null,
  };
}

/**
 * The request behind a link: a genuine token naming a request of that client, still in its time, whose
 * requester still sees the client (a link dies with the access).
 */
async function openRequest(services: Services, token: string) {
  const claims = await readRequestLink(services.auth.accessKey, token);
  const request = await requests.findRequest(services.db, claims.requestId);
  if (!request || request.clientId !== claims.clientId) throw new AppError('BANK_REQUEST_LINK_INVALID');
  if (request.expiresAt.getTime() <= Date.now()) throw new AppError('BANK_REQUEST_LINK_EXPIRED');
  const [requester] = await services.db.select().from(users).where(eq(users.id, request.requestedByUserId));
  if (!requester) throw new AppError('BANK_REQUEST_LINK_INVALID');
  const client = await visibleClientOrThrow(services, requester, request.clientId).catch(() => {
    throw new AppError('BANK_REQUEST_LINK_INVALID');
  });
  return { request, requester, client };
}

export async function publicRequest(services: Services, token: string): Promise<PublicBankRequest> {
  const { request, requester, client } = await openRequest(services, token);
  const lines = await requests.findRequestLines(services.db, request.id);
  return {
    clientName: client.name,
    accountantName: requester.name,
    locale: request.locale === 'en' ? 'en' : 'es',
    expiresAt: request.expiresAt.toISOString(),
    lines: lines.map((l) => toLine(l.line, l.movement)),
  };
}

/**
 * A file dropped for one line: it goes through the client's normal upload (the requester's credits, the
 * monthly limit, the extraction job) and is tied to the line; a refused file leaves the line waiting.
 */
export async function dropFile(services: Services, token: string, lineId: string, raw: Request) {
  const { request, requester, client } = await openRequest(services, token);
  const lines = await requests.findRequestLines(services.db, request.id);
  const target = lines.find((l) => l.line.id === lineId);
  if (!target) throw new AppError('MOVEMENT_NOT_FOUND');
  await takeAttempt(services.db, DROP_LIMIT, request.id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'RATE_LIMITED')
      throw new AppError('BANK_REQUEST_DROP_LIMITED', error.details);
    throw error;
  });
  await admitUploader(services, requester, client.id);
  const { config } = services;
  const upload = await readUploadedFiles(raw, {
    maxFileBytes: config.UPLOAD_MAX_FILE_BYTES,
    maxFiles: 1,
    maxBytes: config.UPLOAD_MAX_BYTES,
    idleMs: config.UPLOAD_IDLE_SECONDS * 1000,
    rateWindowMs: config.UPLOAD_RATE_WINDOW_SECONDS * 1000,
    tempDir: uploadTempDir(config),
  });
  try {
    const batch = await uploadFiles(services, requester, client, upload.files);
    const [document] = batch.documents;
    if (!document) throw new AppError('NO_FILES');
    if (document.status !== 'failed') await requests.setLineDocument(services.db, lineId, document.id);
    return {
      line: { ...toLine(target.line, target.movement), uploaded: document.status !== 'failed' },
      errorCode: document.errorCode,
    };
  } finally {
    await upload.dispose();
  }
}

/** `linkArrived` for a client the caller sees. */
export async function linkArrivedFor(services: Services, user: UserRow, clientId: string) {
  const client = await visibleClientOrThrow(services, user, clientId);
  return linkArrived(services, services.db, client.id);
}

/**
 * Dropped files read into an invoice are proposed for their movement, with the matcher's reasons and
 * `requested`; the accountant accepts the proposal as any other. A movement matched or set aside meanwhile
 * is left as it is.
 */
export async function linkArrived(services: Services, db: Db, clientId: string) {
  const arrived = await requests.findArrivedInvoices(db, clientId);
  if (arrived.length === 0) return 0;
  const toEuro = euroConverter(services);
  const ibans = await repo.knownIbans(db, clientId);
  let linked = 0;
  for (const { movementId, invoice } of arrived) {
    const movement = await repo.findMovement(db, clientId, movementId);
    if (!movement || (movement.status !== 'unmatched' && movement.status !== 'proposed')) continue;
    const [withPaid] = await repo.findInvoicesWithPaid(db, clientId, [invoice.id]);
    if (!withPaid) continue;
    const [decision] = matchMovements(
      [
        {
          id: movement.id,
          bookingDate: movement.bookingDate,
          amountCents: movement.amountCents,
          currency: movement.currency,
          concept: movement.concept,
          reference: movement.reference,
          counterpartyName: movement.counterpartyName,
          counterpartyIban: movement.counterpartyIban,
          isHeldByUser: false,
        },
      ],
      [repo.toMatchInvoice(withPaid)],
      ibans,
      toEuro,
    );
    const paid = Math.abs(movement.amountCents);
    const allocations: Allocation[] =
      decision && decision.kind !== 'none' && decision.allocations.length > 0
        ? decision.allocations
        : [{ invoiceId: invoice.id, amountCents: paid, invoiceCents: paid }];
    const reasons: MatchReason[] = ['requested', ...(decision?.reasons ?? [])];
    await repo.updateMovement(db, movement.id, {
      status: 'proposed',
      proposal: allocations,
      score: decision && decision.kind !== 'none' ? decision.score : null,
      reasons,
    });
    linked++;
  }
  await requests.markLinked(
    db,
    arrived.map((a) => a.lineId),
  );
  return linked;
}
