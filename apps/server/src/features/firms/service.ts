import {
  type ChangeVia,
  type ClientMembers,
  type FirmInvitation,
  type FirmInvitationPreview,
  type FirmView,
  INVITATION_TTL_DAYS,
  type Locale,
  type MemberRole,
} from '@cuadra/shared';
import { type ClientRow, findVisibleClient } from '../../access/clients';
import { findMembership, type Membership } from '../../access/firm';
import { hashOneTimeToken, newOneTimeToken } from '../../access/tokens';
import { bumpTokenVersion, findUserByEmail, type UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { publicUrl } from '../../http/public-url';
import { UUID } from '../../lib/cursor';
import { monthStart } from '../../lib/month';
import type { Services } from '../../services';
import { recordChanges } from '../history';
import { teamInvitationEmail } from './emails';
import {
  countCreditsByUploader,
  countInvitationsSince,
  deleteClientMember,
  deleteFirm,
  deleteMember,
  findFirm,
  findFirmInvitationByHash,
  findMemberRow,
  firmHasContents,
  hasLiveSubscription,
  insertClientMember,
  insertFirmInvitation,
  insertMember,
  insertOwnFirm,
  listClientMembers,
  listMembers,
  listOpenInvitations,
  markFirmInvitationAccepted,
  revokeFirmInvitations,
  transferFirm,
  updateFirm,
  updateMember,
} from './repo';

export { insertClientMember } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Team invitations one account may send per hour: a whole practice at once, too few to spam with. */
const TEAM_INVITATIONS_PER_HOUR = 30;

/**
 * The user's membership, making the one-person firm of an accountant who has none yet (an account made
 * after the migration, or a member removed from a firm) the first time it is needed. Freelancers have none.
 */
export async function ensureMembership(db: Db, user: UserRow): Promise<Membership> {
  if (user.accountType !== 'accountant') throw new AppError('ACCOUNTANTS_ONLY');
  const found = await findMembership(db, user.id);
  if (found) return found;
  await insertOwnFirm(db, user);
  const made = await findMembership(db, user.id);
  if (!made) throw new Error('firm membership missing after insert');
  return made;
}

const isManager = (member: Membership) => member.role === 'owner' || member.role === 'admin';

async function managerOf(db: Db, user: UserRow): Promise<Membership> {
  const member = await ensureMembership(db, user);
  if (!isManager(member)) throw new AppError('ROLE_MANAGERS_ONLY');
  return member;
}

export async function getFirm(services: Services, user: UserRow): Promise<FirmView> {
  const { db } = services;
  const member = await ensureMembership(db, user);
  const firm = await findFirm(db, member.firmId);
  if (!firm) throw new AppError('NOT_FOUND');
  const [members, invitations] = await Promise.all([
    listMembers(db, firm.id, monthStart(new Date())),
    isManager(member) ? listOpenInvitations(db, firm.id) : [],
  ]);
  return {
    firm: { id: firm.id, name: firm.name, taxId: firm.taxId },
    myRole: member.role,
    members,
    invitations: invitations.map(toInvitation),
  };
}

function toInvitation(row: { id: string; email: string; role: string; expiresAt: Date }): FirmInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as MemberRole,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function changeFirm(
  services: Services,
  user: UserRow,
  input: { name?: string | undefined; taxId?: string | null | undefined },
): Promise<FirmView> {
  const member = await managerOf(services.db, user);
  await updateFirm(services.db, member.firmId, { name: input.name, taxId: input.taxId });
  return getFirm(services, user);
}

/**
 * Invites a colleague by email: single use, bound to the address, expiring after INVITATION_TTL_DAYS, and
 * a newer invitation to the same address voids the older — the rules of client invitations.
 */
export async function inviteMember(
  services: Services,
  user: UserRow,
  input: { email: string; role: MemberRole; locale?: Locale | undefined },
): Promise<FirmInvitation> {
  const { db, config } = services;
  const member = await managerOf(db, user);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  if (
    (await countInvitationsSince(db, user.id, new Date(Date.now() - 60 * 60 * 1000))) >=
    TEAM_INVITATIONS_PER_HOUR
  )
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: 3600 });
  const invitee = await findUserByEmail(db, input.email);
  if (invitee && (await findMemberRow(db, member.firmId, invitee.id)))
    throw new AppError('MEMBER_ALREADY_IN_FIRM');
  const firm = await findFirm(db, member.firmId);
  if (!firm) throw new AppError('NOT_FOUND');

  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const locale = invitee?.locale ?? input.locale ?? user.locale;
  const row = await db.transaction(async (tx) => {
    await revokeFirmInvitations(tx, firm.id, { email: input.email });
    const inserted = await insertFirmInvitation(tx, {
      firmId: firm.id,
      invitedByUserId: user.id,
      email: input.email,
      role: input.role,
      tokenHash: hash,
      expiresAt,
    });
    const link = `${publicUrl(config)}/join-team?token=${token}`;
    await services.mailer.send(
      tx,
      teamInvitationEmail(
        { email: input.email, locale },
        { inviterName: user.name, firmName: firm.name, role: input.role },
        link,
      ),
    );
    return inserted;
  });
  return toInvitation(row);
}

