import {
  type AuthResult,
  type ChangePasswordRequest,
  isCommonPassword,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type UpdateMeRequest,
  type User,
} from '@cuadra/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findUserById, setPassword, type UserRow } from '../auth/repo';
import { toUser } from '../auth/service';
import { signAccessToken } from '../auth/tokens';

/** Name and language; the language is the one every later email is written in. */
export async function updateMe(db: Db, user: UserRow, input: UpdateMeRequest): Promise<User> {
  const changes = { name: input.name, locale: input.locale };
  if (changes.name === undefined && changes.locale === undefined) return toUser(db, user);
  const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return toUser(db, row ?? user);
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
): Promise<NotificationSettings> {
  const changes = {
    notifyBatchFinished: input.batchFinished,
    notifyLowCredits: input.lowCredits,
    notifyInvitationAccepted: input.invitationAccepted,
    notifyWeeklySummary: input.weeklySummary,
  };
  if (Object.values(changes).every((value) => value === undefined)) return toNotificationSettings(user);
  const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return toNotificationSettings(row ?? user);
}
