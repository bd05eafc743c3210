import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

/**
 * The login screen's messages, status by status (spec-2 §8 "Login"). `{error}` is the server's message in
 * the user's language (the `errors` catalog for its code).
 */
export function loginErrorMessage(error: unknown, t: TFunction<['auth', 'errors']>): string {
  if (!(error instanceof ApiError)) return t('auth:loginErrors.unexpected');
  const detail = t(`errors:${error.code}`);
  switch (error.status) {
    case 0:
      return t('auth:loginErrors.noResponse');
    case 400:
      return t('auth:loginErrors.invalidInput', { error: detail });
    case 401:
      return t('auth:loginErrors.unauthorized');
    case 403:
      return t('auth:loginErrors.forbidden');
    case 404:
      return t('auth:loginErrors.notFound');
    case 429:
      // The spec's message, plus the way out: a password reset proves the inbox and unlocks the account.
      return `${t('auth:loginErrors.other', { error: detail })} ${t('auth:loginErrors.unlockHint')}`;
    case 500:
      return t('auth:loginErrors.server');
    default:
      return t('auth:loginErrors.other', { error: detail });
  }
}
