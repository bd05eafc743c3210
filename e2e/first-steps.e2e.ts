import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailedLink, logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi as api } from './support/api';
import { baseUrl, connectBrowser, hasBrowser } from './support/browser';

// Issue 36, "What a new user and an accountant trip over": the language of an account (item 11), the
// invitee's first screen (item 16) and the payment message of /credits (item 17), at phone and desktop
// width.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

describe.skipIf(!hasBrowser)('first steps of a new user, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  const open = async (locale: string, size: { width: number; height: number }) => {
    const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: size });
    return { context, page: await context.newPage() };
  };

  /** A verified account, signed in, in an English browser. */
  async function signedInAccount(accountType: 'accountant' | 'freelancer', name: string) {
    const { context, page } = await open('en-US', DESKTOP);
    const email = uniqueEmail(accountType);
    await registerAndVerify(page, { name, email, accountType });
    await logIn(page, email);
    await page.waitForURL(/\/(dashboard|customer)/);
    return { context, page, email };
  }

  it('applies the account’s language at login in a new browser, and keeps it after logging out (item 11)', async () => {
    const owner = await signedInAccount('accountant', 'Gestoría Martín');
    await api(owner.page, '/api/v1/me', { method: 'PATCH', json: { locale: 'es' } });
    await owner.context.close();

    for (const size of [PHONE, DESKTOP]) {
      const { context, page } = await open('en-US', size);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await logIn(page, owner.email);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      // Logging out keeps this browser in the account's language.
      await page.evaluate(() => {
        localStorage.removeItem('authToken');
        localStorage.removeItem('user');
      });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await context.close();
    }
  });

  it('a Spanish screen in an English browser reads dates as dd/mm/aaaa: 05/03/2026 is 5 March (item 11)', async () => {
    const owner = await signedInAccount('accountant', 'Gestoría Fechas');
    await api(owner.page, '/api/v1/me', { method: 'PATCH', json: { locale: 'es' } });
    const client = await api<{ id: string }>(owner.page, '/api/v1/clients', {
      method: 'POST',
      json: { name: 'Cliente Fechas' },
    });
    await owner.context.close();

    const { context, page } = await open('en-US', DESKTOP);
    await page.goto('/login');
    await logIn(page, owner.email);
    await page.waitForURL('**/dashboard');
    await page.goto(`/customer/${client.id}`);
    await page.getByRole('tab', { name: 'Informes', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Informe personalizado' });
    const start = panel.getByLabel('Fecha de inicio');
    expect(await start.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await start.fill('05/03/2026');
    await panel.getByLabel('Fecha de fin').fill('31/03/2026');
    // Day first, as the screen's language writes it, not the browser's month first (3 May).
    await panel.getByText(/^Seleccionado: 05\/03\/2026 – 31\/03\/2026 \(27 días/).waitFor();
    await context.close();
  });

  it('from /es/, "Iniciar sesión" opens the Spanish login in an English browser (item 11)', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const { context, page } = await open('en-US', size);
      await page.goto('/es/');
      // Straight away, before the app is live: the link is followed from the HTML.
      const link = page.getByRole('link', { name: 'Iniciar sesión' });
      if (size === PHONE && !(await link.first().isVisible())) {
        await page.getByRole('button', { name: /menú|menu/i }).click();
      }
      await link.first().click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await context.close();
    }
  });

  it('the invitee sees who invited them and to what, and signs up as a freelancer (item 16)', async () => {
    const accountant = await signedInAccount('accountant', 'Gestoría Martín');
    const cases = [
      {
        locale: 'es-ES',
        size: PHONE,
        client: 'Marta Gil',
        text: 'Gestoría Martín te ha invitado a Cuadra para enviarle las facturas de Marta Gil.',
        signUp: 'Regístrate',
        freelancer: 'Autónomo',
      },
      {
        locale: 'en-US',
        size: DESKTOP,
        client: 'Talleres Ruiz',
        text: 'Gestoría Martín invited you to Cuadra to send them the invoices of Talleres Ruiz.',
        signUp: 'Sign up',
        freelancer: 'A freelancer',
      },
    ];
    for (const invitation of cases) {
      const email = uniqueEmail('invitee');
      const client = await api<{ id: string }>(accountant.page, '/api/v1/clients', {
        method: 'POST',
        json: { name: invitation.client },
      });
      await api(accountant.page, `/api/v1/clients/${client.id}/invitations`, {
        method: 'POST',
        json: { email },
      });
      const { context, page } = await open(invitation.locale, invitation.size);
      await page.goto(await emailedLink(email, '/acceptinvitation'));
      await page.waitForURL('**/login?redirect=accept-invitation');
      const notice = page.getByTestId('invitation-notice');
      await expect.poll(() => notice.textContent()).toContain(invitation.text);
      expect(await notice.textContent()).toContain(email);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        invitation.size.width,
      );
      // By keyboard: the sign-up link, then the form, with the freelancer type already chosen.
      await page.getByRole('main').getByRole('link', { name: invitation.signUp }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/register*');
      await expect.poll(() => page.getByTestId('invitation-notice').textContent()).toContain(invitation.text);
      expect(await page.getByRole('radio', { name: invitation.freelancer }).isChecked()).toBe(true);
      await context.close();
    }
    await accountant.context.close();
  });

  it('says "Payment received" on /credits only for a paid session of the user’s own (item 17)', async () => {
    const user = await signedInAccount('accountant', 'Ana García');
    await user.page.goto('/credits?session_id=cs_made_up_by_anyone');
    await user.page.waitForURL((url) => url.pathname === '/credits' && url.search === '');
    await user.page.getByRole('heading', { name: 'Buy credits' }).waitFor();
    // The answer to the session check has come and gone: nothing claims a payment.
    await user.page.waitForLoadState('networkidle');
    expect(await user.page.getByText('Payment received', { exact: false }).count()).toBe(0);

    // A real, paid checkout of this user's: the local test-mode checkout returns with its session id.
    const { url } = await api<{ url: string }>(user.page, '/api/v1/checkout', {
      method: 'POST',
      json: { packId: 'small', returnTo: '/credits?session_id={CHECKOUT_SESSION_ID}' },
    });
    await user.page.goto(url);
    await user.page.getByRole('button', { name: /Pay|Pagar/ }).click();
    await user.page.getByText('Payment received', { exact: false }).waitFor();
    await user.context.close();
  });
});
