import type { Locale, User } from '@cuadra/shared';
import { api } from '../lib/api';
import { getAuthState, updateUser } from './auth-store';

/**
 * Stores the language on the account when someone is signed in, so emails follow the language they chose
 * anywhere (Settings or the footer). Signed out, the choice stays in the browser only.
 */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  const { token, user } = getAuthState();
  if (!token || !user || user.locale === locale) return;
  updateUser(await api.patch<User>('/me', { locale }));
}
