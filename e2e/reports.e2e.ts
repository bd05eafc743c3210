import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, connectBrowser, hasBrowser, newContext, savedDownload } from './support/browser';

/** Our own generated invoices (the engine's golden fixtures), never files from the shared bench. */
const fixture = (name: string) =>
  fileURLToPath(new URL(`../packages/extract/test/fixtures/golden/${name}`, import.meta.url));

/*
 * What the reviewer saves for the three uploads (Q1 2026):
 *   issued   E-1  15/01  base 2,000.00 @21 % VAT 420.00, IRPF 15 % 300.00, total 2,120.00
 *   issued   E-2  20/02  base   500.00 @10 % VAT  50.00,                   total   550.00
 *   received R-1  10/03  base   300.00 @21 % VAT  63.00,                   total   363.00
 * Modelo 303 Q1: 420 + 50 − 63 = 407.00 to pay. Modelo 130 Q1: (2,500 − 300) × 20 % = 440 − 300 = 140.00.
 */
const REVIEWED = [
  {
    file: 'modern-freelancer-irpf.pdf',
    fields: {
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
    },
  },
  {
    file: 'classic-company-mixed-vat.pdf',
    fields: {
      type: 'issued',
      number: 'E-2',
      issueDate: '2026-02-20',
      recipientName: 'Zapatería Luz',
      recipientTaxId: null,
      taxBaseCents: 50_000,
      vatTotalCents: 5_000,
      withholdingCents: null,
      withholdingRate: null,
      totalCents: 55_000,
      vatBreakdown: [{ rate: '10', baseCents: 50_000, vatCents: 5_000 }],
    },
  },
  {
    file: 'english-spanish-company.pdf',
    fields: {
      type: 'received',
      number: 'R-1',
      issueDate: '2026-03-10',
      recipientName: 'Estudio Vega',
      recipientTaxId: null,
      taxBaseCents: 30_000,
      vatTotalCents: 6_300,
      withholdingCents: null,
      withholdingRate: null,
      totalCents: 36_300,
      vatBreakdown: [{ rate: '21', baseCents: 30_000, vatCents: 6_300 }],
    },
  },
];

type Json = Record<string, unknown>;

/** The API with the signed-in user's token, as the browser calls it. */
function apiWith(token: string) {
  return async (path: string, init: RequestInit = {}): Promise<Json> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? {} : ((await res.json()) as Json);
  };
}

describe.skipIf(!hasBrowser)('reports and the fiscal summary in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('generates a quarterly report and downloads it, then reads the year’s fiscal summary in both languages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // A verified accountant with one client.
    const email = uniqueEmail('reports');
    await registerAndVerify(page, { name: 'Asesoría Vega', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill('Estudio Vega');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Client Estudio Vega added successfully.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View details of Estudio Vega' }).click();
    await page.waitForURL('**/customer/**');
    const clientId = new URL(page.url()).pathname.split('/').pop() as string;

    // Three of our PDFs uploaded and reviewed with the user's token, as the upload panel and the review
    // screen would send them (the review screens have their own journey).
    const token = (await page.evaluate(() => localStorage.getItem('authToken'))) as string;
    const call = apiWith(token);
    const form = new FormData();
    for (const { file } of REVIEWED) {
      form.append('files[]', new Blob([await readFile(fixture(file))], { type: 'application/pdf' }), file);
    }
    const batch = await call(`/clients/${clientId}/uploads`, { method: 'POST', body: form });
    let documents: { status: string; invoiceId?: string }[] = [];
    await expect
      .poll(
        async () => {
          const status = await call(`/uploads/${batch.batchId}`);
          documents = status.documents as typeof documents;
          return status.pendingCount;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(0);
    expect(documents.map((d) => d.status)).toEqual(['needs_review', 'needs_review', 'needs_review']);
    for (const [index, document] of documents.entries()) {
      const invoice = await call(`/invoices/${document.invoiceId}`);
      const {
        id: _id,
        clientId: _c,
        checked: _k,
        evidence: _e,
        file: _f,
        createdAt: _t,
        ...fields
      } = invoice;
      await call(`/invoices/${document.invoiceId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, dueDate: null, surchargeCents: null, ...REVIEWED[index]?.fields }),
      });
    }

    // The report panel: the button waits for a valid range; the first-quarter shortcut fills it.
    await page.reload();
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Custom report' });
    const generate = panel.getByRole('button', { name: 'Generate report' });
    expect(await generate.isDisabled()).toBe(true);
    await panel.getByLabel('Start date').fill('2026-03-01');
    await panel.getByLabel('End date').fill('2026-02-01');
    await panel.getByRole('alert').filter({ hasText: 'Start date must be before end date' }).waitFor();
    expect(await generate.isDisabled()).toBe(true);
    await panel.getByLabel('Year of the shortcuts').selectOption('2026');
    await panel.getByRole('button', { name: 'Quarter 1 of 2026' }).click();
    await panel.getByText('Selected: 01/01/2026 – 03/31/2026 (90 days, quarterly report)').waitFor();
    await generate.click();

    const ready = page.getByRole('dialog', { name: 'Your report is ready' });
    const link = ready.getByRole('link', {
      name: /^Download quarterly-report_estudio-vega_2026-01-01_2026-03-31\.xlsx$/,
    });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('quarterly-report_estudio-vega_2026-01-01_2026-03-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedDownload(download));
    // The user registered in English: English headings.
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Issued', 'Received', 'Summary']);
    const issued = workbook.getWorksheet('Issued')!;
    expect(issued.getRow(2).getCell(2).value).toBe('E-1');
    expect(issued.getRow(2).getCell(11).value).toBe(300); // IRPF withheld
    const summary = workbook.getWorksheet('Summary')!;
    const figures = new Map<string, unknown>();
    summary.eachRow((row) => figures.set(String(row.getCell(1).value), row.getCell(3).value));
    expect(figures.get('Gross income (tax base of issued invoices)')).toBe(2500);
    expect(figures.get('Gross expenses (tax base of received invoices)')).toBe(300);
    expect(figures.get('VAT charged minus deductible')).toBe(407);
    expect(figures.get('Unreviewed invoices (included above)')).toBe(0);
    await page.keyboard.press('Escape');

    // The fiscal summary for the year, from the panel's link.
    await panel.getByRole('link', { name: 'Fiscal summary (Modelo 303 and 130)' }).click();
    await page.getByRole('heading', { name: 'Fiscal summary 2026' }).waitFor();
    const vat = page.getByRole('table', { name: 'Modelo 303 (VAT) per quarter' });
    const vatToPay = vat.getByRole('row', { name: /^To pay/ });
    expect(await vatToPay.getByRole('cell').first().textContent()).toBe('€407.00');
    const irpf = page.getByRole('table', { name: 'Modelo 130 (IRPF fractional payment) per quarter' });
    expect(
      await irpf
        .getByRole('row', { name: /^To pay/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('€140.00');
    await page.getByText('Every invoice of 2026 is reviewed.').waitFor();
    await page.getByText('Estimates, not filed returns').waitFor();

    // In Spanish.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await page.getByRole('heading', { name: 'Resumen fiscal 2026' }).waitFor();
    const iva = page.getByRole('table', { name: 'Modelo 303 (IVA) por trimestre' });
    expect(
      await iva
        .getByRole('row', { name: /^A ingresar/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('407,00\u00a0€');
    await page.getByText('Estimaciones, no declaraciones presentadas').waitFor();

    // Phone width: the page still fits, the tables scroll inside their boxes.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
