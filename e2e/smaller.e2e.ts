import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi as api } from './support/api';
import { baseUrl, connectBrowser, hasBrowser, newContext, openLive } from './support/browser';

/** Screenshots of what issue 36's smaller items changed, at phone and laptop widths, for a person to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const PHONE = { width: 390, height: 844 };
/** One of our own generated invoices (the engine's golden fixtures). */
const GOLDEN_PDF = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/modern-freelancer-irpf.pdf', import.meta.url),
);
const LAPTOP = { width: 1366, height: 700 };
const SUPPLIER = 'Suministros Industriales del Norte y Levante Hermanos García Sociedad Limitada';
const CLIENT = 'Talleres Gómez S.L.';

/** A UBL e-invoice of our own making: the client receives it from a supplier with a long name. */
const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>FV-2026-031</cbc:ID><cbc:IssueDate>2026-02-03</cbc:IssueDate><cbc:DueDate>2026-03-05</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESA58818501</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${SUPPLIER}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESB12345674</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${CLIENT}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">22.00</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">10.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">1.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">110.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">110.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">132.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">132.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Tornillería</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">25.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
  <cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Manual</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

/** True when the element shows all of its content on its own box (nothing cut by overflow). */
const showsAll = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

describe.skipIf(!hasBrowser)('issue 36, the smaller items, on screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('the landing demo at 390 px: no field badge covers a figure', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await openLive(page, '/');
    const figure = page.locator('figure:has(.cuadra-field)').first();
    await figure.scrollIntoViewIfNeeded();
    await page.locator('[data-revealed="true"]').first().waitFor();
    await page.waitForTimeout(3_500); // the badges fade in one after another
    await shot(page, 'demo-390');
    const overlaps = await figure.evaluate((root) => {
      const badges = Array.from(root.querySelectorAll<HTMLElement>('.cuadra-field-badge')).map((b) =>
        b.getBoundingClientRect(),
      );
      const found: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('.cuadra-field-badge')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const text of Array.from(range.getClientRects())) {
          for (const badge of badges) {
            const w = Math.min(text.right, badge.right) - Math.max(text.left, badge.left);
            const h = Math.min(text.bottom, badge.bottom) - Math.max(text.top, badge.top);
            if (w > 1 && h > 1) found.push(node.textContent.trim());
          }
        }
      }
      return found;
    });
    expect(overlaps).toEqual([]);
    await page.setViewportSize(LAPTOP);
    await figure.scrollIntoViewIfNeeded();
    await shot(page, 'demo-1366');
    // Item 19: the exports that work are not called "Planned" on the integrations page.
    await openLive(page, '/integrations');
    const card = (title: string) => page.locator('li', { has: page.getByRole('heading', { name: title }) });
    expect(await card('a3, ContaPlus and ContaSOL exports').locator('p').first().textContent()).toBe(
      'Available now',
    );
    expect(await page.getByText('Planned', { exact: true }).count()).toBe(1);
    await shot(page, 'integrations-1366');
    // Item 14: one catalogue: /credits sells Business at /pricing's price, not as "a tailored quote".
    const businessPrice = async (path: string) => {
      await openLive(page, path);
      return page.getByTestId('price-business-monthly').first().textContent();
    };
    expect(await businessPrice('/credits')).toBe('Price: €79 / month');
    expect(await page.getByText(/Tailored quote/).count()).toBe(0);
    expect(await businessPrice('/pricing')).toBe('Price: €79 / month');
    await context.close();
  });

  it('an accountant’s XML invoice: readable original, pane below the bar, names and address whole on a phone', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('smaller');
    await registerAndVerify(page, { name: 'Asesoría Prieto', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill(CLIENT);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText(`Client ${CLIENT} added successfully.`).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: `View details of ${CLIENT}` }).click();
    await page.waitForURL('**/customer/**');
    const clientId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const token = (await page.evaluate(() => localStorage.getItem('authToken'))) as string;
    const auth = { authorization: `Bearer ${token}` };

    const form = new FormData();
    form.append('files[]', new Blob([UBL], { type: 'application/xml' }), 'factura-norte.xml');
    const upload = await fetch(`${baseUrl}/api/v1/clients/${clientId}/uploads`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(202);
    const { batchId } = (await upload.json()) as { batchId: string };
    await expect
      .poll(
        async () => {
          const res = await fetch(`${baseUrl}/api/v1/uploads/${batchId}`, { headers: auth });
          return ((await res.json()) as { pendingCount: number }).pendingCount;
        },
        { timeout: 170_000, interval: 2_000 },
      )
      .toBe(0);
    const listed = await fetch(`${baseUrl}/api/v1/clients/${clientId}/invoices`, { headers: auth });
    const invoiceId = ((await listed.json()) as { invoices: { id: string }[] }).invoices[0]?.id ?? '';
    expect(invoiceId).not.toBe('');

    // 1366 px: the sidebar names the plan and keeps the badge on one line.
    await page.setViewportSize(LAPTOP);
    await page.goto(`/invoicePage/${invoiceId}`);
    await page.getByTestId('einvoice-original').waitFor();
    await expect
      .poll(() => page.getByTestId('sidebar-plan').textContent())
      .toBe('Plan: Credit packs, no subscription');
    // Item 9: issued or received comes preset, and says why (the client is named as the buyer).
    expect(await page.getByRole('radio', { name: 'Received' }).isChecked()).toBe(true);
    expect(await page.getByTestId('type-reason').textContent()).toBe('Your client is the recipient');
    const badge = await page.getByTestId('verification-status').boundingBox();
    expect(badge?.height ?? 99).toBeLessThan(28);
    // The original of an XML is a readable invoice, not "cannot be shown here".
    const original = page.getByTestId('einvoice-original');
    expect(await original.getByRole('heading', { name: 'Invoice FV-2026-031' }).isVisible()).toBe(true);
    expect(await original.getByText(SUPPLIER).isVisible()).toBe(true);
    expect(await original.getByTestId('einvoice-total').textContent()).toBe('€132.00');
    await shot(page, 'invoice-xml-1366');
    // Scrolled down, the pane stays in view below the sticky top bar, not under it.
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const bar = await page.locator('header').first().boundingBox();
    await expect
      .poll(async () => (await page.getByTestId('document-pane').boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 64));
    await shot(page, 'invoice-xml-1366-scrolled');

    // 390 px: the supplier's name and the inbound address are shown whole.
    await page.setViewportSize(PHONE);
    await page.goto(`/customer/${clientId}`);
    const row = page.locator('tbody tr').filter({ hasText: 'FV-2026-031' });
    await row.waitFor();
    const supplierCell = row.locator('td', { hasText: 'Suministros' });
    expect(await supplierCell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect((await supplierCell.textContent())?.trim()).toBe(SUPPLIER);
    await page.getByTestId('inbound-email').scrollIntoViewIfNeeded();
    expect(await showsAll(page, '[data-testid="inbound-email"]')).toBe(true);
    await shot(page, 'client-390');
    // The usage history names the client and file of the scan.
    await page.goto('/user');
    await page.getByRole('tab', { name: 'Credits' }).click();
    const history = page.getByTestId('usage-history');
    await history.waitFor();
    expect(await history.getByTestId('usage-for').first().textContent()).toBe(
      `${CLIENT} · factura-norte.xml`,
    );
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'usage-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Item 20: five files dropped with three credits uploaded nothing. The first three go, the panel names
  // the two that wait and offers credits.
  it('five files with three credits: the first three upload, the other two are named as waiting', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('short');
    await registerAndVerify(page, { name: 'Asesoría Justa', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    const client = await api<{ id: string }>(page, '/api/v1/clients', {
      method: 'POST',
      json: { name: 'Cliente Corto' },
    });
    await page.setViewportSize(PHONE);
    await page.goto(`/customer/${client.id}`);
    const pdf = await readFile(GOLDEN_PDF);
    const posted = page.waitForResponse(
      (res) =>
        res.request().method() === 'POST' && /\/clients\/[^/]+\/uploads$/.test(new URL(res.url()).pathname),
    );
    await page
      // The upload panel's picker (the only one that takes several files at once).
      .locator('input[type="file"][multiple]')
      .first()
      .setInputFiles(
        ['a', 'b', 'c', 'd', 'e'].map((n) => ({
          name: `${n}.pdf`,
          mimeType: 'application/pdf',
          buffer: pdf,
        })),
      );
    const alert = page.getByRole('alert').filter({ hasText: 'Waiting for credits' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Your balance covers 3 files, so the first 3 were uploaded. Waiting for credits: d.pdf, e.pdf.',
    );
    expect(await alert.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    // One batch of the first three went to the server; the other two were never sent.
    const upload = await posted;
    expect(upload.status()).toBe(202);
    const { batchId } = (await upload.json()) as { batchId: string };
    const batch = await api<{ documents: unknown[] }>(page, `/api/v1/uploads/${batchId}`);
    expect(batch.documents).toHaveLength(3);
    await shot(page, 'credits-short-390');
    await context.close();
  });
});
