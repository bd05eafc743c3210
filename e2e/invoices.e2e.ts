import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { connectBrowser, hasBrowser, newContext } from './support/browser';

/** Our own generated invoices (the engine's golden fixtures), never files from the shared bench. */
const fixture = (name: string) =>
  fileURLToPath(new URL(`../packages/extract/test/fixtures/golden/${name}`, import.meta.url));

describe.skipIf(!hasBrowser)('from dropped files to a reviewed invoice in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('drops a PDF, a JPG and a .txt; the .txt is refused; the others are processed; the JPG is reviewed and saved; then, in Spanish, edited and the other deleted', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // A verified accountant (3 welcome credits) with one client.
    const email = uniqueEmail('invoices');
    await registerAndVerify(page, { name: 'Asesoría Prieto', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill('Bar Prieto');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Client Bar Prieto added successfully.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View details of Bar Prieto' }).click();
    await page.waitForURL('**/customer/**');
    await page.getByText('No invoices yet.').waitFor();
    await page.getByText('3 scans available').waitFor();

    // Drop three files on the drop zone, as a mouse user would.
    const files = [
      {
        name: 'classic-company-mixed-vat.pdf',
        type: 'application/pdf',
        base64: (await readFile(fixture('classic-company-mixed-vat.pdf'))).toString('base64'),
      },
      {
        name: 'modern-scan.jpg',
        type: 'image/jpeg',
        base64: (await readFile(fixture('modern-scan.jpg'))).toString('base64'),
      },
      { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('not an invoice').toString('base64') },
    ];
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    }, files);
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });

    // The .txt is refused before upload; the other two are queued and counted down.
    await page.getByRole('alert').filter({ hasText: 'Invalid file types: notes.txt' }).waitFor();
    const result = page.getByTestId('upload-result');
    await result.getByText('modern-scan.jpg').waitFor();
    await result.getByText('classic-company-mixed-vat.pdf').waitFor();
    expect(await result.getByText('notes.txt').count()).toBe(0);
    expect(await page.getByTestId('processing-counter').textContent()).toMatch(
      /^Processing: [12] files? left$|^Processing complete$/,
    );
    await page.getByTestId('processing-counter').filter({ hasText: 'Processing complete' }).waitFor({
      timeout: 150_000,
    });
    await page.getByTestId('toast').filter({ hasText: 'Processing complete' }).waitFor();
    // Two credits spent (scanComplete refreshes the balance), and the table lists both, unreviewed.
    await expect.poll(() => page.getByTestId('credit-count').first().textContent()).toBe('1 credit');
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect.poll(() => table.locator('tbody tr[data-checked="false"]').count()).toBe(2);

    // Review the JPG's invoice from the result panel: the type is required, then correct a field and save.
    await result.getByRole('link', { name: 'Review: modern-scan.jpg' }).click();
    await page.waitForURL('**/invoicereview?invoiceId=*');
    await page.getByRole('heading', { name: 'Review new invoice' }).waitFor();
    await page.getByRole('img', { name: 'Original invoice' }).waitFor();
    expect(await page.getByTestId('zoom-level').textContent()).toBe('Zoom 100 %');
    const number = page.getByLabel('Invoice number');
    await number.fill('F2025/0909-R');
    await page.getByRole('button', { name: 'Save invoice' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select the invoice type' }).waitFor();
    await page.getByRole('radio', { name: 'Received' }).check();
    await page.getByRole('button', { name: 'Save invoice' }).click();

    // Back on the client page: the success alert, and the corrected row is no longer highlighted.
    await page.waitForURL('**/customer/**');
    await page.getByTestId('toast').filter({ hasText: 'Invoice saved successfully' }).waitFor();
    const row = table.getByRole('row', { name: /F2025\/0909-R/ });
    await expect.poll(() => row.getAttribute('data-checked')).toBe('true');
    expect(await row.getByText('Needs review').count()).toBe(0);
    expect(await row.textContent()).toContain('Received');
    await expect.poll(() => table.locator('tbody tr[data-checked="false"]').count()).toBe(1);

    // In Spanish: edit the reviewed invoice, then delete the other one after the confirmation.
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    const tabla = page.getByRole('table', { name: 'Facturas' });
    await tabla.getByRole('link', { name: 'Editar la factura F2025/0909-R' }).click();
    await page.waitForURL('**/invoicePage/**');
    await page.getByRole('heading', { name: 'Editar factura' }).waitFor();
    await page.getByLabel('Nombre del cliente').fill('Bar Prieto');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL('**/customer/**');
    await page.getByTestId('toast').filter({ hasText: 'Factura guardada correctamente' }).waitFor();
    await expect
      .poll(() => tabla.getByRole('row', { name: /F2025\/0909-R/ }).textContent())
      .toContain('Recibida');

    await tabla
      .locator('tbody tr[data-checked="false"]')
      .getByRole('button', { name: /^Borrar la factura/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Borrar factura' });
    await confirm.getByText('¿Estás seguro', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Borrar', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Factura borrada exitosamente' }).waitFor();
    await expect.poll(() => tabla.locator('tbody tr').count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
