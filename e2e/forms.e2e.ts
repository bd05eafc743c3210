import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, hasBrowser, launchBrowser, newContext } from './support/browser';

/** One of our own generated invoices (the engine's golden fixtures), reviewed as below. */
const FIXTURE = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/modern-freelancer-irpf.pdf', import.meta.url),
);
const REVIEWED = {
  type: 'issued',
  number: 'E-1',
  issueDate: '2026-01-15',
  recipientName: 'Bar Sol',
  recipientTaxId: 'B12345674',
  taxBaseCents: 200_000,
  vatTotalCents: 42_000,
  withholdingCents: 30_000,
  withholdingRate: '15',
  totalCents: 212_000,
  vatBreakdown: [{ rate: '21', baseCents: 200_000, vatCents: 42_000 }],
};

describe.skipIf(!hasBrowser)('the Forms tab in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** An accountant's client with one uploaded invoice saved as `reviewed`, on the client's Forms tab. */
  async function formsWithInvoice(reviewed: Record<string, unknown>, name: string) {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const email = uniqueEmail('forms');
    await registerAndVerify(page, { name: 'Asesoría Forms', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill(name);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText(`Client ${name} added successfully.`).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: `View details of ${name}` }).click();
    await page.waitForURL('**/customer/**');
    const clientId = new URL(page.url()).pathname.split('/').pop() as string;

    // Upload one PDF and save the review with the user's token, as the review screen would.
    const token = (await page.evaluate(() => localStorage.getItem('authToken'))) as string;
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const form = new FormData();
    form.append('files[]', new Blob([await readFile(FIXTURE)], { type: 'application/pdf' }), 'e1.pdf');
    const batch = await call(`/clients/${clientId}/uploads`, { method: 'POST', body: form });
    let invoiceId = '';
    await expect
      .poll(
        async () => {
          const status = await call(`/uploads/${batch.batchId}`);
          invoiceId = ((status.documents as { invoiceId?: string }[])[0]?.invoiceId ?? '') as string;
          return status.pendingCount;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(0);
    const invoice = await call(`/invoices/${invoiceId}`);
    const { id: _i, clientId: _c, checked: _k, evidence: _e, file: _f, createdAt: _t, ...fields } = invoice;
    await call(`/invoices/${invoiceId}?confirmFigures=true`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, dueDate: null, surchargeCents: null, ...reviewed }),
    });

    await page.reload();
    // Forms is a tab of the client page.
    await page.getByRole('tab', { name: 'Forms', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Forms', exact: true });
    await panel.getByLabel('Year', { exact: true }).selectOption('2026');
    await panel.getByLabel('Quarter', { exact: true }).selectOption('1');
    return { context, page, panel, invoiceId, errors };
  }

  it('shows a reviewed invoice in Modelo 303, opens it from the figure, exports the libro registro, fits a phone', async () => {
    const { context, page, panel, invoiceId, errors } = await formsWithInvoice(REVIEWED, 'Lucía Forms');
    const vat = panel.getByRole('article', { name: /Form 303 \(VAT return\)/ });
    const figure = vat.getByRole('button', { name: '€2,000.00: show the 1 invoice(s) behind box 07' });
    await figure.click();
    expect(await figure.getAttribute('aria-expanded')).toBe('true');
    expect(
      await vat.getByRole('button', { name: /^€420\.00: show the 1 invoice\(s\) behind box 27$/ }).count(),
    ).toBe(1);
    // Form 130: 20 % of 2,000.00 = 400.00, less 300.00 withheld = 100.00.
    const irpf = panel.getByRole('article', { name: /Form 130/ });
    await irpf.getByRole('button', { name: /^€100\.00: show .* box 07$/ }).waitFor();

    // The libro registro of the quarter from the export menu.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('libro-registro_2026-01-01_2026-03-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path()) as string);
    expect(workbook.getWorksheet('EXPEDIDAS_INGRESOS')?.getRow(3).getCell(12).value).toBe('1');

    // Phone width: the page still fits.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The figure's invoice link opens the invoice.
    await vat.getByRole('link', { name: 'E-1 · Bar Sol' }).click();
    await page.waitForURL(`**/invoicePage/${invoiceId}`);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  // Issue 36 item 5: a German supplier's 19 % VAT appeared in the 303 as deductible IVA soportado whenever its
  // foreign tax id was not read. It stays on the invoice and the form lists it under "not included".
  it('keeps a German supplier’s 19 % VAT out of Modelo 303 and names the invoice left out', async () => {
    const { context, page, panel, invoiceId, errors } = await formsWithInvoice(
      {
        type: 'received',
        number: 'RE-2026-7',
        issueDate: '2026-02-10',
        issuerName: 'Bürobedarf Müller GmbH',
        issuerTaxId: null,
        recipientName: 'Lucía Alemania',
        recipientTaxId: null,
        taxBaseCents: 10_000,
        vatTotalCents: 1_900,
        withholdingCents: null,
        withholdingRate: null,
        totalCents: 11_900,
        vatBreakdown: [{ rate: '19', baseCents: 10_000, vatCents: 1_900 }],
      },
      'Lucía Alemania',
    );
    const vat = panel.getByRole('article', { name: /Form 303 \(VAT return\)/ });
    await vat.getByText(/Not included: 1 invoice\(s\) with another country's VAT/).waitFor();
    // No deductible VAT at all: nothing behind the boxes of IVA soportado (28/29) or any other.
    expect(await vat.getByRole('button', { name: /show the 1 invoice\(s\) behind box/ }).count()).toBe(0);
    await vat.getByRole('link', { name: 'Invoice 1' }).click();
    await page.waitForURL(`**/invoicePage/${invoiceId}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
