import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, connectBrowser, hasBrowser, openLive } from './support/browser';

const TEXT = {
  en: {
    path: '/pricing',
    title: 'Simplify Your Accounting',
    annual: 'Annual',
    yearly: '€120 / year',
    monthly: '€12 / month',
    contact: 'Contact us',
    subject: 'Subject (optional)',
    preset: 'Enterprise Plan',
    couponLabel: 'Coupon code',
    couponApplied: 'Coupon BIENVENIDA20 applied: the prices shown include it.',
  },
  es: {
    path: '/es/precios',
    title: 'Simplifica tu contabilidad',
    annual: 'Anual',
    yearly: '120 € / año',
    monthly: '12 € / mes',
    contact: 'Contacta con nosotros',
    subject: 'Asunto (opcional)',
    preset: 'Plan Enterprise',
    couponLabel: 'Código de cupón',
    couponApplied: 'Cupón BIENVENIDA20 aplicado: los precios mostrados ya lo incluyen.',
  },
} as const;

describe.skipIf(!hasBrowser)('the pricing page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('is prerendered at /pricing and /es/precios, each naming the other', async () => {
    for (const language of ['en', 'es'] as const) {
      const res = await fetch(`${baseUrl}${TEXT[language].path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(TEXT[language].title);
      expect(html).toMatch(/rel="alternate" hreflang="en" href="[^"]*\/pricing"/);
      expect(html).toMatch(/rel="alternate" hreflang="es" href="[^"]*\/es\/precios"/);
    }
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/es\/precios<\/loc>/);
  });

  it('toggles monthly and annual prices and sends Enterprise to the contact form with the subject, at 390 and 1366 px, in both languages', async () => {
    for (const language of ['en', 'es'] as const) {
      for (const width of [390, 1366]) {
        const text = TEXT[language];
        const context = await browser.newContext({
          baseURL: baseUrl,
          locale: language === 'es' ? 'es-ES' : 'en-GB',
          viewport: { width, height: width < 500 ? 844 : 800 },
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await openLive(page, text.path);
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        const freelancer = page.locator('[data-plan^="freelancer-"]');
        expect(await freelancer.getByText(text.monthly).count()).toBe(1);
        await page.getByText(text.annual, { exact: true }).click();
        await freelancer.getByText(text.yearly).waitFor();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.locator('[data-plan="enterprise"]').getByRole('link', { name: text.contact }).click();
        await page.waitForURL('**/contact?subject=*');
        await expect.poll(() => page.getByLabel(text.subject).inputValue()).toBe(text.preset);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('takes the first click on Annual and every key of a coupon typed at once, before the app is live (issue 36, item 10)', async () => {
    for (const language of ['en', 'es'] as const) {
      for (const width of [390, 1366]) {
        const text = TEXT[language];
        const context = await browser.newContext({
          baseURL: baseUrl,
          locale: language === 'es' ? 'es-ES' : 'en-GB',
          viewport: { width, height: width < 500 ? 844 : 800 },
        });
        const page = await context.newPage();
        // Fresh from the prerendered HTML: the app loads on this very click.
        await page.goto(text.path);
        expect(await page.locator('html[data-hydrated]').count()).toBe(0);
        await page.getByText(text.annual, { exact: true }).click();
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        const freelancer = page.locator('[data-plan^="freelancer-"]');
        await freelancer.getByText(text.yearly).waitFor();
        expect(await freelancer.getByText(text.monthly).count()).toBe(0);

        await page.goto(text.path);
        expect(await page.locator('html[data-hydrated]').count()).toBe(0);
        const coupon = page.getByLabel(text.couponLabel);
        await coupon.focus();
        await page.keyboard.type('BIENVENIDA20');
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        // By keyboard, as a visitor would: Enter applies the code typed.
        await coupon.press('Enter');
        await page.getByText(text.couponApplied).waitFor();
        expect(await coupon.inputValue()).toBe('BIENVENIDA20');
        await context.close();
      }
    }
  });
});
