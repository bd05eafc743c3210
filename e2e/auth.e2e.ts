import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, connectBrowser, hasBrowser, newContext } from './support/browser';

const PASSWORD = 'caballo-grapa-bateria';
const run = Date.now().toString(36);

/** Follows the newest link to `path` sent to `email`, as a user would from the outbox at /dev/mail. */
async function followMailLink(page: Page, email: string, path: '/verify-email' | '/reset-password') {
  await page.goto('/dev/mail');
  const link = page.locator(`article:has-text("${email}") a[href*="${path}?token="]`).first();
  const href = await link.getAttribute('href');
  expect(href?.startsWith(`${baseUrl}${path}?token=`)).toBe(true);
  await link.click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe.skipIf(!hasBrowser)('accounts and sessions in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('register → verify from the outbox → 3 credits → sign out → sign in → reload → session ends → /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = `ana-${run}@example.com`;

    // Sign up as an accountant.
    await page.goto('/register/accountant');
    await page.getByLabel('Name').fill('Ana García');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/register/success');
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    expect(await page.getByText(`We have sent an email to ${email} with the next step.`).isVisible()).toBe(
      true,
    );

    // Verify from the outbox: the welcome credits.
    await followMailLink(page, email, '/verify-email');
    await page.waitForURL('**/verify-email?token=*');
    await page.getByText('You have received 3 free credits.').waitFor();

    // Log in from the verification screen; the top bar shows 3 credits.
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByText('3 credits').first().waitFor();
    expect(await page.evaluate(() => Boolean(localStorage.getItem('authToken')))).toBe(true);

    // Sign out with the user menu.
    await page.getByRole('button', { name: 'Account menu for Ana García' }).click();
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL('**/logedout');
    await page.getByRole('heading', { level: 1, name: 'You have logged out' }).waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')]),
    ).toEqual([null, null]);

    // A protected page now sends the visitor to /login, and back there after signing in.
    await page.goto('/documents');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/documents');

    // A reload keeps the session.
    await page.goto('/dashboard');
    await page.reload();
    await page.getByRole('banner').getByText('3 credits').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // The token expires: the next start clears the session and the guard sends the user to /login.
    await page.evaluate(() => {
      const [header, payload, signature] = (localStorage.getItem('authToken') ?? '').split('.');
      const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/')));
      const expired = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }));
      localStorage.setItem('authToken', `${header}.${expired.replace(/=+$/, '')}.${signature}`);
    });
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a session revoked on the server ends in the browser too (401 → /login)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `luis-${run}@example.com`; // an accountant, the default type
    await page.goto('/register');
    await page.getByLabel('Name').fill('Luis');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/register/success');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    // The unverified accountant sees the banner.
    await page.getByRole('heading', { name: 'Please verify your email' }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const res = await fetch(`${baseUrl}/api/v1/auth/logout-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await context.close();
  });

  it('resets a forgotten password from the emailed link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `eva-${run}@example.com`;
    await page.goto('/register/accountant');
    await page.getByLabel('Name').fill('Eva');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/register/success');

    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();

    await followMailLink(page, email, '/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('otra-clave-segura-42');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('otra-clave-segura-42');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been changed. Log in with the new one.').waitFor();

    await logIn(page, email, PASSWORD);
    await page.getByText('Invalid username or password. Please try again.').waitFor();
    await logIn(page, email, 'otra-clave-segura-42');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
