import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { supplierPlaces } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

/**
 * One supplier's layout: its number under "Documento" in a row of labels (the engine reads no number
 * there), its due date under "Cargo en cuenta".
 */
async function supplierInvoice(v: { number: string; due: string; base: string; vat: string; total: string }) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([595, 842]);
  const rows: [number, string][][] = [
    [
      [50, 'TALLERES NORTE S.L.'],
      [400, 'CIF B12345674'],
    ],
    [[50, 'Calle Mayor 4, 28001 Madrid']],
    [
      [50, 'Documento'],
      [170, 'Cliente'],
      [290, 'Emitido'],
      [410, 'Cargo en cuenta'],
    ],
    [
      [50, v.number],
      [170, 'C-0042'],
      [290, '12/03/2024'],
      [410, v.due],
    ],
    [
      [50, 'Concepto'],
      [450, 'Importe'],
    ],
    [
      [50, 'Reparación de bomba'],
      [450, v.base],
    ],
    [
      [50, 'Base'],
      [120, v.base],
      [250, 'IVA 21%'],
      [330, v.vat],
    ],
    [
      [50, 'Líquido a abonar'],
      [200, v.total],
    ],
  ];
  rows.forEach((cells, row) => {
    for (const [x, text] of cells) sheet.drawText(text, { x, y: 790 - row * 22, size: 10, font });
  });
  return pdf.save();
}

describe(`place memory: the second invoice of a supplier after one correction (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  async function upload(headers: Record<string, string>, clientId: string, bytes: Uint8Array, name: string) {
    const body = new FormData();
    body.append('files[]', new Blob([bytes]), name);
    const res = await ctx.request(`/api/v1/clients/${clientId}/uploads`, { method: 'POST', headers, body });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const batch = await eventually(async () => {
      const b = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
      return b.pendingCount === 0 ? b : undefined;
    }, 60_000);
    const invoiceId: string = batch.documents[0].invoiceId;
    return bodyOf(await ctx.request(`/api/v1/invoices/${invoiceId}`, { headers }));
  }

  it('reads the corrected field at the place learned, from memory, until forgotten', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 5, 'grant', `test:${user.id}`);
    const client = (await insertClient(ctx.db, {
      ownerUserId: user.id,
      name: 'Ferretería El Clavo SL',
      taxId: null,
    }))!;

    const first = await upload(
      headers,
      client.id,
      await supplierInvoice({
        number: 'A/7781',
        due: '11/04/2024',
        base: '100,00',
        vat: '21,00',
        total: '121,00',
      }),
      'first.pdf',
    );
    expect(first.number).not.toBe('A/7781');
    expect(first.issuerTaxId).toBe('B12345674');

    // The accountant types the number the engine missed and saves.
    const saved = await ctx.request(`/api/v1/invoices/${first.id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...first, type: 'received', number: 'A/7781' }),
    });
    expect(saved.status).toBe(200);
    const learned = await eventually(async () => {
      const rows = await ctx.db.select().from(supplierPlaces).where(eq(supplierPlaces.ownerUserId, user.id));
      return rows.length ? rows : undefined;
    }, 30_000);
    expect(learned).toMatchObject([
      { supplierKey: 'B12345674', field: 'invoice_number', learnedFromNumber: 'A/7781' },
    ]);

    // The next document of the supplier: another number in the same place.
    const second = await upload(
      headers,
      client.id,
      await supplierInvoice({
        number: 'A/7790',
        due: '02/05/2024',
        base: '200,00',
        vat: '42,00',
        total: '242,00',
      }),
      'second.pdf',
    );
    expect(second.number).toBe('A/7790');
    expect(second.evidence.invoice_number).toMatchObject({
      source: 'memory',
      verified: false,
      learnedFrom: { placeId: learned[0]!.id, invoiceNumber: 'A/7781' },
    });

    // Forgetting: the place goes, and the invoice no longer says it was learned.
    const forget = () =>
      ctx.request(`/api/v1/invoices/${second.id}/learned/invoice_number`, { method: 'DELETE', headers });
    expect((await forget()).status).toBe(204);
    expect(await ctx.db.select().from(supplierPlaces).where(eq(supplierPlaces.ownerUserId, user.id))).toEqual(
      [],
    );
    const after = await bodyOf(await ctx.request(`/api/v1/invoices/${second.id}`, { headers }));
    expect(after.evidence.invoice_number.learnedFrom).toBeUndefined();
    const again = await forget();
    expect(again.status).toBe(404);
    expect((await bodyOf(again)).error.code).toBe('PLACE_MEMORY_NOT_FOUND');

    const third = await upload(
      headers,
      client.id,
      await supplierInvoice({
        number: 'A/7795',
        due: '02/06/2024',
        base: '300,00',
        vat: '63,00',
        total: '363,00',
      }),
      'third.pdf',
    );
    expect(third.number).not.toBe('A/7795');
  }, 120_000); // three documents read, while other files run beside this one

  it("refuses to forget on another accountant's invoice", async () => {
    const stranger = await createSignedInUser(ctx);
    const res = await ctx.request(`/api/v1/invoices/${crypto.randomUUID()}/learned/total`, {
      method: 'DELETE',
      headers: stranger.headers,
    });
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).error.code).toBe('INVOICE_NOT_FOUND');
  });
});
