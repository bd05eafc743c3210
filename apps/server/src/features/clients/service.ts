import {
  type AcceptInvitationResult,
  type ChangeVia,
  type ClientDetail,
  type ClientExportFormat,
  type ClientList,
  type ClientSummary,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationPreview,
  type Locale,
  type UpdateTaxProfile,
} from '@cuadra/shared';
import { type ClientRow, findVisibleClient } from '../../access/clients';
import { actingOwnerId, findMembership, isFirmSide } from '../../access/firm';
import { hashOneTimeToken, newOneTimeToken } from '../../access/tokens';
import { findUserByEmail, findUserById, type UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { taxProfileOf, taxProfileUpdate } from '../../fiscal/profile';
import { publicUrl } from '../../http/public-url';
import { cutPage, decodeCursor, encodeCursor, UUID } from '../../lib/cursor';
import type { Services } from '../../services';
import { insertClientMember } from '../firms';
import { buildHistoryCsv, diffFields, findClientHistoryRows, findHistory, recordChanges } from '../history';
import { ensureInboundEmail } from '../inbound';
import { noteInvitationAccepted } from '../notifications';
import { countMonthUploads } from '../uploads';
import { invitationEmail } from './emails';
import {
  buildClientCsv,
  buildClientWorkbook,
  CLIENT_EXPORT_MEDIA_TYPES,
  clientExportFilename,
} from './export';
import {
  type ClientCursor,
  countInvitationsSentSince,
  findClientByTaxId,
  findInvitationByHash,
  findPendingInvitations,
  hasAnyClient,
  insertClient,
  insertInvitation,
  isLinkedToOwner,
  linkClient,
  listAllVisibleClients,
  listVisibleClients,
  markInvitationAccepted,
  revokeInvitations,
  updateClient as updateClientRow,
} from './repo';
import { type ClientStats, findClientStats } from './stats';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitations one account may send per hour: plenty for onboarding a practice, too few to spam with. */
const INVITATIONS_PER_HOUR = 50;

function toSummary(
  row: Pick<ClientRow, 'id' | 'name' | 'taxId' | 'freelancerUserId' | 'createdAt'>,
  stats: Pick<ClientStats, 'documents' | 'needsReview'> | undefined,
  invited: boolean,
): ClientSummary {
  const registered = row.freelancerUserId !== null;
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    status: registered ? 'registered' : invited ? 'invited' : 'dummy',
    registered,
    documents: stats?.documents ?? 0,
    needsReview: stats?.needsReview ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A freelancer on their own owns a client record for themselves (paid from their own credits). It is
 * made the first time they look at their clients and have none, rather than at sign-up: a freelancer who
 * signs up from an invitation is linked to their accountant's record instead, and gets no second one.
 * The unique (owner, freelancer) index makes concurrent first looks create one record.
 */
async function ensureOwnClient(db: Db, user: UserRow): Promise<void> {
  if (user.accountType !== 'freelancer' || (await hasAnyClient(db, user.id))) return;
  await insertClient(db, { ownerUserId: user.id, freelancerUserId: user.id, name: user.name, taxId: null });
}

type ClientListFilters = {
  q?: string | undefined;
  order: 'asc' | 'desc';
  registered?: 'true' | 'false' | undefined;
  toReview?: 'true' | 'false' | undefined;
  mine?: 'true' | 'false' | undefined;
};

function filterQuery(user: UserRow, query: ClientListFilters) {
  const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
  return {
    q: query.q,
    order: query.order,
    registered: flag(query.registered),
    toReview: flag(query.toReview),
    mine: flag(query.mine),
    locale: user.locale,
  };
}

/**
 * The client list's cursor: [order, id, name key, Spanish name key] of the row the next page starts after.
 * It carries the name's key in both languages' orders, so a user who switches language mid-scroll gets the
 * clients after that one in the new order (not a 400); another order's cursor is refused.
 */
function readClientCursor(text: string, order: 'asc' | 'desc', locale: 'en' | 'es'): ClientCursor {
  const nameKey = (value: unknown): value is string => typeof value === 'string' && value.length <= 1000;
  return decodeCursor(text, ([cursorOrder, id, key, keyEs, ...rest]) =>
    rest.length === 0 &&
    cursorOrder === order &&
    typeof id === 'string' &&
    UUID.test(id) &&
    nameKey(key) &&
    nameKey(keyEs)
      ? { key: locale === 'es' ? keyEs : key, id }
      : null,
  );
}

/** The summaries of these client rows: their counts (the clients' counters), their open invitations. */
async function summariesOf(db: Db, rows: ClientRow[]): Promise<ClientSummary[]> {
  const ids = rows.map((row) => row.id);
  const [stats, pending] = await Promise.all([findClientStats(db, ids), findPendingInvitations(db, ids)]);
  return rows.map((row) => toSummary(row, stats.get(row.id), pending.has(row.id)));
}

export async function listClients(
  services: Services,
  user: UserRow,
  query: ClientListFilters & { limit: number; cursor?: string | undefined },
): Promise<ClientList> {
  const { db } = services;
  await ensureOwnClient(db, user);
  const filters = filterQuery(user, query);
  const cursor = query.cursor ? readClientCursor(query.cursor, query.order, user.locale) : null;
  const { rows, total } = await listVisibleClients(db, user.id, { ...filters, limit: query.limit, cursor });
  const { page, last } = cutPage(rows, query.limit);
  return {
    items: page.map(({ client, documents, needsReview, invited }) =>
      toSummary(client, { documents, needsReview }, invited),
    ),
    total,
    limit: query.limit,
    nextCursor: last
      ? encodeCursor([query.order, last.client.id, last.client.nameKey, last.client.nameKeyEs])
      : null,
  };
}

/** At most this many clients in one export: far beyond a practice's book, short of a runaway file. */
const CLIENT_EXPORT_MAX = 10_000;

/** The filtered client list as a CSV or XLSX file (issue 16), every page of it, in the user's language. */
export async function exportClients(
  services: Services,
  user: UserRow,
  query: ClientListFilters,
  format: ClientExportFormat,
): Promise<{ bytes: Buffer; filename: string; mediaType: string }> {
  const { db } = services;
  await ensureOwnClient(db, user);
  const rows = await listAllVisibleClients(db, user.id, filterQuery(user, query), CLIENT_EXPORT_MAX);
  const summaries = await summariesOf(db, rows);
  const bytes =
    format === 'csv'
      ? Buffer.from(buildClientCsv(summaries, user.locale), 'utf8')
      : await buildClientWorkbook(summaries, user.locale);
  return {
    bytes,
    filename: clientExportFilename(format, user.locale),
    mediaType: CLIENT_EXPORT_MEDIA_TYPES[format],
  };
}

/** The client if the user may see it; CLIENT_NOT_FOUND otherwise, whether it exists or not. */
async function visibleClient(db: Db, user: UserRow, clientId: string): Promise<ClientRow> {
  const row = UUID.test(clientId) ? await findVisibleClient(db, user.id, clientId) : null;
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

/**
 * Only the firm changes a client or invites to it (its owner, or a member who sees it; a reader was
 * already refused by role); the linked freelancer may look, not manage.
 */
async function ownedClient(db: Db, user: UserRow, clientId: string): Promise<ClientRow> {
  const row = await visibleClient(db, user, clientId);
  if (!isFirmSide(row, user.id)) throw new AppError('FORBIDDEN');
  return row;
}

async function toDetail(
  { db, config }: Pick<Services, 'db' | 'config'>,
  user: UserRow,
  row: ClientRow,
): Promise<ClientDetail> {
  const isOwner = isFirmSide(row, user.id);
  const [stats, pending, inboundEmail, owner, monthlyUsed] = await Promise.all([
    findClientStats(db, [row.id]),
    findPendingInvitations(db, [row.id]),
    ensureInboundEmail(db, config, row.id),
    row.ownerUserId === user.id ? user : findUserById(db, row.ownerUserId),
    countMonthUploads(db, row.id),
  ]);
  const invitation = isOwner ? pending.get(row.id) : undefined;
  return {
    ...toSummary(row, stats.get(row.id), pending.has(row.id)),
    role: isOwner ? 'owner' : 'freelancer',
    grossIncomeCents: stats.get(row.id)?.grossIncomeCents ?? 0,
    invitation: invitation
      ? { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() }
      : null,
    taxProfile: taxProfileOf(row),
    inboundEmail,
    creditsPayer: { name: owner?.name ?? '', isSelf: isOwner },
    monthlyLimit: row.monthlyLimit,
    monthlyUsed,
  };
}

export async function getClient(services: Services, user: UserRow, clientId: string): Promise<ClientDetail> {
  return toDetail(services, user, await visibleClient(services.db, user, clientId));
}

/**
 * One client per tax id for an accountant (issue 16: the same person added twice without a word). The id
 * arrives normalised by `TaxIdSchema`, as it is stored. 409 names the existing client for the web's link.
 */
async function refuseTakenTaxId(db: Services['db'], ownerUserId: string, taxId: string, exceptId?: string) {
  const existing = await findClientByTaxId(db, ownerUserId, taxId, exceptId);
  if (existing) throw new AppError('CLIENT_TAX_ID_TAKEN', { clientId: existing.id, name: existing.name });
}

/** spec-1 §4–§6: accountants add dummy clients, once their email is verified. */
export async function createClient(
  services: Services,
  user: UserRow,
  input: { name: string; taxId: string | null },
): Promise<ClientDetail> {
  if (user.accountType !== 'accountant') throw new AppError('ACCOUNTANTS_ONLY');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  // A member adds the client to the firm: it is the firm owner's, paid from the firm's credits.
  const member = await findMembership(services.db, user.id);
  const ownerUserId = actingOwnerId(user.id, member);
  if (input.taxId) await refuseTakenTaxId(services.db, ownerUserId, input.taxId);
  const row = await services.db.transaction(async (tx) => {
    const inserted = await insertClient(tx, { ownerUserId, name: input.name, taxId: input.taxId });
    // Staff see the clients they are responsible for: the one they add is theirs from the start.
    if (inserted && member?.role === 'staff') await insertClientMember(tx, inserted.id, user.id);
    return inserted;
  });
  if (!row) throw new AppError('CONFLICT');
  return toDetail(services, user, row);
}

export async function updateClient(
  services: Services,
  user: UserRow,
  clientId: string,
  input: {
    name?: string | undefined;
    taxId?: string | null | undefined;
    taxProfile?: UpdateTaxProfile;
    monthlyLimit?: number | null | undefined;
  },
  options: { via?: ChangeVia } = {},
): Promise<ClientDetail> {
  const { db } = services;
  const row = await ownedClient(db, user, clientId);
  if (input.taxId) await refuseTakenTaxId(db, row.ownerUserId, input.taxId, row.id);
  const { taxProfile, ...rest } = input;
  const values = { ...rest, ...(taxProfile ? taxProfileUpdate(row, taxProfile) : {}) };
  const updated = await db.transaction(async (tx) => {
    const changed = (await updateClientRow(tx, row.id, values)) ?? row;
    await recordChanges(tx, {
      clientId: row.id,
      entity: 'client',
      entityId: row.id,
      actorUserId: user.id,
      via: options.via ?? 'api',
      changes: diffFields(row, changed, CLIENT_AUDITED_FIELDS),
    });
    return changed;
  });
  return toDetail(services, user, updated);
}

/** Client fields the history follows (issue 40 item 4): its name, tax id, tax profile and limit. */
const CLIENT_AUDITED_FIELDS = [
  'name',
  'taxId',
  'legalForm',
  'vatRegime',
  'territory',
  'accountMapping',
  'monthlyLimit',
] as const;

/** The client's history of changes, for whoever may see it. */
export async function getClientHistory(services: Services, user: UserRow, clientId: string) {
  const row = await visibleClient(services.db, user, clientId);
  return { entries: await findHistory(services.db, 'client', row.id) };
}

/** The client's history of a period as CSV, in the user's language (issue 40: exportable per period). */
export async function exportClientHistory(
  services: Services,
  user: UserRow,
  clientId: string,
  period: { from: string; to: string },
) {
  if (period.from > period.to) throw new AppError('REPORT_START_AFTER_END');
  const row = await visibleClient(services.db, user, clientId);
  const rows = await findClientHistoryRows(services.db, row.id, period.from, period.to);
  return {
    bytes: Buffer.from(buildHistoryCsv(rows, user.locale), 'utf8'),
    filename: `history_${period.from}_${period.to}.csv`,
  };
}

export async function inviteToClient(
  services: Services,
  user: UserRow,
  clientId: string,
  input: { email: string; locale?: Locale | undefined },
): Promise<Invitation> {
  const { db, config } = services;
  const client = await ownedClient(db, user, clientId);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  if (client.freelancerUserId) throw new AppError('CLIENT_ALREADY_LINKED');
  await throttleInvitations(db, user.id);

  const invitee = await findUserByEmail(db, input.email);
  const locale = invitee?.locale ?? input.locale ?? user.locale;
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await revokeInvitations(tx, client.id);
    await insertInvitation(tx, {
      clientId: client.id,
      invitedByUserId: user.id,
      email: input.email,
      tokenHash: hash,
      expiresAt,
    });
    // Links come from the configured address (or, in the local trial, the loopback origin in use).
    const link = `${publicUrl(config)}/acceptinvitation?token=${token}`;
    await services.mailer.send(
      tx,
      invitationEmail(
        { email: input.email, locale },
        { inviterName: user.name, clientName: client.name },
        link,
      ),
    );
  });
  return { email: input.email, expiresAt: expiresAt.toISOString() };
}

async function throttleInvitations(db: Db, userId: string): Promise<void> {
  const since = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countInvitationsSentSince(db, userId, since)) >= INVITATIONS_PER_HOUR)
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: 3600 });
}

