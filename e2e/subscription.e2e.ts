import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { connectBrowser, hasBrowser, newContext, openLive } from './support/browser';

/**
 * Issue 19, as a new user tries it: the yearly Freelancer plan with the local trial's coupon through the
 * test-mode checkout, the year's credits on the account, auto-renew turned off and on, then the plan cancelled.
 */
describe.skipIf(!hasBrowser)('a subscription from choice to cancellation, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('chooses the annual plan with a coupon, pays in test mode, turns auto-renew off and cancels', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('yearly');
    await registerAndVerify(page, { name: 'Marta Ruiz', email, accountType: 'freelancer' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');

    // A prerendered page: typed into only once the app is live, or the coupon field drops what was typed.
    await openLive(page, '/select-plan');
    await page.locator('label', { hasText: /^Annual$/ }).click();
    expect(await page.getByRole('radio', { name: 'Annual' }).isChecked()).toBe(true);
    await page.getByLabel('Coupon code').fill('bienvenida20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Coupon BIENVENIDA20 applied: the prices shown include it.').waitFor();
    await page.getByRole('button', { name: 'Choose plan: Freelancer Plan' }).click();

    // The test-mode checkout charges the year less 20 %: 120 € → 96 €.
    await page.waitForURL('**/dev/checkout/**');
    const pay = page.getByRole('button', { name: /^Pay/ });
    expect(await pay.textContent()).toMatch(/96[.,]00/);
    await pay.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dev/'));

    // 3 welcome credits and the year's 600, all up front.
    await page.goto('/user?tab=plan');
    await page.getByText(/Renews on/).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('Freelancer Plan');
    const me = await page.evaluate(async () => {
      const token = localStorage.getItem('authToken');
      const res = await fetch('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
      return res.json();
    });
    expect(me.credits.available).toBe(603);

    const renew = page.getByRole('switch', { name: 'Auto-renew' });
    expect(await renew.getAttribute('aria-checked')).toBe('true');
    await renew.click();
    await page.getByText(/Ends on .*: it will not renew/).waitFor();
    // With auto-renew off the plan can still be cancelled, and the dialog says it would end anyway.
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Auto-renew is already off/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await dialog.getByText(/Cancelled: your plan ends on/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Turned back on, then cancelled from the plan's own button (which ends it at the period's end too).
    await renew.click();
    await page.getByText(/Renews on/).waitFor();

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByText(/Cancelled: your plan ends on/).waitFor();
    await context.close();
  }, 120_000);

  // Issue 36 item 4: Settings → Plan → Business applied at once (+950 credits) with no checkout and no
  // amount. Now the dialog shows the prorated amount, and that amount is paid on the checkout page first.
  it('upgrades from Settings → Plan only through the checkout, at the prorated amount shown first', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('upgrade');
    await registerAndVerify(page, { name: 'Iker Sanz', email, accountType: 'freelancer' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    const credits = () =>
      page.evaluate(async () => {
        const token = localStorage.getItem('authToken');
        const res = await fetch('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { credits: { available: number } }).credits.available;
      });

    await openLive(page, '/select-plan');
    await page.getByRole('button', { name: 'Choose plan: Freelancer Plan' }).click();
    await page.waitForURL('**/dev/checkout/**');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dev/'));
    expect(await credits()).toBe(53);

    await page.goto('/user?tab=plan');
    await page.getByText(/Renews on/).waitFor();
    await page.getByRole('button', { name: 'Switch to this plan: Business Plan (Monthly)' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByTestId('upgrade-amount');
    await amount.getByText(/To pay now: €/).waitFor();
    // A month barely started: nearly all of €79 − €12.
    const shown = /€(\d+\.\d{2})/.exec((await amount.textContent()) ?? '')?.[1] ?? '';
    expect(Number(shown)).toBeGreaterThan(66);
    expect(Number(shown)).toBeLessThanOrEqual(67);
    // Nothing is applied from the dialog: the plan and the credits wait for the payment.
    await dialog.getByRole('button', { name: 'Pay and upgrade' }).click();
    await page.waitForURL('**/dev/checkout/**');
    const pay = page.getByRole('button', { name: /^Pay/ });
    expect(await pay.textContent()).toContain(shown);
    expect(await credits()).toBe(53);
    await pay.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dev/'));

    await page.goto('/user?tab=plan');
    await page.getByTestId('current-plan').getByText('Business Plan').waitFor();
    expect(await credits()).toBe(1003);
    // Item 15: the sidebar names the plan subscribed to, not the account type.
    await expect.poll(() => page.getByTestId('sidebar-plan').textContent()).toBe('Plan: Business Plan');
    await context.close();
  }, 120_000);
});
