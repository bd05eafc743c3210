import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, initAuth, login, logout, resetAuthForTests } from '../../access/auth-store';
import { isTokenValid } from '../../access/session-storage';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';
import { fakeToken, storeTestSession, testUser } from '../../test/session';

// Lazy route modules load slower when suites run in parallel on two cores.
configure({ asyncUtilTimeout: 4000 });

type Handler = (init: RequestInit, url: string) => Response | Promise<Response>;

/** Answers the app's API calls by "METHOD /path"; anything else fails the test loudly. */
function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.replace(/^\/api\/v1/, '').split('?')[0]}`;
    calls.push({ key, init });
    const handler = handlers[key];
    if (!handler) throw new TypeError(`unexpected call ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (status: number, code: string, message = code) => json(status, { error: { code, message } });
const CONFIG = { 'GET /config': () => json(200, { googleClientId: null }) };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token validity (spec-1 §4)', () => {
  it('needs three parts, an exp claim and an expiry in the future (a number or a date string)', () => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: unknown) => btoa(JSON.stringify(value));
    expect(isTokenValid(fakeToken(now + 60))).toBe(true);
    expect(isTokenValid(fakeToken(now - 60))).toBe(false);
    expect(
      isTokenValid(`${encode({})}.${encode({ exp: new Date(Date.now() + 60_000).toISOString() })}.s`),
    ).toBe(true);
    expect(
      isTokenValid(`${encode({})}.${encode({ exp: new Date(Date.now() - 60_000).toISOString() })}.s`),
    ).toBe(false);
    expect(isTokenValid(`${encode({})}.${encode({ sub: 'x' })}.s`)).toBe(false);
    expect(isTokenValid(`${encode({})}.${encode({ exp: now + 60 })}`)).toBe(false);
    expect(isTokenValid('not a token')).toBe(false);
    expect(isTokenValid(null)).toBe(false);
  });
});

