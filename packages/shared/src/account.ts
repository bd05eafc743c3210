import { z } from 'zod';
import { LocaleSchema, NameSchema, PASSWORD_MAX_LENGTH, PasswordSchema } from './auth';

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
  .object({ name: NameSchema.optional(), locale: LocaleSchema.optional() })
  .meta({ id: 'UpdateMeRequest' });
export type UpdateMeRequest = z.input<typeof UpdateMeRequestSchema>;

export const ChangePasswordRequestSchema = z
  .object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: PasswordSchema })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;
