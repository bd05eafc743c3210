import type { AuthResult, User } from '@cuadra/shared';
import { useSyncExternalStore } from 'react';
import { ApiError, api, setAuthTokenProvider, setUnauthorizedHandler } from '../lib/api';
import {
  clearStoredSession,
  isStoredUser,
  isTokenValid,
  readStoredSession,
  SESSION_ERRORS,
  saveToken,
  saveUser,
  tokenExpiry,
} from './session-storage';

/**
 * The browser session (spec-1 §3–§4): the token and user mirrored from local storage, readable from React
 * (`useAuth`) and from plain code (the API client's Bearer header and 401 handling).
 */
export type AuthState = {
  /** `loading` until the stored session has been read; `error` if reading it failed. */
  status: 'loading' | 'ready' | 'error';
  token: string | null;
  user: User | null;
};

const SIGNED_OUT: AuthState = { status: 'ready', token: null, user: null };
const LOADING: AuthState = { status: 'loading', token: null, user: null };

let state: AuthState = LOADING;
let initialized = false;
/** How the last session ended: by itself (/login says so) or by the logout button (goes to /logedout). */
let endedBy: 'expired' | 'button' | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
/** Told when the session ends on its own (a 401, or the token's expiry), to send the user to /login. */
const expiredListeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  scheduleExpiry(next.token);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

/**
 * The session in React. Prerendered pages hydrate as signed out (what their HTML shows) and switch to the
 * stored session right after, so hydration always matches.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, () => LOADING);
}

/** The API client's hooks: the Bearer header from a valid token, and sign-out on a 401. */
setAuthTokenProvider(() => (isTokenValid(state.token) ? state.token : null));
setUnauthorizedHandler(() => {
  if (!state.token) return;
  endSession();
});

/** Ends the session because it is no longer valid, and tells the app to go to /login. */
function endSession(): void {
  logout();
  endedBy = 'expired';
  for (const listener of expiredListeners) listener();
}

export function sessionEndedBy(): 'expired' | 'button' | null {
  return endedBy;
}

export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** When the token expires while the page is open, the session ends then, not at the next request. */
function scheduleExpiry(token: string | null): void {
  clearTimeout(expiryTimer);
  const exp = token ? tokenExpiry(token) : null;
  if (exp === null || typeof window === 'undefined') return;
  // setTimeout cannot wait longer than ~24.8 days; a longer token is re-checked on the next start.
  const delay = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
  expiryTimer = setTimeout(
    () => {
      if (state.token === token) endSession();
    },
    Math.max(0, delay),
  );
}

/**
 * Startup (spec-1 §4): restore the stored session when it is complete and unexpired, otherwise clear it;
 * then refresh the user from the server. Runs once; later calls do nothing.
 */
export function initAuth(): void {
  if (initialized || typeof window === 'undefined') return;
  initialized = true;
  try {
    const { token, user } = readStoredSession();
    if (!token || !user || !isTokenValid(token)) {
      clearStoredSession({ keepInvitation: true });
      setState(SIGNED_OUT);
      return;
    }
    setState({ status: 'ready', token, user });
    void refreshUser();
  } catch (error) {
    console.error(SESSION_ERRORS.initialize, error);
    setState({ ...LOADING, status: 'error' });
  }
}

/** Reads the user again from GET /me. A 401 clears the session; a network failure keeps the cached one. */
export async function refreshUser(): Promise<User | null> {
  const token = state.token;
  if (!token) return null;
  try {
    const user = await api.get<User>('/me', { ignoreUnauthorized: true });
    if (state.token === token) updateUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && state.token === token) logout();
    return null;
  }
}

/** Stores the token and user of a successful sign-in (spec-1 §4–§5). */
export function login(result: Partial<AuthResult> | null | undefined): void {
  if (!result?.token || !result.user) throw new Error(SESSION_ERRORS.loginNeedsData);
  if (!isStoredUser(result.user)) throw new Error(SESSION_ERRORS.invalidUser);
  endedBy = null;
  saveToken(result.token);
  saveUser(result.user);
  initialized = true;
  try {
    setState({ status: 'ready', token: result.token, user: result.user });
  } catch {
    throw new Error(SESSION_ERRORS.completeLogin);
  }
}

export function updateUser(user: User): void {
  if (!state.token) return;
  saveUser(user);
  setState({ ...state, user });
}

/**
 * Clears authToken, user and invitationToken, and records the event (spec-1 §4). `button`: the user asked,
 * so a guarded page they were on sends them to /logedout rather than /login.
 */
export function logout(options: { byButton?: boolean } = {}): void {
  endedBy = options.byButton ? 'button' : null;
  clearStoredSession();
  initialized = true;
  setState(SIGNED_OUT);
  trackEvent('logout');
}

/** Analytics: an event on window that an analytics adapter may listen to; nothing is sent anywhere. */
function trackEvent(name: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent('cuadra:analytics', { detail: { event: name } }));
}

/** The verification status of spec-1 §4. */
export function verificationStatus(user: User | null): 'verified' | 'pending' | 'unverified' {
  if (!user) return 'unverified';
  return user.verified ? 'verified' : 'pending';
}

/** Tests start each case from a fresh, unread session. */
export function resetAuthForTests(): void {
  clearTimeout(expiryTimer);
  initialized = false;
  endedBy = null;
  state = LOADING;
  for (const listener of listeners) listener();
}