describe('the stored session', () => {
  it('restores a stored session at startup, then refreshes the user from /me', async () => {
    storeTestSession(testUser({ name: 'Ana', credits: { ...testUser().credits, available: 1 } }));
    mockApi({
      'GET /me': () => json(200, testUser({ name: 'Ana', credits: { ...testUser().credits, available: 3 } })),
    });
    initAuth();
    expect(getAuthState().user?.credits.available).toBe(1);
    await waitFor(() => expect(getAuthState().user?.credits.available).toBe(3));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').credits.available).toBe(3);
  });

  it('clears the session when the refresh answers 401, and keeps it on a network failure', async () => {
    storeTestSession();
    mockApi({ 'GET /me': () => error(401, 'UNAUTHORIZED') });
    initAuth();
    await waitFor(() => expect(getAuthState().token).toBeNull());
    expect(localStorage.getItem('authToken')).toBeNull();

    resetAuthForTests();
    storeTestSession();
    mockApi({ 'GET /me': () => Promise.reject(new TypeError('offline')) });
    initAuth();
    await new Promise((done) => setTimeout(done, 20));
    expect(getAuthState().user?.id).toBe(testUser().id);
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('clears an expired token, a missing user, or a user without an id (keeping a pending invitation)', () => {
    const cases = [
      () => storeTestSession(testUser(), fakeToken(Math.floor(Date.now() / 1000) - 1)),
      () => localStorage.setItem('authToken', fakeToken()),
      () => {
        localStorage.setItem('authToken', fakeToken());
        localStorage.setItem('user', JSON.stringify({ name: 'no id' }));
      },
    ];
    for (const setup of cases) {
      resetAuthForTests();
      localStorage.clear();
      setup();
      localStorage.setItem('invitationToken', 'inv');
      initAuth();
      expect(getAuthState()).toMatchObject({ status: 'ready', token: null, user: null });
      expect(localStorage.getItem('authToken')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(localStorage.getItem('invitationToken')).toBe('inv');
    }
  });

  it('login needs a token and a user with an id; logout clears all three keys', () => {
    expect(() => login({ token: '', user: testUser() })).toThrow(
      'Token and user data are required for login',
    );
    expect(() => login({ token: fakeToken(), user: { name: 'x' } as never })).toThrow('Invalid user data');
    login({ token: fakeToken(), user: testUser() });
    localStorage.setItem('invitationToken', 'inv');
    expect(localStorage.getItem('authToken')).not.toBeNull();
    logout();
    expect(['authToken', 'user', 'invitationToken'].map((key) => localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('sends the Bearer token with every request while it is valid', async () => {
    const { token } = storeTestSession();
    const calls = mockApi({ 'GET /me': () => json(200, testUser()), 'GET /clients': () => json(200, []) });
    initAuth();
    await api.get('/clients');
    const headers = new Headers(calls.find((c) => c.key === 'GET /clients')?.init.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
  });
});

describe('the protected-route guard', () => {
  it('sends a visitor without a session to /login, and back to the requested page after login', async () => {
    const calls = mockApi({
      ...CONFIG,
      'POST /auth/login': () => json(200, { token: fakeToken(), user: testUser() }),
      'GET /me': () => json(200, testUser()),
    });
    const { router } = renderRoutes(routes, '/documents?topic=credits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/documents'));
    expect(router.state.location.search).toBe('?topic=credits');
    expect(calls.some((c) => c.key === 'POST /auth/login')).toBe(true);
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('shows the guard states: verifying without a token, loading with one', async () => {
    const { ProtectedRoute } = await import('./protected-route');
    const { renderWithProviders } = await import('../../test/render');
    renderWithProviders(
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );
    expect(screen.getByText('Verifying access...')).toBeTruthy();
  });

  it('signs out and goes to /login when any call answers 401, keeping the page to return to', async () => {
    storeTestSession();
    mockApi({
      ...CONFIG,
      'GET /me': () => json(200, testUser()),
      'GET /clients': () => error(401, 'UNAUTHORIZED'),
    });
    const { router } = renderRoutes(routes, '/documents');
    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    await expect(api.get('/clients')).rejects.toThrow();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeTruthy();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/documents');
  });

  it('sends a signed-in visitor from /login to /dashboard', async () => {
    storeTestSession();
    mockApi({ ...CONFIG, 'GET /me': () => json(200, testUser()) });
    const { router } = renderRoutes(routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the signed-in chrome', () => {
  it('shows the credit count and the name, and the logout button clears the session and goes to /logedout', async () => {
    storeTestSession(testUser({ name: 'Ana García', credits: { ...testUser().credits, available: 3 } }));
    localStorage.setItem('invitationToken', 'inv');
    mockApi({
      ...CONFIG,
      'GET /me': () =>
        json(200, testUser({ name: 'Ana García', credits: { ...testUser().credits, available: 3 } })),
      'GET /subscription': () => json(200, { subscription: null }),
    });
    const { router } = renderRoutes(routes, '/documents');
    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    expect(screen.getAllByText('3 credits').length).toBeGreaterThan(0);
    // No subscription: the sidebar says so rather than naming the account type as a plan.
    await waitFor(() =>
      expect(screen.getByTestId('sidebar-plan').textContent).toBe('Plan: Credit packs, no subscription'),
    );
    expect(screen.getByTestId('verification-status').textContent).toBe('Verified');

    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ana García' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Log out' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/logedout'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have logged out' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(['authToken', 'user', 'invitationToken'].map((key) => localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('the sidebar after subscribing', () => {
  const subscription = (planId: string, status = 'active') => ({
    subscription: {
      planId,
      status,
      currentPeriodStart: new Date(0).toISOString(),
      currentPeriodEnd: new Date(86_400_000).toISOString(),
      autoRenew: true,
      pendingPlanId: null,
      portalAvailable: false,
    },
  });

  it('names the current subscription’s plan, not the account type, in both languages', async () => {
    storeTestSession(
      testUser({ accountType: 'accountant', subscriptionType: 'accountant', verified: false }),
    );
    mockApi({
      ...CONFIG,
      'GET /me': () => json(200, testUser({ verified: false })),
      'GET /subscription': () => json(200, subscription('business-monthly')),
    });
    renderRoutes(routes, '/documents');
    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    await waitFor(() => expect(screen.getByTestId('sidebar-plan').textContent).toBe('Plan: Business Plan'));
    // "Pending verification" sits on a line of its own and never breaks in two.
    const badge = screen.getByTestId('verification-status');
    expect(badge.className).toContain('whitespace-nowrap');
    expect(badge.closest('[data-testid="sidebar-plan"]')).toBeNull();
    await i18n.changeLanguage('es');
    await waitFor(() => expect(screen.getByTestId('sidebar-plan').textContent).toBe('Plan: Plan Business'));
    await i18n.changeLanguage('en');
  });

  it('says credit packs once the subscription is cancelled and over', async () => {
    storeTestSession();
    mockApi({
      ...CONFIG,
      'GET /me': () => json(200, testUser()),
      'GET /subscription': () => json(200, subscription('business-yearly', 'canceled')),
    });
    renderRoutes(routes, '/documents');
    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    await waitFor(() =>
      expect(screen.getByTestId('sidebar-plan').textContent).toBe('Plan: Credit packs, no subscription'),
    );
  });
});

describe('a stored user from an older version', () => {
  it('still renders the chrome while /me fills in the missing fields', async () => {
    storeTestSession({ id: 'u-old', name: 'Ana', email: 'ana@example.com' } as never);
    mockApi({
      ...CONFIG,
      'GET /me': () => json(200, testUser({ name: 'Ana', credits: { ...testUser().credits, available: 7 } })),
    });
    renderRoutes(routes, '/documents');
    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    expect((await screen.findAllByText('7 credits')).length).toBeGreaterThan(0);
  });
});

describe('verification status (spec-1 §4)', () => {
  it('is verified, pending (a user who has not verified) or unverified (no user)', async () => {
    const { verificationStatus } = await import('../../access/auth-store');
    expect(verificationStatus(testUser({ verified: true }))).toBe('verified');
    expect(verificationStatus(testUser({ verified: false }))).toBe('pending');
    expect(verificationStatus(null)).toBe('unverified');
  });
});
