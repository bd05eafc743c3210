import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';
import { fakeToken, storeTestSession, testUser } from '../../test/session';

/** The page module loads lazily; on a busy machine that takes longer than the default second. */
const SLOW = { timeout: 10_000 };

type Call = { path: string; method: string; body: unknown };

/** A fake `/me` API that answers like the server. */
function stubApi() {
  const calls: Call[] = [];
  let user = testUser({ locale: 'en' });
  const history: unknown[] = [];
  let notifications = {
    batchFinished: true,
    lowCredits: true,
    invitationAccepted: true,
    weeklySummary: true,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path: url.pathname, method, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/me' && method === 'PATCH') {
        for (const [field, to] of Object.entries(body as Record<string, unknown>)) {
          history.push({
            id: `0190a1b2-c3d4-7e5f-8a9b-00000000000${history.length}`,
            field,
            from: (user as Record<string, unknown>)[field],
            to,
            via: 'screen',
            actor: { id: user.id, name: user.name },
            at: '2026-03-02T09:00:00.000Z',
          });
        }
        user = { ...user, ...body };
        return json(200, user);
      }
      if (url.pathname === '/api/v1/me') return json(200, user);
      if (url.pathname === '/api/v1/me/history') return json(200, { entries: history });
      if (url.pathname === '/api/v1/me/password') {
        return body.currentPassword === 'right-password'
          ? json(200, { token: fakeToken(), user })
          : json(400, { error: { code: 'CURRENT_PASSWORD_WRONG', message: 'x' } });
      }
      if (url.pathname === '/api/v1/me/email') {
        if (body.currentPassword !== 'right-password')
          return json(400, { error: { code: 'CURRENT_PASSWORD_WRONG', message: 'x' } });
        return json(202, { pendingEmail: body.newEmail, expiresAt: new Date(0).toISOString() });
      }
      if (url.pathname === '/api/v1/auth/confirm-email-change') {
        if (body.token !== 'good') return json(400, { error: { code: 'TOKEN_INVALID', message: 'x' } });
        user = { ...user, email: 'nueva@example.com' };
        return json(200, { email: 'nueva@example.com' });
      }
      if (url.pathname === '/api/v1/me/notifications' && method === 'PATCH') {
        notifications = { ...notifications, ...body };
        return json(200, notifications);
      }
      if (url.pathname === '/api/v1/me/notifications') return json(200, notifications);
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Settings', () => {
  it('changes the name, and the password only with the current one', async () => {
    const calls = stubApi();
    storeTestSession(testUser({ locale: 'en' }));
    renderRoutes(routes, '/user');
    const name = await screen.findByLabelText('Name', {}, SLOW);
    fireEvent.change(name, { target: { value: 'Ana María García' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Saved.');
    expect(calls).toContainEqual({ path: '/api/v1/me', method: 'PATCH', body: { name: 'Ana María García' } });

    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'farola-nube-cazo-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not correct.');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText(/Your password has been changed/);
  }, 20_000);

  it('stores the language on the account from the footer switch, so emails follow it', async () => {
    const calls = stubApi();
    storeTestSession(testUser({ locale: 'en' }));
    renderRoutes(routes, '/user');
    await screen.findByLabelText('Name', {}, SLOW);
    const footerSwitch = document.querySelector<HTMLSelectElement>('[data-language-switch]');
    if (!footerSwitch) throw new Error('no footer language switch');
    fireEvent.change(footerSwitch, { target: { value: 'es' } });
    await waitFor(() =>
      expect(calls).toContainEqual({ path: '/api/v1/me', method: 'PATCH', body: { locale: 'es' } }),
    );
    // The page is now in Spanish, and the settings' language select shows the account's new language.
    const selects = await screen.findAllByLabelText('Idioma');
    expect(selects.map((select) => (select as HTMLSelectElement).value)).toEqual(['es', 'es']);
  }, 20_000);

  it('turns optional emails on and off', async () => {
    const calls = stubApi();
    storeTestSession(testUser({ locale: 'en' }));
    renderRoutes(routes, '/user');
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }, SLOW));
    expect(screen.getByText('Loading your email choices…').getAttribute('role')).toBe('status');
    const weekly = await screen.findByRole('checkbox', { name: 'A weekly summary' });
    expect(weekly).toHaveProperty('checked', true);
    fireEvent.click(weekly);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'A weekly summary' })).toHaveProperty('checked', false),
    );
    expect(calls).toContainEqual({
      path: '/api/v1/me/notifications',
      method: 'PATCH',
      body: { weeklySummary: false },
    });
  }, 20_000);

  it('asks for a new email with the password; the account keeps the old one until the link is opened', async () => {
    const calls = stubApi();
    storeTestSession(testUser({ locale: 'en' }));
    renderRoutes(routes, '/user');
    const email = await screen.findByLabelText('New email', {}, SLOW);
    fireEvent.change(email, { target: { value: 'nueva@example.com' } });
    fireEvent.change(screen.getByLabelText('Your password, to confirm it is you'), {
      target: { value: 'right-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByText(/We have sent a link to nueva@example.com/)).textContent).toContain(
      'until then you keep using',
    );
    expect(calls).toContainEqual({
      path: '/api/v1/me/email',
      method: 'POST',
      body: { newEmail: 'nueva@example.com', currentPassword: 'right-password' },
    });
  }, 20_000);

  it('confirms the new email from the link, in Spanish too', async () => {
    stubApi();
    await i18n.changeLanguage('es');
    renderRoutes(routes, '/confirm-email?token=good');
    expect((await screen.findByRole('heading', { name: 'Correo cambiado' }, SLOW)).textContent).toBeTruthy();
    expect(screen.getByText(/Tu cuenta ahora usa nueva@example.com/)).toBeTruthy();
  }, 20_000);

  it('says why the new email could not be confirmed', async () => {
    stubApi();
    renderRoutes(routes, '/confirm-email?token=old');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      'We could not change your email',
    );
  }, 20_000);

  it('shows the history of the user’s own settings, refreshed after each change, in both languages', async () => {
    stubApi();
    storeTestSession(testUser({ locale: 'en' }));
    renderRoutes(routes, '/user');
    const section = async (name: string) =>
      (await screen.findByRole('heading', { name }, SLOW)).closest('section') as HTMLElement;
    expect(
      await within(await section('History of your settings')).findByText('No changes to your settings yet.'),
    ).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ana María García' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    const named = await within(await section('History of your settings')).findByRole('listitem');
    expect(named.textContent).toContain('Name');
    expect(named.textContent).toContain('Ana María García');

    // From the footer's switch too: the account's language changed either way.
    const footerSwitch = document.querySelector<HTMLSelectElement>('[data-language-switch]');
    if (!footerSwitch) throw new Error('no footer language switch');
    fireEvent.change(footerSwitch, { target: { value: 'es' } });
    const own = await section('Historial de tus ajustes');
    await waitFor(() => expect(within(own).getAllByRole('listitem')).toHaveLength(2));
    const language = within(own).getAllByRole('listitem')[0] as HTMLElement; // newest first
    expect(language.textContent).toContain('Idioma');
    expect(language.textContent).toContain('English');
    expect(language.textContent).toContain('Español');
  });
});
