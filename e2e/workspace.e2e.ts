import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailedLink, logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { connectBrowser, hasBrowser, newContext } from './support/browser';

const rowNames = (page: Page) =>
  page.getByRole('table', { name: 'Your clients' }).getByRole('rowheader').allInnerTexts();

describe.skipIf(!hasBrowser)('the accountant’s workspace in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('adds, searches, sorts and invites clients; the invited client registers and lands on their page', async () => {
    const accountantContext = await newContext(browser);
    const page = await accountantContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // An accountant registers, verifies and signs in.
    const accountant = {
      name: 'Gestoría Martín',
      email: uniqueEmail('accountant'),
      accountType: 'accountant' as const,
    };
    await registerAndVerify(page, accountant);
    await logIn(page, accountant.email);
    await page.waitForURL('**/dashboard');
    await page.getByText('No clients yet').waitFor();

    // Three clients through the modal; it keeps focus inside and closes on Escape.
    const add = page.getByRole('button', { name: 'Add customer' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    for (const [name, taxId] of [
      ['Talleres Ruiz', ''],
      ['Marta Gil', '12345678A'],
      ['Café Sol', ''],
    ] as const) {
      await dialog.getByLabel('Client name').fill(name);
      await dialog.getByLabel('Tax id (NIF, NIE or CIF)').fill(taxId);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      if (taxId === '12345678A') {
        await dialog.getByText(/This tax id \(NIF, NIE or CIF\) is not valid/).waitFor();
        await dialog.getByLabel('Tax id (NIF, NIE or CIF)').fill('12345678z');
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      }
      await dialog.getByText(`Client ${name} added successfully.`).waitFor();
      expect(await dialog.getByLabel('Client name').inputValue()).toBe('');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);

    await expect.poll(() => rowNames(page)).toEqual(['Café Sol', 'Marta Gil', 'Talleres Ruiz']);
    // Search is a case-insensitive substring of the name; sorting toggles.
    await page.getByLabel('Search clients').fill('RUIZ');
    await expect.poll(() => rowNames(page)).toEqual(['Talleres Ruiz']);
    await page.getByLabel('Search clients').fill('xyz');
    await page.getByText('Client not found.', { exact: false }).waitFor();
    await page.getByLabel('Search clients').fill('');
    await expect.poll(() => rowNames(page)).toHaveLength(3);
    await page.getByRole('button', { name: /^Name, sorted A to Z/ }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Talleres Ruiz', 'Marta Gil', 'Café Sol']);

    // Invite one client.
    const freelancerEmail = uniqueEmail('marta');
    await page.getByRole('button', { name: 'Invite Marta Gil' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Marta Gil' });
    await invite.getByLabel('Email address').fill(freelancerEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText(`Invitation sent to ${freelancerEmail}`, { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('row', { name: /Marta Gil/ }).textContent()).toContain('Invited');

    // In a second browser, the client follows the emailed link, signs up from the login page, verifies,
    // signs in, and the invitation is accepted on the way in.
    const freelancerContext = await newContext(browser);
    const other = await freelancerContext.newPage();
    await other.goto(await emailedLink(freelancerEmail, '/acceptinvitation'));
    await other.waitForURL('**/login?redirect=accept-invitation');
    await other.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await registerAndVerify(other, { name: 'Marta Gil', email: freelancerEmail, accountType: 'freelancer' });
    await logIn(other, freelancerEmail);
    await other.waitForURL('**/invitation-accepted');
    await other.getByRole('heading', { name: 'Invitation accepted' }).waitFor();
    await other.getByRole('link', { name: 'Go to my page' }).click();
    await other.waitForURL('**/customer/**');
    await other.getByRole('heading', { level: 1, name: 'Marta Gil' }).waitFor();
    // Their dashboard is their own page, not a client list.
    await other.goto('/dashboard');
    await other.waitForURL('**/customer/**');
    await other.getByRole('heading', { level: 1, name: 'Marta Gil' }).waitFor();

    // The accountant's table now shows the registered-user marker.
    await page.reload();
    const row = page.getByRole('row', { name: /Marta Gil/ });
    await expect.poll(() => row.textContent()).toContain('registered user');
    expect(await row.textContent()).toContain('Registered');

    // At phone width the page does not scroll sideways (the table scrolls inside its own box).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('table', { name: 'Your clients' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await freelancerContext.close();
    await accountantContext.close();
  }, 180_000);
});
