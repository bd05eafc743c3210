import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, emailedLink, logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, connectBrowser, hasBrowser, newContext } from './support/browser';

/** The welcome credits a verified account starts with; the Large pack adds 150, the Small 33. */
const WELCOME = 3;

async function widgetCount(page: Page): Promise<number> {
  const text = await page.getByTestId('credits-widget-count').first().textContent();
  return Number(text);
}

/**
 * A verified, signed-in account made through the API (the English journey signs up through the pages;
 * this one only needs somebody to pay), with the session stored as the browser keeps it.
 */
async function signedInContext(browser: Browser, locale: string): Promise<BrowserContext> {
  const email = uniqueEmail('credits-es');
  const register = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: E2E_PASSWORD,
      name: 'Lucía Pérez',
      accountType: 'freelancer',
      locale: 'es',
    }),
  });
  expect(register.status).toBe(201);
  const token = new URL(await emailedLink(email, '/verify-email')).searchParams.get('token');
  const verify = await fetch(`${baseUrl}/api/v1/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(verify.status).toBe(200);
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const session = (await login.json()) as { token: string; user: unknown };
  const context = await newContext(browser, { locale });
  await context.addInitScript(
    ([authToken, user]) => {
      if (!window.localStorage.getItem('authToken')) {
        window.localStorage.setItem('authToken', authToken);
        window.localStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return context;
}

describe.skipIf(!hasBrowser)('buying credits through the local checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('from settings: Large pack → test-mode checkout → Pay → banner, +150 everywhere, banner gone after 5 s', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('credits');
    await registerAndVerify(page, { name: 'Marta Ruiz', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');

    await page.goto('/user');
    await page.getByRole('tab', { name: 'Credits' }).click();
    await expect.poll(() => widgetCount(page)).toBe(WELCOME);
    await page.getByTestId('low-balance-warning').waitFor();

    await page.getByRole('button', { name: 'Buy the Large Credits Pack' }).click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByText('TEST MODE', { exact: false }).waitFor();
    await page.getByRole('button', { name: /^Pay / }).click();

    // Back on settings with checkout=success; the query is then cleared.
    const banner = page.getByTestId('checkout-success-banner');
    await banner.waitFor();
    const shownAt = Date.now();
    expect(await banner.textContent()).toContain('Your purchase is complete');
    await page.waitForURL((url) => url.pathname === '/user' && url.search === '');
    await expect.poll(() => widgetCount(page)).toBe(WELCOME + 150);
    expect(await page.getByTestId('credit-count').first().textContent()).toBe(`${WELCOME + 150} credits`);
    await page.getByTestId('usage-history').getByText('+150').waitFor();
    expect(await page.getByTestId('low-balance-warning').count()).toBe(0);

    await banner.waitFor({ state: 'detached', timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_000);
    await context.close();
  });

  it('in Spanish: pay from settings, then cancel from /credits → the cancelled message', async () => {
    const context = await signedInContext(browser, 'es-ES');
    const page = await context.newPage();

    await page.goto('/user');
    await page.getByRole('tab', { name: 'Créditos' }).click();
    await expect.poll(() => widgetCount(page)).toBe(WELCOME);
    await page.getByRole('button', { name: 'Comprar el Paquete de créditos' }).click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.getByText('¡Gracias! Tu compra se ha completado y tus créditos se han añadido.').waitFor();
    await expect.poll(() => widgetCount(page)).toBe(WELCOME + 33);

    await page.goto('/credits');
    await page.getByRole('heading', { level: 2, name: 'Comprar créditos' }).waitFor();
    await page.getByRole('button', { name: 'Comprar el Paquete grande de créditos' }).click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText('El pago se ha cancelado. Puedes intentarlo de nuevo cuando quieras.').waitFor();
    await page.waitForURL((url) => url.pathname === '/credits' && url.search === '');
    await expect.poll(() => widgetCount(page)).toBe(WELCOME + 33);
    await context.close();
  });

  it('from /credits in English: buy, Cancel → the cancelled message, and Pay → success and +150', async () => {
    const context = await signedInContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto('/credits');
    const large = page.getByRole('button', { name: 'Buy the Large Credits Pack' });
    await large.click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Payment was cancelled. You can try again anytime.').waitFor();
    await page.waitForURL((url) => url.pathname === '/credits' && url.search === '');

    await large.click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment received. Your credits have been added to your balance.').waitFor();
    await page.waitForURL((url) => url.pathname === '/credits' && url.search === '');
    await expect.poll(() => widgetCount(page)).toBe(WELCOME + 150);
    await context.close();
  });
});
