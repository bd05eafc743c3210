import { ERROR_MESSAGES, type Locale } from '@cuadra/shared';
import { type ApiErrorCode, CLIENT_ERROR_MESSAGES } from '../lib/api';

/**
 * The `errors` namespace: the server's codes with the texts from `@cuadra/shared` (the single source, also
 * used for emails), plus the codes that only the browser raises (no connection, unreadable answer).
 */
export function errorsCatalog(locale: Locale): Record<ApiErrorCode, string> {
  const all = { ...ERROR_MESSAGES, ...CLIENT_ERROR_MESSAGES };
  return Object.fromEntries(
    Object.entries(all).map(([code, messages]) => [code, messages[locale]]),
  ) as Record<ApiErrorCode, string>;
}
