import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, emailedLink, uniqueEmail } from './support/accounts';
import { baseUrl, hasBrowser, launchBrowser, openLive } from './support/browser';

const TEXT = {
  es: {
    credits: '/es/credits',
    buy: 'Comprar el Paquete grande de créditos',
    chosen: 'Has elegido el Paquete grande de créditos',
    name: 'Nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    create: 'Crear cuenta',
    verified: 'Correo verificado',
    login: 'Iniciar sesión',
    testMode: 'MODO DE PRUEBA',
  },
  en: {
    credits: '/credits',
    buy: 'Buy the Large Credits Pack',
    chosen: 'You chose the Large Credits Pack',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    create: 'Create account',
    verified: 'Email verified',
    login: 'Log in',
    testMode: 'TEST MODE',
  },
} as const;

/** Issue 16 item 4: a visitor's choice of pack survives the sign-up and the email verification. */
describe.skipIf(!hasBrowser)('a plan chosen before signing up, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each([
    ['es', 390],
    ['en', 1366],
  ] as const)(
    'in %s at %i px: /credits → sign-up naming the pack → verify → log in → that pack’s checkout',
    async (language, width) => {
      const text = TEXT[language];
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: language === 'es' ? 'es-ES' : 'en-GB',
        viewport: { width, height: width < 500 ? 844 : 800 },
      });
      const page = await context.newPage();
      await openLive(page, text.credits);
      await page.getByRole('link', { name: text.buy }).click();
      await page.waitForURL('**/start-free?plan=large');
      expect(await page.getByTestId('chosen-plan').textContent()).toContain(text.chosen);

      const email = uniqueEmail(`chosen-${language}`);
      await page.getByLabel(text.name, { exact: true }).fill('Lola Martín');
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: text.create }).click();
      await page.waitForURL('**/register/success');
      await page.goto(await emailedLink(email, '/verify-email'));
      await page.getByRole('heading', { name: text.verified }).waitFor();
      await page.getByRole('main').getByRole('link', { name: text.login }).click();
      await page.waitForURL('**/login');
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: text.login, exact: true }).click();

      // Straight to the chosen pack's checkout (the local test-mode one), with its price.
      await page.waitForURL('**/dev/checkout/**', { timeout: 30_000 });
      await page.getByText(text.testMode, { exact: false }).waitFor();
      expect(await page.locator('body').textContent()).toMatch(/20/);
      await context.close();
    },
  );
});
