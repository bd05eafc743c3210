import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailedLink, logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi } from './support/api';
import { baseUrl, connectBrowser, hasBrowser, newContext } from './support/browser';

/** One of the engine's own e-invoice fixtures: read from its structure, so extraction is quick. */
const FIXTURE = fileURLToPath(
  new URL('../packages/extract/test/fixtures/xml/facturae-iva-ipsi-recargo.xml', import.meta.url),
);
/** Figures that agree, so the member's save is about the one field they correct. */
const REVIEWED = {
  type: 'received',
  number: 'T-100',
  issueDate: '2026-02-10',
  issuerName: 'Suministros Norte SL',
  issuerTaxId: 'B12345674',
  taxBaseCents: 100_000,
  vatTotalCents: 21_000,
  withholdingCents: null,
  withholdingRate: null,
  surchargeCents: null,
  otherTaxesCents: null,
  totalCents: 121_000,
  vatBreakdown: [{ rate: '21', baseCents: 100_000, vatCents: 21_000 }],
  items: [],
};

describe.skipIf(!hasBrowser)('a gestoría works as a team in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('owner invites staff, assigns a client; staff corrects an invoice; the owner sees it in its history', async () => {
    const ownerContext = await newContext(browser);
    const page = await ownerContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The owner: an accountant account, which is a one-person firm from the start.
    const ownerEmail = uniqueEmail('owner');
    await registerAndVerify(page, { name: 'Elena Titular', email: ownerEmail, accountType: 'accountant' });
    await logIn(page, ownerEmail);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill('Panadería Equipo');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Client Panadería Equipo added successfully.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View details of Panadería Equipo' }).click();
    await page.waitForURL('**/customer/**');
    const clientUrl = new URL(page.url()).pathname;
    const clientId = clientUrl.split('/').pop() as string;

    // One invoice for the client, uploaded and reviewed through the API as an integration would.
    const token = (await page.evaluate(() => localStorage.getItem('authToken'))) as string;
    const form = new FormData();
    form.append('files[]', new Blob([await readFile(FIXTURE)], { type: 'application/xml' }), 'factura.xml');
    const uploaded = await fetch(`${baseUrl}/api/v1/clients/${clientId}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(202);
    const { batchId } = (await uploaded.json()) as { batchId: string };
    let invoiceId = '';
    await expect
      .poll(
        async () => {
          const batch = await pageApi<{ pendingCount: number; documents: { invoiceId: string | null }[] }>(
            page,
            `/api/v1/uploads/${batchId}`,
          );
          invoiceId = batch.documents[0]?.invoiceId ?? '';
          return batch.pendingCount === 0 && invoiceId !== '';
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    const invoice = await pageApi<Record<string, unknown>>(page, `/api/v1/invoices/${invoiceId}`);
    const { id: _i, clientId: _c, checked: _k, evidence: _e, file: _f, createdAt: _t, ...fields } = invoice;
    const { extractionWarnings: _w, ...editable } = fields;
    await pageApi(page, `/api/v1/invoices/${invoiceId}?confirmFigures=true`, {
      method: 'PUT',
      json: { ...editable, ...REVIEWED },
    });

    // Settings → Team: invite a staff member by email.
    await page.goto('/user?tab=team');
    await page.getByRole('heading', { name: /^Team · / }).waitFor();
    await page.getByText('Only you so far.', { exact: false }).waitFor();
    const staffEmail = uniqueEmail('staff');
    await page.getByLabel('Email address').fill(staffEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('staff');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${staffEmail}.`).waitFor();
    await page.getByRole('button', { name: `Revoke the invitation to ${staffEmail}` }).waitFor();

    // The colleague, in a browser of their own, as someone new: opens the emailed link, is sent to sign in,
    // signs up with the invited address, verifies, signs in, and lands back on the invitation.
    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    staff.on('pageerror', (error) => errors.push(error.message));
    await staff.goto(await emailedLink(staffEmail, '/join-team'));
    await staff.waitForURL('**/login');
    await staff.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await registerAndVerify(staff, { name: 'Pablo Equipo', email: staffEmail, accountType: 'accountant' });
    await logIn(staff, staffEmail);
    await staff.waitForURL('**/join-team?token=*');
    await staff.getByText('Elena Titular invites you to join', { exact: false }).waitFor();
    await staff.getByRole('button', { name: 'Join the team' }).click();
    await staff.getByText('You are now a member of', { exact: false }).waitFor();
    // Not responsible for the client yet: the client is out of sight, with the 404 another firm gets.
    await staff.goto(clientUrl);
    await staff.getByText('Client not found', { exact: false }).first().waitFor();

    // The owner makes them responsible for the client, from the client page.
    await page.goto(clientUrl);
    const responsible = page.getByRole('region', { name: 'Responsible members' });
    await responsible.getByText('Nobody is responsible for this client yet.').waitFor();
    await responsible.getByLabel('Member', { exact: true }).selectOption({ label: 'Pablo Equipo (Staff)' });
    await responsible.getByRole('button', { name: 'Make responsible' }).click();
    await responsible.getByRole('button', { name: 'Remove Pablo Equipo' }).waitFor();

    // The staff member now sees the client and corrects the invoice number on the edit screen.
    await staff.goto('/dashboard');
    await staff.getByRole('link', { name: 'View details of Panadería Equipo' }).waitFor();
    await staff.goto(`/invoicePage/${invoiceId}`);
    await staff.getByRole('heading', { name: 'Edit invoice' }).waitFor();
    await staff.getByLabel('Invoice number').fill('T-100-B');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.waitForURL('**/customer/**');
    await staff.getByTestId('toast').filter({ hasText: 'Invoice saved successfully' }).waitFor();

    // The owner opens the invoice's History tab: who, which field, from what to what, through the screen.
    await page.goto(`/invoicePage/${invoiceId}`);
    await page.getByRole('heading', { name: 'Edit invoice' }).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    const change = history.getByRole('listitem').filter({ hasText: 'Pablo Equipo' });
    await change.first().waitFor();
    const text = await change.first().textContent();
    expect(text).toContain('Number');
    expect(text).toContain('T-100');
    expect(text).toContain('T-100-B');
    expect(text).toContain('screen');
    // The owner's own review through the API is there too, named as such.
    expect(
      await history.getByRole('listitem').filter({ hasText: 'Elena Titular' }).first().textContent(),
    ).toContain('API');

    // A reader joins (issue 40): they read the client's invoice and the desk, and are offered no write.
    await page.goto('/user?tab=team');
    const readerEmail = uniqueEmail('reader');
    await page.getByLabel('Email address').fill(readerEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('reader');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${readerEmail}.`).waitFor();
    const readerContext = await newContext(browser);
    const reader = await readerContext.newPage();
    reader.on('pageerror', (error) => errors.push(error.message));
    await reader.goto(await emailedLink(readerEmail, '/join-team'));
    await reader.waitForURL('**/login');
    await reader.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await registerAndVerify(reader, { name: 'Rosa Lectora', email: readerEmail, accountType: 'accountant' });
    await logIn(reader, readerEmail);
    await reader.waitForURL('**/join-team?token=*');
    await reader.getByRole('button', { name: 'Join the team' }).click();
    await reader.getByText('You are now a member of', { exact: false }).waitFor();
    const readerWrites: string[] = [];
    reader.on('request', (request) => {
      if (request.url().includes('/api/v1/') && !['GET', 'HEAD'].includes(request.method()))
        readerWrites.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    // At phone width: the client's invoice list offers View, not Review or Delete.
    await reader.setViewportSize({ width: 390, height: 800 });
    await reader.goto(clientUrl);
    await reader.getByTestId('read-only').waitFor();
    const view = reader.getByRole('link', { name: 'View invoice T-100-B' });
    await view.waitFor();
    expect(await reader.getByRole('button', { name: 'Delete invoice T-100-B' }).count()).toBe(0);
    await view.click();
    // The invoice: every field shown, none editable, no Save; back is the only way on.
    await reader.waitForURL(`**/invoicePage/${invoiceId}`);
    await reader.getByRole('main').getByTestId('read-only-note').waitFor();
    expect(await reader.getByLabel('Invoice number').inputValue()).toBe('T-100-B');
    expect(await reader.getByLabel('Invoice number').isDisabled()).toBe(true);
    expect(await reader.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The desk, on all documents: the fields read-only, no save or accept, and the write keys say why.
    await reader.setViewportSize({ width: 1280, height: 900 });
    await reader.goto('/review?view=all');
    const deskFields = reader.getByRole('form', { name: 'Invoice fields' });
    await deskFields.getByTestId('read-only-note').waitFor();
    expect(await deskFields.getByLabel('Invoice number').isDisabled()).toBe(true);
    expect(await reader.getByRole('button', { name: /Save and next/ }).count()).toBe(0);
    await reader.keyboard.press('x');
    await reader.keyboard.press('a');
    await reader.keyboard.press('Enter');
    expect(await reader.getByTestId('desk-notice').textContent()).toBe(
      'Readers cannot change anything: this key does nothing for you.',
    );
    expect(await reader.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
    expect(readerWrites).toEqual([]);
    await readerContext.close();

    // At phone width the history and the team screen fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/user?tab=team');
    await page.getByText('Pablo Equipo').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(errors).toEqual([]);
    await staffContext.close();
    await ownerContext.close();
  }, 300_000);
});
