import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, emailedLink, logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi as api } from './support/api';
import { baseUrl, connectBrowser, hasBrowser, newContext } from './support/browser';

// Issue 16, "What a new user trips over": the screens its fixes touch, at phone and desktop width, in both
// languages.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
] as const;
const LANGUAGES = [
  { locale: 'en-US', help: 'Help', clients: 'Your clients' },
  { locale: 'es-ES', help: 'Ayuda', clients: 'Tus clientes' },
] as const;

/** Our own generated invoice with a text layer: read in well under a second. */
const INVOICE = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/classic-company-mixed-vat.pdf', import.meta.url),
);

/** Nothing wider than the window: no sideways scrolling. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!hasBrowser)('what a new user trips over, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('a visitor opens the footer’s help centre without signing in, prerendered in both languages', async () => {
    for (const size of WIDTHS) {
      for (const language of LANGUAGES) {
        const context = await newContext(browser, { locale: language.locale });
        const page = await context.newPage();
        await page.setViewportSize(size);
        await page.goto(language.locale === 'es-ES' ? '/es/' : '/');
        const footerHelp = page.getByRole('contentinfo').getByRole('link', {
          name: language.locale === 'es-ES' ? 'Centro de ayuda' : 'Help centre',
        });
        await footerHelp.click();
        await page.getByRole('heading', { level: 1, name: language.help }).waitFor();
        expect(new URL(page.url()).pathname).not.toContain('/login');
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await context.close();
      }
    }
    for (const [path, lang, heading] of [
      ['/help', 'en', 'Help'],
      ['/es/help', 'es', 'Ayuda'],
    ] as const) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`>${heading}</h1>`);
      expect(html).toMatch(/rel="alternate" hreflang="es" href="[^"]*\/es\/help"/);
    }
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/es\/help<\/loc>/);
  });

  it('an accountant’s client table fits a phone, names link to the client, received invoices name the supplier, and an odd tax id is warned about but saved', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('newuser');
    await registerAndVerify(page, { name: 'Gestoría Nueva', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    const client = await api<{ id: string }>(page, '/api/v1/clients', {
      method: 'POST',
      json: { name: 'Construcciones y Reformas Hermanos Álvarez del Valle SL' },
    });
    await api(page, '/api/v1/clients', { method: 'POST', json: { name: 'Marta Gil' } });

    for (const size of [{ width: 360, height: 740 }, ...WIDTHS]) {
      for (const language of ['en', 'es'] as const) {
        await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
        await page.setViewportSize(size);
        await page.goto('/dashboard');
        const table = page.getByRole('table', { name: language === 'es' ? 'Tus clientes' : 'Your clients' });
        const link = table.getByRole('link', {
          name: 'Construcciones y Reformas Hermanos Álvarez del Valle SL',
          exact: true,
        });
        await link.waitFor();
        const box = await table.boundingBox();
        expect(box && box.x + box.width, `${size.width} px, ${language}`).toBeLessThanOrEqual(size.width);
        expect(await overflow(page), `${size.width} px, ${language}`).toBeLessThanOrEqual(0);
      }
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page
      .getByRole('link', { name: 'Construcciones y Reformas Hermanos Álvarez del Valle SL', exact: true })
      .click();
    await page.waitForURL(`**/customer/${client.id}`);

    // One invoice read; it is received, so its counterparty is the supplier.
    const bytes = (await readFile(INVOICE)).toString('base64');
    await page.evaluate(
      async ({ clientId, bytes }) => {
        const form = new FormData();
        const data = Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0));
        form.append('files[]', new File([data], 'factura.pdf', { type: 'application/pdf' }));
        const res = await fetch(`/api/v1/clients/${clientId}/uploads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: form,
        });
        if (res.status !== 202) throw new Error(`upload: HTTP ${res.status}`);
      },
      { clientId: client.id, bytes },
    );
    let invoiceId = '';
    await expect
      .poll(
        async () => {
          const list = await api<{ invoices: { id: string }[] }>(
            page,
            `/api/v1/clients/${client.id}/invoices`,
          );
          invoiceId = list.invoices[0]?.id ?? '';
          return invoiceId;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .not.toBe('');

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`/invoicereview?invoiceId=${invoiceId}`);
      const taxId = page.getByLabel('Issuer tax id');
      await taxId.fill('12345678A');
      await page.getByText('The check letter or digit does not match').waitFor();
      await taxId.fill('XYZ');
      await page.getByText('Not a Spanish NIF, NIE or CIF').waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }
    await page.getByRole('radio', { name: 'Received' }).check();
    await page.getByRole('button', { name: 'Save invoice' }).click();
    await page.waitForURL(`**/customer/${client.id}`);
    const invoice = await api<{ issuerTaxId: string; type: string }>(page, `/api/v1/invoices/${invoiceId}`);
    expect(invoice).toMatchObject({ issuerTaxId: 'XYZ', type: 'received' });

    for (const size of WIDTHS) {
      for (const language of ['en', 'es'] as const) {
        await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
        await page.setViewportSize(size);
        await page.goto(`/customer/${client.id}`);
        const table = page.getByRole('table', { name: language === 'es' ? 'Facturas' : 'Invoices' });
        await table.getByRole('row').nth(1).waitFor();
        if (size.width >= 768) {
          await table
            .getByRole('columnheader', {
              name: language === 'es' ? /Cliente \/ Proveedor/i : /Client \/ Supplier/i,
            })
            .waitFor();
        } else {
          const label = await table.locator('td[data-label]').nth(1).getAttribute('data-label');
          expect(label).toBe(language === 'es' ? 'Proveedor' : 'Supplier');
        }
        expect(await overflow(page)).toBeLessThanOrEqual(0);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('changes the email from Settings through the link sent to the new address, in Spanish at phone width', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail('mover');
    await registerAndVerify(page, { name: 'Ana Mover', email, accountType: 'freelancer' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    // Settings at both widths in both languages: nothing past the edge, and the notification choices.
    for (const size of WIDTHS) {
      for (const [language, tab, weekly] of [
        ['en', 'Notifications', 'A weekly summary'],
        ['es', 'Notificaciones', 'Un resumen semanal'],
      ] as const) {
        await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
        await page.setViewportSize(size);
        await page.goto('/user');
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('checkbox', { name: weekly }).waitFor();
        expect(await overflow(page), `${size.width} px, ${language}`).toBeLessThanOrEqual(0);
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user');
    const newEmail = uniqueEmail('moved');
    await page.getByLabel('Correo nuevo').fill(newEmail);
    await page.getByLabel('Tu contraseña, para confirmar que eres tú').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
    await page.getByText(`Hemos enviado un enlace a ${newEmail}`).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto(await emailedLink(newEmail, '/confirm-email'));
    await page.getByRole('heading', { name: 'Correo cambiado' }).waitFor();
    const me = await api<{ email: string }>(page, '/api/v1/me');
    expect(me.email).toBe(newEmail);
    await context.close();
  });
});
