import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api';
import { baseUrl, connectBrowser, hasBrowser, newContext, openLive } from './support/browser';
import { E2E_HEALTH_TOKEN } from './support/health-token';

describe.skipIf(!hasBrowser)('the walking skeleton in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('reports healthy', async () => {
    const { data, response } = await apiClient(E2E_HEALTH_TOKEN).GET('/api/health');
    expect(response.status).toBe(200);
    expect(data?.checks).toEqual({
      database: 'ready',
      queue: 'ready',
      files: 'ready',
      ocr: 'ready',
      schema: 'ready',
    });
  });

  it('switches the language to Spanish and back, and keeps the choice across a reload', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await openLive(page, '/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    // A public page has an address per language: the Spanish landing page is /es/.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/');
    expect(await page.getByLabel('Idioma').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');

    await page.getByLabel('Idioma').selectOption({ label: 'English' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // The switch settled (as before the first reload): reloading mid-render detaches the page.
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.waitForLoadState('load');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByLabel('Language').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves client routes on a direct visit, and a not-found page for unknown ones', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const res = await page.goto('/customer/0190c0de-0000-7000-8000-000000000000');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const missing = await page.goto('/this/does/not/exist');
    expect(missing?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found|page/i);
    await context.close();
  });

  it('works at phone width with the menu reachable from the keyboard', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await openLive(page, '/');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    const menuButton = page.getByRole('button', { name: /menu/i });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
