import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';

/** Journeys register through the UI and read their emails from the outbox, as a new user would. */
export const E2E_PASSWORD = 'caballo-grapa-bateria';

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;

type OutboxMail = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };

/** The newest link to `path` emailed to `to` (the outbox at /dev/mail.json), waiting for it to arrive. */
export async function emailedLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${baseUrl}/dev/mail.json`)).json()) as OutboxMail[];
        link = mails
          .filter((mail) => mail.to === to)
          .map((mail) => pattern.exec(mail.text)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** Sign-up form → /register/success → the emailed verification link. Starts wherever the page is. */
export async function registerAndVerify(
  page: Page,
  account: { name: string; email: string; accountType: 'accountant' | 'freelancer' },
): Promise<void> {
  if (!page.url().includes('/register')) await page.goto('/register');
  await page
    .getByRole('radio', { name: account.accountType === 'accountant' ? 'An accountant' : 'A freelancer' })
    .check();
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/register/success');
  await page.goto(await emailedLink(account.email, '/verify-email'));
  await page.getByRole('heading', { name: 'Email verified' }).waitFor();
}

export async function logIn(page: Page, email: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
