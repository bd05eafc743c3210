import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { creditBalances, documents, invoices } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { isSameInvoice } from './duplicates';

const XML_DIR = new URL('../../../../../packages/extract/test/fixtures/xml/', import.meta.url);
const ORIGINAL = readFileSync(new URL('facturae-iva-ipsi-recargo.xml', XML_DIR), 'utf8');

/** The same invoice as another reading would give it: `edit` changes what that reading got wrong. */
const reading = (name: string, edit: (xml: string) => string) => ({
  name,
  bytes: Buffer.from(edit(ORIGINAL)),
});

describe('duplicates as an accountant tells them', () => {
  it('forgives case, spaces, O/0, I/1 and a cent, but not a different issuer or number', () => {
    const first = {
      issuerTaxId: 'B12345674',
      issuerName: 'Amazon Web Services EMEA SARL',
      number: 'EUINES24-1001',
      issueDate: '2025-03-10',
      totalCents: 12100,
    };
    expect(isSameInvoice(first, { ...first, issuerTaxId: null, number: 'euines24 1OO1' })).toBe(true);
    expect(isSameInvoice(first, { ...first, number: 'EUlNES24-1001' })).toBe(true);
    expect(
      isSameInvoice(first, {
        issuerName: 'AMAZON WEB SERVICES EMEA',
        issueDate: '2025-03-10',
        totalCents: 12101,
      }),
    ).toBe(true);
    expect(isSameInvoice(first, { ...first, number: 'EUINES24-1002', totalCents: 9900 })).toBe(false);
    expect(isSameInvoice(first, { ...first, issuerTaxId: 'B99999999', issuerName: 'Otra SL' })).toBe(false);
    expect(isSameInvoice(first, { ...first, number: null, totalCents: 12103 })).toBe(false);
  });
});