export async function revokeMemberInvitation(services: Services, user: UserRow, invitationId: string) {
  const member = await managerOf(services.db, user);
  const revoked = UUID.test(invitationId)
    ? await revokeFirmInvitations(services.db, member.firmId, { id: invitationId })
    : 0;
  if (revoked === 0) throw new AppError('INVITATION_INVALID');
}

async function openFirmInvitation(db: Db, token: string) {
  const found = await findFirmInvitationByHash(db, hashOneTimeToken(token));
  if (!found || found.invitation.acceptedAt || found.invitation.revokedAt)
    throw new AppError('INVITATION_INVALID');
  if (found.invitation.expiresAt.getTime() <= Date.now()) throw new AppError('INVITATION_EXPIRED');
  return found;
}

export async function previewFirmInvitation(
  services: Services,
  token: string,
): Promise<FirmInvitationPreview> {
  const { invitation, firm, inviterName } = await openFirmInvitation(services.db, token);
  return {
    email: invitation.email,
    firmName: firm.name,
    inviterName,
    role: invitation.role as MemberRole,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Joins the firm of the invitation. The account must be the invited address, verified, and an accountant's;
 * its own one-person firm is given up, which is only allowed while that firm is empty (no clients, no
 * colleagues): a member belongs to one firm, and a firm's clients never move silently.
 */
export async function acceptFirmInvitation(services: Services, user: UserRow, token: string) {
  const { db } = services;
  const { invitation } = await openFirmInvitation(db, token);
  if (invitation.email !== user.email) throw new AppError('INVITATION_WRONG_ACCOUNT');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  if (user.accountType !== 'accountant') throw new AppError('FIRM_INVITATION_ACCOUNTANTS_ONLY');
  const current = await findMembership(db, user.id);
  if (current?.firmId === invitation.firmId) throw new AppError('MEMBER_ALREADY_IN_FIRM');
  if (current && current.role !== 'owner') throw new AppError('FIRM_NOT_EMPTY');
  const own = current ? await findFirm(db, current.firmId) : null;
  if (await firmHasContents(db, own ?? { id: '00000000-0000-0000-0000-000000000000', ownerUserId: user.id }))
    throw new AppError('FIRM_NOT_EMPTY');
  await db.transaction(async (tx) => {
    if (!(await markFirmInvitationAccepted(tx, invitation.id, user.id)))
      throw new AppError('INVITATION_INVALID');
    if (own) await deleteFirm(tx, own.id);
    await insertMember(tx, { firmId: invitation.firmId, userId: user.id, role: invitation.role });
  });
  return { firmId: invitation.firmId };
}

async function memberOfMyFirm(db: Db, manager: Membership, userId: string) {
  const row = UUID.test(userId) ? await findMemberRow(db, manager.firmId, userId) : null;
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return row;
}

/** Role, all-clients and monthly cap of a member; the owner's own row is not changed here. */
export async function changeMember(
  services: Services,
  user: UserRow,
  userId: string,
  input: {
    role?: MemberRole | undefined;
    allClients?: boolean | undefined;
    monthlyCreditCap?: number | null | undefined;
  },
): Promise<FirmView> {
  const { db } = services;
  const manager = await managerOf(db, user);
  const target = await memberOfMyFirm(db, manager, userId);
  if (target.role === 'owner') throw new AppError('ROLE_OWNER_ONLY');
  // The cap is billing: the owner's to set.
  if (input.monthlyCreditCap !== undefined && manager.role !== 'owner') throw new AppError('ROLE_OWNER_ONLY');
  await updateMember(db, manager.firmId, userId, input);
  return getFirm(services, user);
}

/**
 * Removes a member. Their sessions end at once: the token version is raised in the same transaction, and
 * every request reads it (docs/decisions/0005), so an old token is refused on its next use.
 */
export async function removeMember(services: Services, user: UserRow, userId: string): Promise<void> {
  const { db } = services;
  const manager = await managerOf(db, user);
  const target = await memberOfMyFirm(db, manager, userId);
  if (target.role === 'owner') throw new AppError('ROLE_OWNER_ONLY');
  await db.transaction(async (tx) => {
    if (!(await deleteMember(tx, manager.firmId, userId))) throw new AppError('MEMBER_NOT_FOUND');
    await bumpTokenVersion(tx, userId);
  });
}

/**
 * Leaving the firm (issue 40 item 1): like a removal, it ends every session of the member at once. The
 * owner cannot leave the firm that holds their clients and balance.
 */
export async function leaveFirm(services: Services, user: UserRow): Promise<void> {
  const { db } = services;
  const member = await ensureMembership(db, user);
  if (member.role === 'owner') throw new AppError('ROLE_OWNER_ONLY');
  await db.transaction(async (tx) => {
    if (!(await deleteMember(tx, member.firmId, user.id))) throw new AppError('MEMBER_NOT_FOUND');
    await bumpTokenVersion(tx, user.id);
  });
}

/**
 * The owner hands the firm to another member: they become its owner, the old owner an admin. Billing follows
 * the firm (its balance, plan and clients move to the new owner, features/firms/repo.ts `transferFirm`);
 * nobody's sessions end, as both keep their place in the firm. Recorded in the audit log.
 */
export async function handOverFirm(
  services: Services,
  user: UserRow,
  userId: string,
  via: ChangeVia,
): Promise<FirmView> {
  const { db } = services;
  const owner = await ensureMembership(db, user);
  if (owner.role !== 'owner') throw new AppError('ROLE_OWNER_ONLY');
  const target = await memberOfMyFirm(db, owner, userId);
  if (target.userId === user.id) throw new AppError('MEMBER_NOT_FOUND');
  // One live plan per user: the firm's cannot join one the member pays for on their own.
  if ((await hasLiveSubscription(db, user.id)) && (await hasLiveSubscription(db, target.userId)))
    throw new AppError('FIRM_HANDOVER_SUBSCRIPTION');
  await db.transaction(async (tx) => {
    if (!(await transferFirm(tx, owner.firmId, user.id, target.userId)))
      throw new AppError('ROLE_OWNER_ONLY');
    await recordChanges(tx, {
      clientId: null,
      entity: 'firm',
      entityId: owner.firmId,
      actorUserId: user.id,
      via,
      changes: [{ field: 'owner', from: user.id, to: target.userId }],
    });
  });
  return getFirm(services, user);
}

/** A client the user sees and that belongs to their firm (not a freelancer's own link). */
async function firmClient(db: Db, user: UserRow, member: Membership, clientId: string): Promise<ClientRow> {
  const client = UUID.test(clientId) ? await findVisibleClient(db, user.id, clientId) : null;
  if (!client || client.ownerUserId !== member.firmOwnerUserId) throw new AppError('CLIENT_NOT_FOUND');
  return client;
}

export async function getClientMembers(
  services: Services,
  user: UserRow,
  clientId: string,
): Promise<ClientMembers> {
  const { db } = services;
  const member = await findMembership(db, user.id);
  if (!member) {
    // An accountant without a firm row yet, or the client's linked freelancer: nobody else is responsible.
    const client = UUID.test(clientId) ? await findVisibleClient(db, user.id, clientId) : null;
    if (!client) throw new AppError('CLIENT_NOT_FOUND');
    return { members: [], candidates: [], canManage: false };
  }
  const client = await firmClient(db, user, member, clientId);
  const members = await listClientMembers(db, client.id);
  const canManage = isManager(member);
  const candidates = canManage
    ? (await listMembers(db, member.firmId, monthStart(new Date())))
        .filter((m) => m.role !== 'owner' && !members.some((r) => r.userId === m.userId))
        .map(({ userId, name, email, role }) => ({ userId, name, email, role }))
    : [];
  return { members, candidates, canManage };
}

export async function assignClientMember(
  services: Services,
  user: UserRow,
  clientId: string,
  userId: string,
  assigned: boolean,
): Promise<ClientMembers> {
  const { db } = services;
  const manager = await managerOf(db, user);
  const client = await firmClient(db, user, manager, clientId);
  await memberOfMyFirm(db, manager, userId);
  if (assigned) await insertClientMember(db, client.id, userId);
  else await deleteClientMember(db, client.id, userId);
  return getClientMembers(services, user, clientId);
}

/**
 * The owner's monthly cap on a member's spending (issue 40 item 3): 402 MEMBER_CREDIT_CAP_REACHED when
 * `adding` more files would take them past it. Owners and uncapped members pass.
 */
export async function checkMemberCreditCap(db: Db, userId: string, adding: number, now = new Date()) {
  const member = await findMembership(db, userId);
  if (!member || member.role === 'owner' || member.monthlyCreditCap === null) return;
  const used = (await countCreditsByUploader(db, [userId], monthStart(now))).get(userId) ?? 0;
  if (used + adding > member.monthlyCreditCap)
    throw new AppError('MEMBER_CREDIT_CAP_REACHED', { cap: member.monthlyCreditCap, used });
}
