import { useAuth } from './auth-store';
import { isTokenValid } from './session-storage';

/**
 * Whether a visitor is signed in (a stored token that is still valid, and a user), from the accounts
 * feature's session. Prerendered pages hydrate as signed out and switch right after, so hydration matches.
 */
export function useHasSession(): boolean {
  const { token, user } = useAuth();
  return user !== null && isTokenValid(token);
}
