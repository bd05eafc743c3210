import { z } from 'zod';
import { EmailSchema, LocaleSchema, NameSchema, PASSWORD_MAX_LENGTH, PasswordSchema } from './auth';

/** The optional emails a user can turn off (issue 16 "Settings"); account emails (verification, reset) always go. */
export const NOTIFICATION_KINDS = [
  'batchFinished',
  'lowCredits',
  'invitationAccepted',
  'weeklySummary',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSettingsSchema = z
  .object({
    batchFinished: z.boolean(),
    lowCredits: z.boolean(),
    invitationAccepted: z.boolean(),
    weeklySummary: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsUpdateSchema = NotificationSettingsSchema.partial().meta({
  id: 'NotificationSettingsUpdate',
});
export type NotificationSettingsUpdate = z.input<typeof NotificationSettingsUpdateSchema>;

/** `PATCH /me`: what the user can change about themselves without proving anything again. */
export const UpdateMeRequestSchema = z
  .object({
    name: NameSchema.optional(),
    locale: LocaleSchema.optional(),
    /** `null` lets go of the plan chosen before signing up (the user dismissed it). */
    chosenPlanId: z.null().optional(),
  })
  .meta({ id: 'UpdateMeRequest' });
export type UpdateMeRequest = z.input<typeof UpdateMeRequestSchema>;

export const ChangePasswordRequestSchema = z
  .object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: PasswordSchema })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/**
 * `POST /me/email`: asks to move the account to another address. Nothing changes until the link sent to
 * the new address is followed; the current password proves it is the owner asking (an account made with
 * Google alone, without a password, leaves it out).
 */
export const ChangeEmailRequestSchema = z
  .object({ newEmail: EmailSchema, currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional() })
  .meta({ id: 'ChangeEmailRequest' });
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;

export const ChangeEmailResultSchema = z
  .object({ pendingEmail: z.string(), expiresAt: z.string() })
  .meta({ id: 'ChangeEmailResult' });
export type ChangeEmailResult = z.infer<typeof ChangeEmailResultSchema>;

/** `POST /auth/confirm-email-change`: the token from the link sent to the new address. */
export const ConfirmEmailChangeRequestSchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ id: 'ConfirmEmailChangeRequest' });
export type ConfirmEmailChangeRequest = z.input<typeof ConfirmEmailChangeRequestSchema>;

export const ConfirmEmailChangeResultSchema = z
  .object({ email: z.string() })
  .meta({ id: 'ConfirmEmailChangeResult' });
export type ConfirmEmailChangeResult = z.infer<typeof ConfirmEmailChangeResultSchema>;

/** Hours the link to confirm a new email address stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
