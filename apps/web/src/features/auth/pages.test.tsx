import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { AuthRequiredNotice } from './protected-route';
import { VerifyEmailBanner } from './verify-email-banner';

// Lazy route modules load slower when suites run in parallel on two cores.
configure({ asyncUtilTimeout: 4000 });

type Handler = (init: RequestInit) => Response | Promise<Response>;
function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${
        String(input)
          .replace(/^\/api\/v1/, '')
          .split('?')[0]
      }`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const handler = handlers[key];
      if (!handler) throw new TypeError(`unexpected call ${key}`);
      return handler(init);
    }),
  );
  return calls;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, code: string, message = code) => json(status, { error: { code, message } });
const CONFIG = { 'GET /config': () => json(200, { googleClientId: null }) };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submitLogin() {
  renderRoutes(routes, '/login');
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return (await screen.findByRole('alert')).textContent;
}

describe('/login', () => {
  it.each([
    [400, 'VALIDATION_FAILED', 'Invalid input: Some fields are not valid. Please check them and try again.'],
    [401, 'INVALID_CREDENTIALS', 'Invalid username or password. Please try again.'],
    [403, 'FORBIDDEN', 'Access denied. Please check your credentials.'],
    [404, 'NOT_FOUND', 'User not found. Please check your username.'],
    [500, 'INTERNAL', 'Server error, please try again later'],
    [
      429,
      'RATE_LIMITED',
      'An error occurred: Too many attempts. Please wait a moment and try again. To unlock your account now, choose "Forgot your password?": we will email you a link.',
    ],
  ])('shows the spec’s message for a %i', async (status, code, message) => {
    mockApi({ ...CONFIG, 'POST /auth/login': () => apiError(status, code) });
    expect(await submitLogin()).toBe(message);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says there was no response when the network fails', async () => {
    mockApi({ ...CONFIG, 'POST /auth/login': () => Promise.reject(new TypeError('offline')) });
    expect(await submitLogin()).toBe(
      'No response from server. Please check your internet connection and try again.',
    );
  });

  it('has a link to /register and no Google button unless the server has Google configured', async () => {
    mockApi(CONFIG);
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByTestId('google-signin')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('goes to a pending invitation after login', async () => {
    localStorage.setItem('invitationToken', 'inv-123');
    mockApi({
      ...CONFIG,
      'POST /auth/login': () => json(200, { token: storeTestSession().token, user: testUser() }),
      'GET /me': () => json(200, testUser()),
    });
    localStorage.removeItem('authToken');
    const { router } = renderRoutes(routes, '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acceptinvitation'));
    expect(router.state.location.search).toBe('?token=inv-123');
  });
});

describe('sign-up', () => {
  it('registers an accountant with the trimmed coupon, then shows the success screen with the email', async () => {
    const calls = mockApi({
      ...CONFIG,
      'POST /auth/register': () => json(201, { email: 'ana@example.com', verificationSent: true }),
    });
    const { router } = renderRoutes(routes, '/register/accountant?coupon=%20LAUNCH%20');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ana@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'caballo-grapa-bateria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/success');
    expect(screen.getByText('We have sent an email to ana@example.com with the next step.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /auth/register')?.body).toMatchObject({
      name: 'Ana',
      email: 'Ana@Example.com',
      accountType: 'accountant',
      couponCode: 'LAUNCH',
      locale: 'en',
    });
  });

  it('refuses a short or common password before sending, and shows the server’s message on a conflict', async () => {
    const calls = mockApi({
      ...CONFIG,
      'POST /auth/register': () =>
        apiError(409, 'EMAIL_TAKEN', 'An account with this email already exists. Please log in instead.'),
    });
    renderRoutes(routes, '/register');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    fireEvent.click(screen.getByLabelText('A freelancer'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Luis' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'luis@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password must have between 8 and 128 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('This password is too common. Please choose one that is harder to guess.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /auth/register')).toBe(false);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'caballo-grapa-bateria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists. Please log in instead.',
    );
    expect(calls.find((c) => c.key === 'POST /auth/register')?.body).toMatchObject({
      accountType: 'freelancer',
    });
  });

  it('/start-free shows the four benefits and the form, and marks the success as from start-free', async () => {
    mockApi({
      ...CONFIG,
      'POST /auth/register': () => json(201, { email: 'e@example.com', verificationSent: true }),
    });
    const { router } = renderRoutes(routes, '/start-free');
    await screen.findByRole('heading', { level: 1, name: 'Start free' });
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('main')).length).toBeGreaterThanOrEqual(
      4,
    );
    for (const title of ['3 free credits', 'Instant results', 'Accurate data', 'Real support']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Eva' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'e@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'caballo-grapa-bateria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/success'));
    expect(router.state.location.state).toMatchObject({ fromStartFree: true });
  });

  it('/register/success sends anyone who did not just register to /', async () => {
    mockApi(CONFIG);
    const { router } = renderRoutes(routes, '/register/success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/verify-email', () => {
  it('verifies, shows the credits granted, and offers /login to a signed-out visitor', async () => {
    mockApi({
      ...CONFIG,
      'POST /auth/verify-email': () => json(200, { alreadyVerified: false, creditsGranted: 3 }),
    });
    renderRoutes(routes, '/verify-email?token=abc');
    expect(await screen.findByText('You have received 3 free credits.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Has recibido 3 créditos gratis.')).toBeTruthy();
  });

  it('marks the signed-in user verified and offers the dashboard', async () => {
    storeTestSession(testUser({ verified: false, credits: { ...testUser().credits, available: 0 } }));
    const verified = testUser({ verified: true, credits: { ...testUser().credits, available: 3 } });
    mockApi({
      ...CONFIG,
      'GET /me': () => json(200, testUser({ verified: false })),
      'POST /auth/verify-email': () =>
        json(200, { alreadyVerified: false, creditsGranted: 3, user: verified }),
    });
    renderRoutes(routes, '/verify-email?token=abc');
    expect(await screen.findByText('You have received 3 free credits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/dashboard');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').verified).toBe(true));
  });

  it('says already verified', async () => {
    mockApi({
      ...CONFIG,
      'POST /auth/verify-email': () => json(200, { alreadyVerified: true, creditsGranted: 0 }),
    });
    renderRoutes(routes, '/verify-email?token=abc');
    expect(await screen.findByText('Your email is already verified. Please log in.')).toBeTruthy();
  });

  it.each([
    [
      () => apiError(400, 'TOKEN_EXPIRED'),
      'The verification link has expired. Log in and request a new email.',
    ],
    [
      () => apiError(400, 'TOKEN_INVALID'),
      'The verification link is not valid. It may have been used already.',
    ],
    [() => apiError(404, 'USER_NOT_FOUND'), 'We could not find the account of this link.'],
    [() => apiError(400, 'VALIDATION_FAILED'), 'Your email could not be verified.'],
    [() => apiError(500, 'INTERNAL'), 'Server error. Please contact support.'],
    [
      () => Promise.reject(new TypeError('offline')),
      'Connection error. Please check your internet connection and try again.',
    ],
  ])('explains a failure (%#) and offers support and a retry', async (answer, message) => {
    const calls = mockApi({ ...CONFIG, 'POST /auth/verify-email': answer });
    renderRoutes(routes, '/verify-email?token=abc');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/contact',
    );
    const before = calls.filter((c) => c.key === 'POST /auth/verify-email').length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /auth/verify-email').length).toBe(before + 1),
    );
  });

  it('says the link has no token', async () => {
    mockApi(CONFIG);
    renderRoutes(routes, '/verify-email');
    expect(await screen.findByText('The verification link is incomplete: it has no token.')).toBeTruthy();
  });
});

describe('the unverified-email banner', () => {
  it('resends the email: sending, then sent; or an error', async () => {
    storeTestSession(testUser({ verified: false }));
    let fail = false;
    mockApi({
      'GET /me': () => json(200, testUser({ verified: false })),
      'POST /auth/resend-verification': () =>
        fail ? apiError(429, 'RATE_LIMITED') : json(200, { sent: true, alreadyVerified: false }),
    });
    const { initAuth } = await import('../../access/auth-store');
    initAuth();
    renderWithProviders(<VerifyEmailBanner />);
    expect(screen.getByRole('heading', { name: 'Please verify your email' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email sent. Check your inbox.')).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Error sending email. Please try again.')).toBeTruthy();
  });

  it('is not shown to a verified user', async () => {
    storeTestSession(testUser({ verified: true }));
    mockApi({ 'GET /me': () => json(200, testUser()) });
    const { initAuth } = await import('../../access/auth-store');
    initAuth();
    renderWithProviders(<VerifyEmailBanner />);
    expect(screen.queryByRole('heading', { name: 'Please verify your email' })).toBeNull();
  });
});

describe('password reset', () => {
  it('asks for a link and shows the same confirmation whatever the answer says', async () => {
    const calls = mockApi({ ...CONFIG, 'POST /auth/password-reset': () => json(202, { ok: true }) });
    renderRoutes(routes, '/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/If an account exists for ana@example.com/)).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /auth/password-reset')?.body).toEqual({
      email: 'ana@example.com',
      locale: 'en',
    });
  });

  it('sets the new password and goes to /login with a note', async () => {
    const calls = mockApi({ ...CONFIG, 'POST /auth/password-reset/confirm': () => json(200, { ok: true }) });
    const { router } = renderRoutes(routes, '/reset-password?token=tok');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'nueva-clave-larga-7' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'nueva-clave-larga-7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password has been changed. Log in with the new one.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /auth/password-reset/confirm')?.body).toEqual({
      token: 'tok',
      password: 'nueva-clave-larga-7',
    });
  });
});

describe('the page wrapper’s notice', () => {
  it('shows the amber authentication-required note without a token, except on /login and /register', () => {
    renderWithProviders(<AuthRequiredNotice />, '/dashboard');
    expect(screen.getByRole('note').textContent).toContain('Authentication required');
  });

  it('is hidden on /login and when a token is stored', () => {
    const { unmount } = renderWithProviders(<AuthRequiredNotice />, '/login');
    expect(screen.queryByRole('note')).toBeNull();
    unmount();
    storeTestSession();
    renderWithProviders(<AuthRequiredNotice />, '/dashboard');
    expect(screen.queryByRole('note')).toBeNull();
  });
});