describe(`possible duplicates on upload (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  async function accountantWithClient(credits: number) {
    const signedIn = await createSignedInUser(ctx);
    await grantCredits(ctx.db, signedIn.user.id, credits, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: signedIn.user.id,
      name: 'Ana Prueba Ruiz',
      taxId: null,
    });
    return { ...signedIn, client: client! };
  }
  const uploadOne = async (
    clientId: string,
    headers: Record<string, string>,
    file: { name: string; bytes: Buffer },
  ) => {
    const body = new FormData();
    body.append('files[]', new Blob([file.bytes]), file.name);
    const res = await ctx.request(`/api/v1/clients/${clientId}/uploads`, { method: 'POST', headers, body });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const done = await eventually(async () => {
      const batch = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
      return batch.pendingCount === 0 ? batch : undefined;
    }, 60_000);
    return done.documents[0];
  };
  const available = async (userId: string) =>
    (await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, userId)))[0]!.available;

  it('charges the same invoice once when a second reading slips, and lets the accountant keep both or discard', async () => {
    const { user, headers, client } = await accountantWithClient(5);
    const first = await uploadOne(client.id, headers, { name: 'factura.xml', bytes: Buffer.from(ORIGINAL) });
    expect(first.status).toBe('needs_review');
    expect(await available(user.id)).toBe(4);

    // The photo's reading: the series in lower case and an O for the 0 of the number.
    const slipped = await uploadOne(
      client.id,
      headers,
      reading('foto.xml', (xml) =>
        xml
          .replace('<InvoiceNumber>101</InvoiceNumber>', '<InvoiceNumber>1O1</InvoiceNumber>')
          .replace('<InvoiceSeriesCode>C</InvoiceSeriesCode>', '<InvoiceSeriesCode>c</InvoiceSeriesCode>'),
      ),
    );
    expect(slipped).toMatchObject({
      status: 'duplicate',
      duplicateOfInvoiceId: first.invoiceId,
      invoiceId: null,
    });
    // Another reading: the number lost, the tax id misread, the name in capitals; issuer, date and total agree.
    const renumbered = await uploadOne(
      client.id,
      headers,
      reading('escaneo.xml', (xml) =>
        xml
          .replace('<InvoiceNumber>101</InvoiceNumber>', '<InvoiceNumber>7777</InvoiceNumber>')
          .replace(
            '<TaxIdentificationNumber>B12345674</TaxIdentificationNumber>',
            '<TaxIdentificationNumber>B12345614</TaxIdentificationNumber>',
          )
          .replace('Almacenes Ejemplo Norte S.L.', 'ALMACENES EJEMPLO NORTE SL'),
      ),
    );
    expect(renumbered).toMatchObject({ status: 'duplicate', duplicateOfInvoiceId: first.invoiceId });
    // Neither was charged: their held credits were given back.
    expect(await available(user.id)).toBe(4);

    // The desk lists them as possible duplicates of the first invoice.
    const queue = await bodyOf(await ctx.request('/api/v1/review-queue?state=duplicate', { headers }));
    expect(
      queue.items.map((i: { fileName: string; duplicateOfInvoiceId: string }) => [
        i.fileName,
        i.duplicateOfInvoiceId,
      ]),
    ).toEqual([
      ['escaneo.xml', first.invoiceId],
      ['foto.xml', first.invoiceId],
    ]);

    // Keep both: the second becomes an invoice of its own, charged now.
    const kept = await ctx.request(`/api/v1/documents/${slipped.id}/keep`, { method: 'POST', headers });
    expect(kept.status).toBe(200);
    const { invoiceId } = await bodyOf(kept);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice).toMatchObject({ number: 'c1O1', totalCents: 108750 });
    expect(await available(user.id)).toBe(3);
    // Kept once: a second click does not charge again.
    const again = await ctx.request(`/api/v1/documents/${slipped.id}/keep`, { method: 'POST', headers });
    expect((await bodyOf(again)).error.code).toBe('DOCUMENT_NOT_DUPLICATE');

    // Discard: the document is gone, nothing charged.
    const discarded = await ctx.request(`/api/v1/documents/${renumbered.id}/discard`, {
      method: 'POST',
      headers,
    });
    expect(discarded.status).toBe(200);
    expect(await ctx.db.select().from(documents).where(eq(documents.id, renumbered.id))).toEqual([]);
    expect(await available(user.id)).toBe(3);

    // Another user cannot decide for this client.
    const stranger = await createSignedInUser(ctx);
    const refused = await ctx.request(`/api/v1/documents/${slipped.id}/discard`, {
      method: 'POST',
      headers: stranger.headers,
    });
    expect(refused.status).toBe(404);
  });

  it('keeps both of exact twins (the same file twice) on the accountant’s word, and lists the twin on the invoice', async () => {
    const { user, headers, client } = await accountantWithClient(5);
    const bytes = Buffer.from(ORIGINAL);
    const first = await uploadOne(client.id, headers, { name: 'ticket.xml', bytes });
    const twin = await uploadOne(client.id, headers, { name: 'ticket-otra-vez.xml', bytes });
    expect(twin).toMatchObject({ status: 'duplicate', duplicateOfInvoiceId: first.invoiceId });
    expect(await available(user.id)).toBe(4);

    // The original invoice's page offers the decision too.
    const page = await bodyOf(await ctx.request(`/api/v1/invoices/${first.invoiceId}`, { headers }));
    expect(page.possibleDuplicates).toEqual([
      { documentId: twin.id, filename: 'ticket-otra-vez.xml', createdAt: expect.any(String) },
    ]);

    // Same issuer, same number: kept all the same, and charged now.
    const kept = await ctx.request(`/api/v1/documents/${twin.id}/keep`, { method: 'POST', headers });
    expect(kept.status).toBe(200);
    const { invoiceId } = await bodyOf(kept);
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.clientId, client.id));
    expect(rows.map((row) => [row.id === invoiceId, row.number, row.keptAsDuplicate]).sort()).toEqual([
      [false, 'C101', false],
      [true, 'C101', true],
    ]);
    expect(await available(user.id)).toBe(3);
    const after = await bodyOf(await ctx.request(`/api/v1/invoices/${first.invoiceId}`, { headers }));
    expect(after.possibleDuplicates).toEqual([]);
  }, 90_000);

  it('charges a different invoice of the same issuer', async () => {
    const { user, headers, client } = await accountantWithClient(5);
    await uploadOne(client.id, headers, { name: 'factura.xml', bytes: Buffer.from(ORIGINAL) });
    const other = await uploadOne(
      client.id,
      headers,
      reading('otra.xml', (xml) =>
        xml
          .replace('<InvoiceNumber>101</InvoiceNumber>', '<InvoiceNumber>102</InvoiceNumber>')
          .replace('<IssueDate>2025-03-10</IssueDate>', '<IssueDate>2025-03-11</IssueDate>'),
      ),
    );
    expect(other.status).toBe('needs_review');
    expect(await available(user.id)).toBe(3);
  });
});
