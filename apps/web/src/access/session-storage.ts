import type { User } from '@cuadra/shared';

/** The spec's local-storage keys (spec-1 §3 "Stored session"). */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'user';
export const INVITATION_KEY = 'invitationToken';

/** The spec's failure messages (spec-1 §5), raised by the session functions below. */
export const SESSION_ERRORS = {
  loginNeedsData: 'Token and user data are required for login',
  invalidUser: 'Invalid user data',
  saveToken: 'Failed to save authentication token',
  saveUser: 'Failed to save user data',
  completeLogin: 'Failed to complete login',
  initialize: 'Error initializing authentication',
} as const;

/**
 * The spec's rule (spec-1 §4): three dot-separated parts, an `exp` claim (seconds, or a date string), and an
 * expiry after the current time in seconds. The signature is the server's business, not the browser's.
 */
export function isTokenValid(token: string | null | undefined, nowSeconds = Date.now() / 1000): boolean {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const exp = readExp(parts[1] ?? '');
  return exp !== null && exp > nowSeconds;
}

/** The token's expiry in seconds since the epoch, or null when it has none. */
export function tokenExpiry(token: string): number | null {
  return readExp(token.split('.')[1] ?? '');
}

function readExp(payload: string): number | null {
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    if (typeof claims.exp === 'number') return claims.exp;
    if (typeof claims.exp === 'string') {
      const numeric = Number(claims.exp);
      if (Number.isFinite(numeric)) return numeric;
      const date = Date.parse(claims.exp);
      return Number.isNaN(date) ? null : date / 1000;
    }
    return null;
  } catch {
    return null;
  }
}

/** A stored user is usable only with its id (the spec's id_user). */
export function isStoredUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function readStoredToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function readStoredSession(): { token: string | null; user: User | null } {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) ?? null;
  let user: User | null = null;
  try {
    const parsed: unknown = JSON.parse(store?.getItem(USER_KEY) ?? 'null');
    user = isStoredUser(parsed) ? parsed : null;
  } catch {
    user = null;
  }
  return { token, user };
}

export function saveToken(token: string): void {
  try {
    storage()?.setItem(TOKEN_KEY, token);
  } catch {
    throw new Error(SESSION_ERRORS.saveToken);
  }
}

export function saveUser(user: unknown): void {
  if (!isStoredUser(user)) throw new Error(SESSION_ERRORS.invalidUser);
  try {
    storage()?.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    throw new Error(SESSION_ERRORS.saveUser);
  }
}

/**
 * Logout clears all three keys (spec-1 §4). Startup without a usable session keeps a pending invitation:
 * the invitee signs up and opens the verification link in a new page before signing in to accept it.
 */
export function clearStoredSession(options: { keepInvitation?: boolean } = {}): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  if (!options.keepInvitation) store?.removeItem(INVITATION_KEY);
}

export function readInvitationToken(): string | null {
  return storage()?.getItem(INVITATION_KEY) ?? null;
}