/** The invitation behind a token, if it can still be accepted. */
async function openInvitation(db: Db, token: string) {
  const found = await findInvitationByHash(db, hashOneTimeToken(token));
  if (!found) throw new AppError('INVITATION_INVALID');
  const { invitation, client } = found;
  if (invitation.acceptedAt || invitation.revokedAt || client.freelancerUserId) {
    throw new AppError('INVITATION_INVALID');
  }
  if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError('INVITATION_EXPIRED');
  return found;
}

export async function previewInvitation(services: Services, token: string): Promise<InvitationPreview> {
  const { invitation, client, inviterName } = await openInvitation(services.db, token);
  return {
    email: invitation.email,
    clientName: client.name,
    accountantName: inviterName,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Links the client to the signed-in freelancer. The token is bound to the invited address, works once,
 * and the invitation and the link change in one transaction.
 */
export async function acceptInvitation(
  services: Services,
  user: UserRow,
  token: string,
): Promise<AcceptInvitationResult> {
  const { db } = services;
  const { invitation, client } = await openInvitation(db, token);
  if (invitation.email !== user.email) throw new AppError('INVITATION_WRONG_ACCOUNT');
  // Matching the address proves nothing until the account has shown it reads that inbox.
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  if (user.accountType !== 'freelancer') throw new AppError('INVITATION_FREELANCERS_ONLY');
  if (await isLinkedToOwner(db, client.ownerUserId, user.id)) throw new AppError('CLIENT_ALREADY_LINKED');
  try {
    await db.transaction(async (tx) => {
      if (!(await markInvitationAccepted(tx, invitation.id, user.id)))
        throw new AppError('INVITATION_INVALID');
      if (!(await linkClient(tx, client.id, user.id))) throw new AppError('INVITATION_INVALID');
      await noteInvitationAccepted(services, tx, {
        ownerUserId: client.ownerUserId,
        clientId: client.id,
        clientName: client.name,
        freelancer: user,
      });
    });
  } catch (error) {
    // A concurrent accept of another invitation of the same accountant won the unique (owner, freelancer).
    if (isUniqueViolation(error)) throw new AppError('CLIENT_ALREADY_LINKED');
    throw error;
  }
  return { clientId: client.id };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
