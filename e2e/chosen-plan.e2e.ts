import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, emailedLink, uniqueEmail } from './support/accounts';
import { baseUrl, connectBrowser, hasBrowser, openLive } from './support/browser';

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
    largePack: '150 créditos',
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
    largePack: '150 credits',
  },
} as const;

type Language = keyof typeof TEXT;

/** Issue 16 item 4: a visitor's choice of pack survives the sign-up and the email verification. */
describe.skipIf(!hasBrowser)('a plan chosen before signing up, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  const newContext = (language: Language, width: number): Promise<BrowserContext> =>
    browser.newContext({
      baseURL: baseUrl,
      locale: language === 'es' ? 'es-ES' : 'en-GB',
      viewport: { width, height: width < 500 ? 844 : 800 },
    });

  /** /credits → "Buy the Large pack" → the sign-up naming it → /register/success; the new address. */
  async function signUpChoosingLarge(page: Page, language: Language): Promise<string> {
    const text = TEXT[language];
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
    return email;
  }

  async function logInHere(page: Page, language: Language, email: string) {
    const text = TEXT[language];
    await page.getByLabel(text.email, { exact: true }).fill(email);
    await page.getByLabel(text.password, { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: text.login, exact: true }).click();
  }

  /** The emailed link → "Email verified" → log in → straight to the Large pack's (test-mode) checkout. */
  async function verifyLogInAndPay(page: Page, language: Language, email: string) {
    const text = TEXT[language];
    await page.goto(await emailedLink(email, '/verify-email'));
    await page.getByRole('heading', { name: text.verified }).waitFor();
    await page.getByRole('main').getByRole('link', { name: text.login }).click();
    await page.waitForURL('**/login');
    await logInHere(page, language, email);

    await page.waitForURL('**/dev/checkout/**', { timeout: 30_000 });
    await page.getByText(text.testMode, { exact: false }).waitFor();
    const checkout = await page.locator('body').textContent();
    expect(checkout).toContain(text.largePack);
    expect(checkout).toMatch(/20/);
  }

  it.each([
    ['es', 390],
    ['en', 1366],
  ] as const)(
    'in %s at %i px: /credits → sign-up naming the pack → verify → log in → that pack’s checkout',
    async (language, width) => {
      const context = await newContext(language, width);
      const page = await context.newPage();
      const email = await signUpChoosingLarge(page, language);
      await verifyLogInAndPay(page, language, email);
      await context.close();
    },
  );

  // The account keeps the choice: the link opened in another browser (a phone, say) still leads there.
  it.each([
    ['es', 1366],
    ['en', 390],
    ['es', 390],
    ['en', 1366],
  ] as const)(
    'in %s at %i px: the verification link opened in another browser still leads to the pack’s checkout',
    async (language, width) => {
      const signUpContext = await newContext(language, width);
      const email = await signUpChoosingLarge(await signUpContext.newPage(), language);
      await signUpContext.close();

      const otherBrowser = await newContext(language, width);
      await verifyLogInAndPay(await otherBrowser.newPage(), language, email);
      await otherBrowser.close();
    },
  );

  it('lets go of the choice when its checkout is cancelled: the next sign-in goes to the dashboard', async () => {
    const signUpContext = await newContext('en', 1366);
    const email = await signUpChoosingLarge(await signUpContext.newPage(), 'en');
    await signUpContext.close();

    const phone = await newContext('en', 390);
    const page = await phone.newPage();
    await verifyLogInAndPay(page, 'en', email);
    const dismissed = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/v1/me'),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/select-plan**');
    await page.getByText(/Payment was cancelled/).waitFor();
    expect((await dismissed).status()).toBe(200);
    await phone.close();

    const laptop = await newContext('en', 1366);
    const again = await laptop.newPage();
    await openLive(again, '/login');
    await logInHere(again, 'en', email);
    await again.waitForURL('**/dashboard');
    await laptop.close();
  });
});
