import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { baseUrl, connectBrowser, hasBrowser } from './support/browser';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../packages/extract/test/fixtures/golden/${name}`, import.meta.url));

/** A phone: narrow, touch, mobile user agent behaviour. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe.skipIf(!hasBrowser)('invoices that arrive by themselves, on a phone in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("mails a PDF to the client's address, takes two photos as one document, installs and shares to Cuadra", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', ...PHONE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const email = uniqueEmail('inbound');
    await registerAndVerify(page, { name: 'Asesoría Móvil', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill('Bar Móvil');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Client Bar Móvil added successfully.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View details of Bar Móvil' }).click();
    await page.waitForURL('**/customer/**');
    const clientPath = new URL(page.url()).pathname;

    // The address, copied with one tap.
    const address = (await page.getByLabel('Inbound email address').textContent())?.trim();
    expect(address).toMatch(/^[a-z2-7]{26}@in\.localhost$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // The accountant mails a PDF to it over SMTP: it becomes an invoice of this client.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inject('smtpPort'),
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: email,
      to: address,
      subject: 'Factura de marzo',
      text: 'Adjunta.',
      attachments: [
        { filename: 'marzo.pdf', content: await readFile(fixture('classic-company-mixed-vat.pdf')) },
      ],
    });
    // A stranger's mail is refused at the door.
    await expect(
      transport.sendMail({
        from: 'stranger@example.net',
        to: address,
        subject: 'Spam',
        text: 'Total 9,99 €',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    // The mail shows as a batch with its sender and subject, and its invoice lands in the table.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('inbound-mails').waitFor();
          return page.locator('main').textContent();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toContain('FV2024/0435');
    const mails = await page.getByTestId('inbound-mails').textContent();
    expect(mails).toMatch(new RegExp(`Factura de marzo[\\s\\S]*from ${email.replace(/[.+]/g, '\\$&')}`));
    expect(mails).toMatch(/Refused: sender not allowed/);

    // The camera: the input asks phones for the rear camera; two shots make one document.
    const camera = page.getByTestId('camera-input');
    expect(await camera.getAttribute('capture')).toBe('environment');
    await camera.setInputFiles(fixture('modern-scan.jpg'));
    await page.getByRole('button', { name: 'Add a page' }).waitFor();
    await camera.setInputFiles(fixture('classic-png.png'));
    await page.getByRole('img', { name: 'Page 2' }).waitFor();
    await page.getByRole('button', { name: 'Send 2 pages as one document' }).click();
    await page.getByText('Sent: it is being read.').waitFor();

    // Installable: a manifest with icons and a share target, and a service worker in control.
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: '/dashboard',
      share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
    });
    expect(manifest.icons.some((icon: { sizes: string }) => icon.sizes === '512x512')).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active)))).toBe(
      true,
    );

    // "Share → Cuadra": the system POSTs the shared file to the share target; the service worker keeps
    // it and sends the app to /share, where the accountant picks the client.
    const landed = await page.evaluate(
      async (pdfBase64) => {
        const form = new FormData();
        const bytes = Uint8Array.from(atob(pdfBase64), (c) => c.charCodeAt(0));
        form.append('files', new File([bytes], 'shared-ticket.pdf', { type: 'application/pdf' }));
        const response = await fetch('/share-target', { method: 'POST', body: form });
        return new URL(response.url).pathname;
      },
      (await readFile(fixture('ticket-simplificada.pdf'))).toString('base64'),
    );
    expect(landed).toBe('/share');
    await page.goto('/share');
    await page.getByText('shared-ticket.pdf').waitFor();
    await page.getByLabel('Client').selectOption({ label: 'Bar Móvil' });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded: the files are being read.').waitFor();
    await page.getByRole('link', { name: 'Open the client' }).click();
    await page.waitForURL(`**${clientPath}`);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
