import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi as api } from './support/api';
import { connectBrowser, hasBrowser, newContext } from './support/browser';

/** Our own generated invoices with a text layer (read in well under a second each, no OCR). */
const FILES = [
  'classic-company-mixed-vat.pdf',
  'classic-recargo.pdf',
  'english-spanish-company.pdf',
  'modern-freelancer-irpf.pdf',
];
const fixture = (name: string) =>
  fileURLToPath(new URL(`../packages/extract/test/fixtures/golden/${name}`, import.meta.url));

/** An accountant with three clients and six documents read, all waiting for review. */
async function seed(page: Page) {
  const email = uniqueEmail('desk');
  await registerAndVerify(page, { name: 'Asesoría Teclado', email, accountType: 'accountant' });
  await logIn(page, email);
  await page.waitForURL('**/dashboard');
  // Credits for six documents: the test-mode checkout, paid.
  const { url } = await api<{ url: string }>(page, '/api/v1/checkout', {
    method: 'POST',
    json: { packId: 'large', returnTo: '/dashboard' },
  });
  await page.evaluate(
    async (pay) => {
      await fetch(pay, { method: 'POST', redirect: 'manual' });
    },
    `${new URL(url, page.url()).pathname}/pay`,
  );
  const names = ['Ñandú Servicios SL', 'José Álvarez Peña', 'Lucía Romero'];
  for (const [index, name] of names.entries()) {
    const client = await api<{ id: string }>(page, '/api/v1/clients', { method: 'POST', json: { name } });
    const files = await Promise.all(
      FILES.slice(index % 2 ? 2 : 0, (index % 2 ? 2 : 0) + 2).map(async (file) => ({
        name: file,
        base64: (await readFile(fixture(file))).toString('base64'),
      })),
    );
    await page.evaluate(
      async ({ clientId, files }) => {
        const form = new FormData();
        for (const file of files) {
          const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
          form.append('files[]', new File([bytes], file.name, { type: 'application/pdf' }));
        }
        const res = await fetch(`/api/v1/clients/${clientId}/uploads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: form,
        });
        if (res.status !== 202) throw new Error(`upload: HTTP ${res.status}`);
      },
      { clientId: client.id, files },
    );
  }
  await expect
    .poll(
      async () =>
        (await api<{ items: unknown[] }>(page, '/api/v1/review-queue?state=needs_review')).items.length,
      { timeout: 150_000, interval: 1000 },
    )
    .toBe(6);
  return email;
}

const current = (page: Page) => page.getByTestId('review-queue').locator('button[aria-current="true"]');

describe.skipIf(!hasBrowser)('the review desk, keyboard only, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('an accountant reviews every client’s documents with the keyboard, in English, in Spanish and at phone width', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await seed(page);

    // The top bar leads accountants to the desk.
    await page.getByRole('link', { name: 'Review desk' }).first().click();
    await page.waitForURL('**/review');
    const queue = page.getByTestId('review-queue');
    await expect.poll(() => queue.getByRole('button').count()).toBe(6);
    await page.getByRole('heading', { name: 'Review desk' }).waitFor();

    // `?` lists the keys; Escape closes the list.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await keys.getByText('Save, mark reviewed and open the next').waitFor();
    await page.keyboard.press('Escape');
    await keys.waitFor({ state: 'detached' });

    // The original is drawn (PDF pages on canvases) with the fields' boxes.
    await page.getByTestId('pdf-page').first().waitFor();
    await expect.poll(() => page.getByTestId('field-box').count()).toBeGreaterThan(0);

    // j and k move through the queue.
    const first = await current(page).textContent();
    await page.keyboard.press('j');
    await expect.poll(() => current(page).textContent()).not.toBe(first);
    await page.keyboard.press('k');
    await expect.poll(() => current(page).textContent()).toBe(first);

    // Zoom steps keep the page drawn (never blank) and the focused field's box is highlighted.
    await page.getByRole('button', { name: 'Zoom in' }).press('Enter');
    await page.getByTestId('zoom-level').filter({ hasText: '125 %' }).waitFor();
    await expect.poll(() => page.getByTestId('pdf-page').first().getAttribute('data-rendered')).toBe('125');
    await page.keyboard.press('Escape');

    // Tab reaches the fields; the focused field's box lights up on the page.
    await page.getByLabel('Issuer name').focus();
    await page.getByTestId('field-highlight').waitFor();
    await page.keyboard.press('Escape');

    // Select two with x and accept those all verified with a: the rest stay for a person.
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('a');
    await page
      .getByTestId('desk-notice')
      .filter({ hasText: /^Accepted \d; \d left for review\.$/ })
      .waitFor();
    await page.keyboard.press('k');

    // Review three: set the type with t, correct with the keyboard, Enter saves and opens the next.
    for (let i = 0; i < 3; i++) {
      const before = await current(page).textContent();
      await page.getByRole('radio', { name: 'Received' }).waitFor();
      if (!(await page.getByRole('radio', { name: 'Received' }).isChecked())) await page.keyboard.press('t');
      if (!(await page.getByRole('radio', { name: 'Received' }).isChecked())) await page.keyboard.press('t');
      await page.keyboard.press('Enter');
      await page
        .getByTestId('desk-notice')
        .filter({ hasText: /^Saved\./ })
        .waitFor();
      await expect.poll(() => current(page).textContent()).not.toBe(before);
    }

    // Delete asks first (the spec's confirmation), then removes the invoice from the queue.
    // (once the queue has caught up with the saves)
    const remaining = (await api<{ items: unknown[] }>(page, '/api/v1/review-queue?state=needs_review')).items
      .length;
    await expect.poll(() => queue.getByRole('button').count()).toBe(remaining);
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete invoice' });
    await confirm.getByText(/Are you sure you want to delete invoice/).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('desk-notice').filter({ hasText: 'Invoice deleted successfully' }).waitFor();
    await expect.poll(() => queue.getByRole('button').count()).toBe(remaining - 1);

    // In Spanish: the same desk, the last ones reviewed with Intro.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await page.getByRole('heading', { name: 'Mesa de revisión' }).waitFor();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Atajos de teclado' }).waitFor();
    await page.keyboard.press('Escape');
    const emptyQueue = page.getByText('No hay nada que revisar.', { exact: false });
    await queue.or(emptyQueue).first().waitFor();
    for (;;) {
      const left = await queue
        .getByRole('button')
        .count()
        .catch(() => 0);
      if (left === 0) break;
      await page.getByRole('radio', { name: 'Recibida' }).waitFor();
      if (!(await page.getByRole('radio', { name: 'Recibida' }).isChecked())) await page.keyboard.press('t');
      if (!(await page.getByRole('radio', { name: 'Recibida' }).isChecked())) await page.keyboard.press('t');
      await page.keyboard.press('Enter');
      await page
        .getByTestId('desk-notice')
        .filter({ hasText: /^Guardada\./ })
        .waitFor();
      await expect.poll(() => queue.getByRole('button').count()).toBe(left - 1);
    }
    await emptyQueue.waitFor();

    // /documents lists every document with its state.
    await page.goto('/documents');
    const documents = page.getByTestId('documents');
    await documents.getByText('Revisado').first().waitFor();
    expect(await documents.locator('li').count()).toBe(5);

    // At phone width the original comes before the fields, and nothing runs past the edge.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/review?view=all');
    await page.getByTestId('pdf-page').first().waitFor();
    const original = await page.getByRole('heading', { name: /^Original/ }).boundingBox();
    const fields = await page.getByRole('heading', { name: /^Campos/ }).boundingBox();
    expect(original && fields && original.y < fields.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/desk-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.screenshot({ path: '/tmp/desk-1366.png' });

    // The client's invoice table: the forgiving search, cards on a phone, nothing past the edge at 1366 px.
    const clients = await api<{ items: { id: string; name: string }[] }>(page, '/api/v1/clients?q=nandu');
    expect(clients.items.map((c) => c.name)).toEqual(['Ñandú Servicios SL']);
    await page.goto(`/customer/${clients.items[0]?.id}`);
    const table = page.getByRole('table', { name: /Facturas|Invoices/ });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Buscar facturas' }).fill('LOPEZ');
    await page.keyboard.press('Enter');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const deleteButton = table.getByRole('button', { name: /^Borrar la factura/ }).first();
    const box = await deleteButton.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1366);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('searchbox', { name: 'Buscar facturas' }).fill('');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const phoneDelete = await table
      .getByRole('button', { name: /^Borrar la factura/ })
      .first()
      .boundingBox();
    expect(phoneDelete && phoneDelete.x + phoneDelete.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/desk-table-phone.png', fullPage: true });

    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);
});
