import { useSyncExternalStore } from 'react';

/** The spec's stored token key (spec-1 §3). */
const TOKEN_KEY = 'authToken';

/**
 * The spec's token validity (spec-1 §4): three dot-separated parts, an `exp` claim (seconds, or a date
 * string), in the future. Public pages only use it to choose where a button leads, never to show data.
 */
export function isValidToken(token: string | null, nowMs = Date.now()): boolean {
  const parts = token?.split('.');
  if (parts?.length !== 3 || !parts[1]) return false;
  try {
    const payload = JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    const exp =
      typeof payload.exp === 'number'
        ? payload.exp
        : typeof payload.exp === 'string'
          ? Date.parse(payload.exp) / 1000
          : Number.NaN;
    return Number.isFinite(exp) && exp > nowMs / 1000;
  } catch {
    return false;
  }
}

function readHasSession(): boolean {
  try {
    return isValidToken(window.localStorage.getItem(TOKEN_KEY));
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * Whether a valid token is stored. Prerendered HTML is for visitors, so the server snapshot (also used
 * while hydrating) is "no session"; React re-renders with the real value right after hydration.
 */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, readHasSession, () => false);
}
