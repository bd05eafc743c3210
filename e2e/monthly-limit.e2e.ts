import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { connectBrowser, hasBrowser, newContext } from './support/browser';

/** Our own generated invoice (the engine's golden fixture), never files from the shared bench. */
const fixture = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/classic-company-mixed-vat.pdf', import.meta.url),
);

const TEXT = {
  en: {
    label: 'Files per month',
    placeholder: 'e.g. 6',
    save: 'Save limit',
    saved: 'Limit saved.',
    used: '0 of 2 files used this month',
    message:
      'You have exceeded your monthly capacity: this client’s limit is 2 files a month and 2 left this month. Nothing was uploaded.',
    empty: 'No invoices yet.',
  },
  es: {
    label: 'Archivos al mes',
    placeholder: 'p. ej. 6',
    save: 'Guardar límite',
    saved: 'Límite guardado.',
    used: '0 de 2 archivos usados este mes',
    message:
      'Has superado tu capacidad mensual: el límite de este cliente es de 2 archivos al mes y le quedan 2 este mes. No se ha subido nada.',
    empty: 'Todavía no hay facturas.',
  },
} as const;

async function dropThreePdfs(page: Page) {
  const base64 = (await readFile(fixture)).toString('base64');
  const dataTransfer = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    for (const name of ['enero-1.pdf', 'enero-2.pdf', 'enero-3.pdf'])
      transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
    return transfer;
  }, base64);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
}

describe.skipIf(!hasBrowser)('a client’s monthly upload limit in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('with the limit set to 2, a drop of 3 files uploads nothing and names the limit, at 390 and 1366 px, in English and Spanish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const email = uniqueEmail('monthly-limit');
    await registerAndVerify(page, { name: 'Asesoría Lorente', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill('Panadería Lorente');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Client Panadería Lorente added successfully.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View details of Panadería Lorente' }).click();
    await page.waitForURL('**/customer/**');
    const clientUrl = page.url();

    for (const language of ['en', 'es'] as const) {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        await page.evaluate((value) => window.localStorage.setItem('i18nextLng', value), language);
        await page.goto(clientUrl);
        const text = TEXT[language];
        await page.getByText(text.empty).waitFor();

        // The accountant sets the limit to 2 on the client page.
        const field = page.getByLabel(text.label);
        expect(await field.getAttribute('placeholder')).toBe(text.placeholder);
        await field.fill('2');
        await page.getByRole('button', { name: text.save }).click();
        await page.getByText(text.saved).waitFor();
        await expect.poll(() => page.getByTestId('monthly-usage').textContent()).toBe(text.used);

        // Three files against a limit of 2: the spec's message with the limit, and nothing uploaded.
        await dropThreePdfs(page);
        const alert = page.getByRole('alert').filter({ hasText: text.message });
        await alert.waitFor();
        expect(await alert.isVisible()).toBe(true);
        // The message fits the screen: nothing spills past the viewport's width.
        const box = await alert.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width);
        expect(await page.getByTestId('upload-result').count()).toBe(0);
        await page.reload();
        await page.getByText(text.empty).waitFor();
        expect(await page.getByTestId('monthly-usage').textContent()).toBe(text.used);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
