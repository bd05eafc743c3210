import type {
  AuthResult,
  ChangeEmailRequest,
  ChangeEmailResult,
  ChangePasswordRequest,
  NotificationSettings,
  NotificationSettingsUpdate,
  UpdateMeRequest,
  User,
} from '@cuadra/shared';
import { api } from '../../lib/api';

/** The signed-in user's own settings (`/api/v1/me`). */
export const meApi = {
  update: (body: UpdateMeRequest) => api.patch<User>('/me', body),
  changePassword: (body: ChangePasswordRequest) => api.post<AuthResult>('/me/password', body),
  requestEmailChange: (body: ChangeEmailRequest) => api.post<ChangeEmailResult>('/me/email', body),
  notifications: () => api.get<NotificationSettings>('/me/notifications'),
  updateNotifications: (body: NotificationSettingsUpdate) =>
    api.patch<NotificationSettings>('/me/notifications', body),
};
