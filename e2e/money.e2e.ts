import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi as api } from './support/api';
import { connectBrowser, hasBrowser, newContext } from './support/browser';

// Issue 36 items 3, 8 and 21 on the review desk: the same invoice read twice is offered as a possible
// duplicate (keep both, charged then, or discard); figures that do not add up are not saved with Enter,
// only with a separate confirmation; an IRPF rate typed computes the withholding.

const PDF = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/classic-company-mixed-vat.pdf', import.meta.url),
);

async function upload(page: Page, clientId: string, name: string, base64: string) {
  await page.evaluate(
    async ({ clientId, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.append('files[]', new File([bytes], name, { type: 'application/pdf' }));
      const res = await fetch(`/api/v1/clients/${clientId}/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: form,
      });
      if (res.status !== 202) throw new Error(`upload: HTTP ${res.status}`);
    },
    { clientId, name, base64 },
  );
}

describe.skipIf(!hasBrowser)('money on the review desk, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('offers a re-read invoice as a possible duplicate, refuses nonsense figures on Enter, computes IRPF', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('money');
    await registerAndVerify(page, { name: 'Asesoría Cuadrada', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
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
    const client = await api<{ id: string }>(page, '/api/v1/clients', {
      method: 'POST',
      json: { name: 'Lucía Romero' },
    });
    const bytes = await readFile(PDF);
    await upload(page, client.id, 'factura.pdf', bytes.toString('base64'));
    await expect
      .poll(
        async () =>
          (await api<{ items: unknown[] }>(page, '/api/v1/review-queue?state=needs_review')).items.length,
        {
          timeout: 120_000,
          interval: 1000,
        },
      )
      .toBe(1);
    // The same invoice again, saved anew (another file, the same reading).
    const copy = Buffer.concat([bytes, Buffer.from('\n% saved again\n')]).toString('base64');
    await upload(page, client.id, 'foto-de-la-factura.pdf', copy);
    await expect
      .poll(
        async () =>
          (await api<{ items: unknown[] }>(page, '/api/v1/review-queue?state=duplicate')).items.length,
        {
          timeout: 120_000,
          interval: 1000,
        },
      )
      .toBe(1);
    const balance = async () =>
      (await api<{ credits: { available: number } }>(page, '/api/v1/me')).credits?.available;
    const before = await balance();

    await page.goto(new URL('/review', page.url()).toString());
    const queue = page.getByTestId('review-queue');
    await expect.poll(() => queue.getByRole('button').count(), { timeout: 60_000 }).toBe(2);
    await queue.getByRole('button', { name: /foto-de-la-factura\.pdf/ }).click();
    const choice = page.getByTestId('duplicate-choice');
    await choice.getByText(/^Possible duplicate of invoice .+ from .+/).waitFor();
    // The very same issuer and number can only be one invoice: discard the second; nothing was charged.
    await expect(choice.getByRole('button', { name: 'Keep both (1 credit)' }).isVisible()).resolves.toBe(
      true,
    );
    await choice.getByRole('button', { name: 'Discard' }).click();
    await page
      .getByTestId('desk-notice')
      .filter({ hasText: /^Discarded/ })
      .waitFor();
    if (before !== undefined) expect(await balance()).toBe(before);
    await expect.poll(() => queue.getByRole('button').count(), { timeout: 30_000 }).toBe(1);
    // The original, to review. An IRPF rate typed computes the withholding.
    await page.getByLabel('IRPF rate (%)').waitFor();
    const base = await page.getByLabel('Taxable base').inputValue();
    await page.getByLabel('IRPF rate (%)').fill('10');
    // The page is in English: amounts as 3983.46. Base × 10 %, to the cent, in integer cents.
    const baseCents = Math.round(Number(base) * 100);
    const expected = (Math.round(baseCents / 10) / 100).toFixed(2);
    await expect.poll(() => page.getByLabel('IRPF withholding').inputValue()).toBe(expected);
    await page.getByLabel('IRPF rate (%)').fill('');
    await page.getByLabel('IRPF withholding').fill('');

    // A surcharge no rate could give: Enter does not save it, twice; the separate button does.
    await page.getByRole('radio', { name: 'Received' }).check();
    await page.getByLabel('Equivalence surcharge').fill('99999');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    const refusal = page.getByTestId('figures-confirm');
    await refusal.getByText('These figures do not add up').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await refusal.waitFor();
    expect(await page.getByTestId('desk-notice').textContent()).not.toMatch(/^Saved/);
    await refusal.getByRole('button', { name: 'Save anyway: the document says so' }).click();
    await page
      .getByTestId('desk-notice')
      .filter({ hasText: /^Saved/ })
      .waitFor();
    await context.close();
  }, 400_000);
});
