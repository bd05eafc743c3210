import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type ApiErrorCode, isApiErrorCode } from './api';

/** The `errors` namespace key to show for any thrown value: its code for an ApiError, UNKNOWN otherwise. */
export function errorMessageKey(error: unknown): ApiErrorCode {
  if (error instanceof ApiError && isApiErrorCode(error.code)) return error.code;
  return 'UNKNOWN';
}

/**
 * Turns a caught error into a message in the user's language, e.g.
 * `const toMessage = useErrorMessage(); … <p role="alert">{toMessage(mutation.error)}</p>`.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return useCallback((error: unknown) => t(errorMessageKey(error)), [t]);
}
