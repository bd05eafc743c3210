import type {
  AuthResult,
  ConfirmEmailChangeResult,
  GoogleAuthRequest,
  GoogleAuthResult,
  LoginRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  PublicConfig,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationResult,
  VerifyEmailResult,
} from '@cuadra/shared';
import { api } from '../../lib/api';

/** The accounts API (DESIGN §4). Sign-in calls handle their own 401: a wrong password is not a lost session. */
export const authApi = {
  config: () => api.get<PublicConfig>('/config'),
  register: (body: RegisterRequest) => api.post<RegisterResponse>('/auth/register', body),
  login: (body: LoginRequest) => api.post<AuthResult>('/auth/login', body, { ignoreUnauthorized: true }),
  google: (body: GoogleAuthRequest) =>
    api.post<GoogleAuthResult>('/auth/google', body, { ignoreUnauthorized: true }),
  verifyEmail: (token: string) => api.post<VerifyEmailResult>('/auth/verify-email', { token }),
  confirmEmailChange: (token: string) =>
    api.post<ConfirmEmailChangeResult>('/auth/confirm-email-change', { token }),
  resendVerification: () => api.post<ResendVerificationResult>('/auth/resend-verification', {}),
  requestPasswordReset: (body: PasswordResetRequest) => api.post<{ ok: true }>('/auth/password-reset', body),
  confirmPasswordReset: (body: PasswordResetConfirm) =>
    api.post<{ ok: true }>('/auth/password-reset/confirm', body),
};
