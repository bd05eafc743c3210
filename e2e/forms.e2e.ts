import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, connectBrowser, hasBrowser, newContext, savedDownload } from './support/browser';

/** One of our own generated invoices (the engine's golden fixtures), reviewed as below. */
const FIXTURE = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/modern-freelancer-irpf.pdf', import.meta.url),
);
/** Another of ours, for a second invoice in the same upload. */
const SECOND = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/classic-company-mixed-vat.pdf', import.meta.url),
);
/** A ticket of our own making: a simplified invoice whose lines print their count before the item. */
const TICKET_HTML = `<html><body style="font-family:monospace;font-size:13px;width:280px;margin:16px">
<div style="text-align:center">Cafetería Ribera S.L.<br>NIF: B12345674<br>Calle Mayor 1, 28013 Madrid<br>FACTURA SIMPLIFICADA</div>
<pre style="font-size:13px">Nº: T-2026-0107
Fecha: 12-02-2026 09:30
--------------------------------
UDS DESCRIPCION          IMPORTE
2 CAFE SOLO                 3,00
1 TOSTADA TOMATE            2,50
--------------------------------
TOTAL                     5,50 €
IVA        Base        Cuota
10%        5,00         0,50
</pre></body></html>`;
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
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  /**
   * An accountant's client with uploaded invoices, each saved as its `reviewed` fields, on the client's
   * Forms tab. Each is our fixture PDF unless it brings its own file.
   */
  async function formsWithInvoices(
    uploads: { reviewed: Record<string, unknown>; pdf?: Buffer }[],
    name: string,
  ) {
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
    for (const [index, { pdf }] of uploads.entries()) {
      const bytes = pdf ?? (await readFile(FIXTURE));
      form.append(
        'files[]',
        new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
        `e${index + 1}.pdf`,
      );
    }
    const batch = await call(`/clients/${clientId}/uploads`, { method: 'POST', body: form });
    let invoiceIds: string[] = [];
    await expect
      .poll(
        async () => {
          const status = await call(`/uploads/${batch.batchId}`);
          invoiceIds = (status.documents as { invoiceId?: string }[]).map((d) => d.invoiceId ?? '');
          return status.pendingCount;
        },
        { timeout: 170_000, interval: 500 },
      )
      .toBe(0);
    for (const [index, invoiceId] of invoiceIds.entries()) {
      const invoice = await call(`/invoices/${invoiceId}`);
      const { id: _i, clientId: _c, checked: _k, evidence: _e, file: _f, createdAt: _t, ...fields } = invoice;
      await call(`/invoices/${invoiceId}?confirmFigures=true`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, dueDate: null, surchargeCents: null, ...uploads[index]?.reviewed }),
      });
    }
    const invoiceId = invoiceIds[0] as string;

    await page.reload();
    // Forms is a tab of the client page.
    await page.getByRole('tab', { name: 'Forms', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Forms', exact: true });
    await panel.getByLabel('Year', { exact: true }).selectOption('2026');
    await panel.getByLabel('Quarter', { exact: true }).selectOption('1');
    return { context, page, panel, clientId, invoiceId, invoiceIds, errors };
  }

  it('shows a reviewed invoice in Modelo 303, opens it from the figure, exports the libro registro, fits a phone', async () => {
    const { context, page, panel, invoiceId, errors } = await formsWithInvoices(
      [{ reviewed: REVIEWED }],
      'Lucía Forms',
    );
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
    await workbook.xlsx.readFile(await savedDownload(download));
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
    const { context, page, panel, invoiceId, errors } = await formsWithInvoices(
      [
        {
          reviewed: {
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
        },
      ],
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

  // Issue 36 item 6: invoices in dollars were added to euro boxes as they were. A dollar invoice of 2026-02-10
  // is converted at that day's ECB reference rate (USD 1.1894 per euro, from the shipped table): $100.00 base
  // is €84.08 and $21.00 VAT is €17.66, so box 07 is €184.08 with a euro invoice of €100.00, not 200.00.
  it('converts a dollar invoice at the ECB rate in Modelo 303 and the fiscal summary, shown in both currencies', async () => {
    const invoice = (number: string, issueDate: string, currency: string) => ({
      type: 'issued',
      number,
      issueDate,
      currency,
      recipientName: 'Bar Sol',
      recipientTaxId: 'B12345674',
      taxBaseCents: 10_000,
      vatTotalCents: 2_100,
      withholdingCents: null,
      withholdingRate: null,
      totalCents: 12_100,
      vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2_100 }],
    });
    const { context, page, panel, clientId, errors } = await formsWithInvoices(
      [
        { reviewed: invoice('E-1', '2026-01-15', 'EUR') },
        { reviewed: invoice('U-1', '2026-02-10', 'USD'), pdf: await readFile(SECOND) },
      ],
      'Lucía Dólares',
    );
    const vat = panel.getByRole('article', { name: /Form 303 \(VAT return\)/ });
    await vat.getByRole('button', { name: '€184.08: show the 2 invoice(s) behind box 07' }).waitFor();
    await vat.getByRole('button', { name: /^€38\.66: show the 2 invoice\(s\) behind box 09$/ }).waitFor();
    await vat
      .getByText(/^1 invoice\(s\) in another currency, converted to euros at the ECB reference rate/)
      .waitFor();
    expect(await vat.getByRole('button', { name: /^€200\.00/ }).count()).toBe(0);

    // In Spanish: the invoice list keeps the dollar amount, the fiscal summary adds it in euros.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto(`/customer/${clientId}`);
    const dollarRow = page.locator('tbody tr').filter({ hasText: 'U-1' });
    expect((await dollarRow.textContent())?.replace(/\s/g, ' ')).toContain('121,00 $');
    await page.goto(`/customer/${clientId}/fiscal`);
    await page.getByRole('heading', { name: 'Resumen fiscal 2026' }).waitFor();
    const iva = page.getByRole('table', { name: 'Modelo 303 (IVA) por trimestre' });
    expect(
      await iva
        .getByRole('row', { name: /^A ingresar/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('38,66\u00a0€');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  // Issue 36 item 7: a ticket's "2 CAFE SOLO" kept its quantity in the description and was saved with none,
  // and the ticket went out in the libro registro as F1. Our own ticket, printed by Chromium from HTML.
  it('reads a ticket line’s leading count as its quantity and exports the ticket as F2', async () => {
    const printer = await (await newContext(browser)).newPage();
    await printer.setContent(TICKET_HTML);
    const ticket = await printer.pdf({ width: '80mm', height: '120mm' });
    await printer.context().close();
    const { context, page, panel, invoiceId, errors } = await formsWithInvoices(
      [{ reviewed: { type: 'received', issueDate: '2026-02-12', recipientTaxId: null }, pdf: ticket }],
      'Lucía Tickets',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedDownload(download));
    const rows: unknown[][] = [];
    for (const sheet of workbook.worksheets)
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).map(String);
        if (values.includes('T-2026-0107')) rows.push(values);
      });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toContain('F2');
      expect(row).not.toContain('F1');
    }

    // The edit page: 2 × 1.50 = 3.00, the count out of the description, no disagreement warned.
    await page.goto(`/invoicePage/${invoiceId}`);
    await page.getByLabel('Description (Line 1)').waitFor();
    expect(await page.getByLabel('Description (Line 1)').inputValue()).toBe('CAFE SOLO');
    expect(await page.getByLabel('Quantity (Line 1)').inputValue()).toBe('2');
    expect(await page.getByLabel('Unit price (Line 1)').inputValue()).toBe('1.50');
    expect(await page.getByLabel('Subtotal (Line 1)').inputValue()).toBe('3.00');
    expect(await page.locator('[data-warning="line"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
