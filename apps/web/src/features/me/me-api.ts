import type {
  AuthResult,
  ChangeEmailRequest,
  ChangeEmailResult,
  ChangePasswordRequest,
  Locale,
  NotificationSettings,
  NotificationSettingsUpdate,
  UpdateMeRequest,
  User,
} from '@cuadra/shared';
import { api } from '../../lib/api';
import { getAuthState, updateUser } from '../auth/auth-store';

/** The signed-in user's own settings (`/api/v1/me`). */
export const meApi = {
  update: (body: UpdateMeRequest) => api.patch<User>('/me', body),
  changePassword: (body: ChangePasswordRequest) => api.post<AuthResult>('/me/password', body),
  requestEmailChange: (body: ChangeEmailRequest) => api.post<ChangeEmailResult>('/me/email', body),
  notifications: () => api.get<NotificationSettings>('/me/notifications'),
  updateNotifications: (body: NotificationSettingsUpdate) =>
    api.patch<NotificationSettings>('/me/notifications', body),
};

/**
 * Stores the language on the account when someone is signed in, so emails follow the language they chose
 * anywhere (Settings or the footer). Signed out, the choice stays in the browser only.
 */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  const { token, user } = getAuthState();
  if (!token || !user || user.locale === locale) return;
  updateUser(await meApi.update({ locale }));
}
