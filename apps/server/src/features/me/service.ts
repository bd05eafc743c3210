import {
  type AuthResult,
  type ChangeEmailRequest,
  type ChangeEmailResult,
  type ChangePasswordRequest,
  type ChangeVia,
  type ConfirmEmailChangeResult,
  EMAIL_CHANGE_TTL_HOURS,
  isCommonPassword,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type UpdateMeRequest,
  type User,
  WELCOME_CREDITS,
} from '@cuadra/shared';
import { hashPassword, verifyPassword } from '../../access/passwords';
import { LIMITS, takeAttempt } from '../../access/throttle';
import { hashOneTimeToken, newOneTimeToken, signAccessToken } from '../../access/tokens';
import {
  consumeAllAuthTokens,
  consumeAuthToken,
  findAuthToken,
  findUserByEmail,
  findUserById,
  insertAuthToken,
  setPassword,
  type UserRow,
} from '../../access/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { publicUrl } from '../../http/public-url';
import type { Services } from '../../services';
import { grantCredits } from '../credits';
import { diffFields, findHistory, recordChanges } from '../history';
import { confirmEmailChangeEmail, emailChangedEmail } from '../notifications';
import { setUserEmail, updateUserRow } from './repo';
import { toUser } from './user';

/**
 * Name and language (the one every later email is written in); `chosenPlanId: null` lets go of the plan
 * chosen before signing up.
 */
export async function updateMe(
  db: Db,
  user: UserRow,
  input: UpdateMeRequest,
  via: ChangeVia = 'api',
): Promise<User> {
  const changes = { name: input.name, locale: input.locale, chosenPlanId: input.chosenPlanId };
  if (Object.values(changes).every((value) => value === undefined)) return toUser(db, user);
  const row = await updateOwnSettings(db, user, changes, via, ['name', 'locale']);
  return toUser(db, row);
}

/**
 * Saves the user's own settings and, in the same transaction, one history row per changed field among
 * `audited` (issue 40: settings changes are in the history too), with the user as actor and no client.
 */
async function updateOwnSettings(
  db: Db,
  user: UserRow,
  changes: Partial<UserRow>,
  via: ChangeVia,
  audited: readonly (keyof UserRow & string)[],
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const saved = (await updateUserRow(tx, user.id, changes)) ?? user;
    await recordChanges(tx, {
      clientId: null,
      entity: 'user',
      entityId: user.id,
      actorUserId: user.id,
      via,
      changes: diffFields(user, saved, audited),
    });
    return saved;
  });
}

/** The user's own history: their settings changes, oldest first. */
export async function getOwnHistory(db: Db, user: UserRow) {
  return { entries: await findHistory(db, 'user', user.id) };
}

/**
 * A new password after proving the current one. Every session issued before ends (as after a reset), so the
 * answer carries a fresh token for the browser that made the change.
 */
export async function changePassword(
  services: Services,
  user: UserRow,
  input: ChangePasswordRequest,
): Promise<AuthResult> {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('CURRENT_PASSWORD_WRONG');
  }
  if (isCommonPassword(input.newPassword)) throw new AppError('PASSWORD_TOO_COMMON');
  await setPassword(services.db, user.id, await hashPassword(input.newPassword));
  const row = await findUserById(services.db, user.id);
  if (!row) throw new AppError('USER_NOT_FOUND');
  const token = await signAccessToken(services.auth.accessKey, { userId: row.id, version: row.tokenVersion });
  return { token, user: await toUser(services.db, row) };
}

export function toNotificationSettings(row: UserRow): NotificationSettings {
  return {
    batchFinished: row.notifyBatchFinished,
    lowCredits: row.notifyLowCredits,
    invitationAccepted: row.notifyInvitationAccepted,
    weeklySummary: row.notifyWeeklySummary,
  };
}

export async function updateNotificationSettings(
  db: Db,
  user: UserRow,
  input: NotificationSettingsUpdate,
  via: ChangeVia = 'api',
): Promise<NotificationSettings> {
  const changes = {
    notifyBatchFinished: input.batchFinished,
    notifyLowCredits: input.lowCredits,
    notifyInvitationAccepted: input.invitationAccepted,
    notifyWeeklySummary: input.weeklySummary,
  };
  if (Object.values(changes).every((value) => value === undefined)) return toNotificationSettings(user);
  const row = await updateOwnSettings(db, user, changes, via, [
    'notifyBatchFinished',
    'notifyLowCredits',
    'notifyInvitationAccepted',
    'notifyWeeklySummary',
  ]);
  return toNotificationSettings(row);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Asks to move the account to `newEmail`: proves the current password (when the account has one), then
 * emails a one-time link to the NEW address. The account keeps its email until that link is followed;
 * an earlier pending change is voided.
 */
export async function requestEmailChange(
  services: Services,
  user: UserRow,
  input: ChangeEmailRequest,
): Promise<ChangeEmailResult> {
  const { db } = services;
  const newEmail = input.newEmail;
  // Throttled before anything is answered: EMAIL_IN_USE says whether an address has an account, so it must
  // cost an attempt like a success does (5 an hour), or Settings becomes an email-existence oracle.
  await takeAttempt(db, LIMITS.emailChangePerUser, user.id);
  if (user.passwordHash) {
    if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('CURRENT_PASSWORD_WRONG');
  }
  if (newEmail === user.email) throw new AppError('EMAIL_UNCHANGED');
  if (await findUserByEmail(db, newEmail)) throw new AppError('EMAIL_IN_USE');
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * HOUR_MS);
  await db.transaction(async (tx) => {
    await consumeAllAuthTokens(tx, user.id, 'email_change');
    await insertAuthToken(tx, {
      userId: user.id,
      purpose: 'email_change',
      tokenHash: hash,
      expiresAt,
      newEmail,
    });
    const link = `${publicUrl(services.config)}/confirm-email?token=${token}`;
    await services.mailer.send(tx, confirmEmailChangeEmail(user, newEmail, link));
  });
  return { pendingEmail: newEmail, expiresAt: expiresAt.toISOString() };
}

/**
 * Applies an email change from the link sent to the new address (signed in or not: the link is the
 * proof). The address counts as verified, and the old address is told.
 */
export async function confirmEmailChange(
  services: Services,
  token: string,
): Promise<ConfirmEmailChangeResult> {
  const { db } = services;
  const row = await findAuthToken(db, 'email_change', hashOneTimeToken(token));
  if (!row?.userId || !row.newEmail || row.usedAt) throw new AppError('TOKEN_INVALID');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
  const user = await findUserById(db, row.userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const newEmail = row.newEmail;
  const taken = await findUserByEmail(db, newEmail);
  if (taken && taken.id !== user.id) throw new AppError('EMAIL_IN_USE');
  try {
    await db.transaction(async (tx) => {
      if (!(await consumeAuthToken(tx, row.id))) throw new AppError('TOKEN_INVALID');
      await setUserEmail(tx, user.id, newEmail, user.emailVerifiedAt ?? new Date());
      // Someone who mistyped their address at sign-up verifies it here: the welcome credits, once.
      if (!user.emailVerifiedAt)
        await grantCredits(tx, user.id, WELCOME_CREDITS, 'grant', `welcome:${user.id}`);
      await services.mailer.send(
        tx,
        emailChangedEmail(user, newEmail, `${publicUrl(services.config)}/contact`),
      );
    });
  } catch (error) {
    // Another account took the address between the check and the update (the unique index decides).
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw new AppError('EMAIL_IN_USE');
    throw error;
  }
  return { email: newEmail };
}
