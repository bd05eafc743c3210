import { grossIncomeCents } from '@cuadra/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { invoices } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';
import { findClientStats } from '../clients/stats';

/** Figures that must agree (issue 14): refused saves, credit notes' signs, and one gross income. */
describe(`invoice figures (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function setUp(locale: 'es' | 'en' = 'es') {
    const owner = await createSignedInUser(ctx, { locale });
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Lucía Romero',
      taxId: '12345678Z',
    }))!;
    const add = async (values: Partial<typeof invoices.$inferInsert>) => {
      const id = newId();
      await ctx.db.insert(invoices).values({ id, clientId: client.id, currency: 'EUR', ...values });
      return id;
    };
    return { owner, client, add };
  }

  const fields = {
    type: 'issued',
    number: 'F-10',
    issueDate: '2026-02-10',
    dueDate: null,
    issuerName: 'Lucía Romero',
    issuerAddress: null,
    issuerTaxId: '12345678Z',
    recipientName: 'Bar Sol',
    recipientAddress: null,
    recipientTaxId: 'B12345674',
    currency: 'EUR',
    taxBaseCents: 15_000,
    vatTotalCents: 2_650,
    withholdingCents: 1_500,
    withholdingRate: '10',
    surchargeCents: null,
    totalCents: 16_150,
    vatBreakdown: [
      { rate: '21', baseCents: 11_000, vatCents: 2_310 },
      { rate: '10', baseCents: 3_000, vatCents: 300 },
      { rate: '4', baseCents: 1_000, vatCents: 40, surchargeRate: '0.5', surchargeCents: null },
    ],
    items: [],
  };
  const put = (id: string, headers: Record<string, string>, body: unknown) =>
    ctx.request(`/api/v1/invoices/${id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a breakdown that does not add up to the tax base and VAT, naming the figures', async () => {
    const { owner, add } = await setUp('es');
    const id = await add({ number: 'F-10' });
    const res = await put(
      id,
      { ...owner.headers, 'accept-language': 'es-ES' },
      { ...fields, taxBaseCents: 15_001, totalCents: 16_151 },
    );
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).error).toEqual({
      code: 'VAT_BREAKDOWN_MISMATCH',
      message: 'El desglose de IVA no suma la base imponible y el total de IVA.',
      details: { mismatches: [{ field: 'taxBaseCents', valueCents: 15_001, expectedCents: 15_000 }] },
    });

    const vat = await put(id, owner.headers, { ...fields, vatTotalCents: 2_600, totalCents: 16_100 });
    expect(vat.status).toBe(422);
    expect((await bodyOf(vat)).error.details.mismatches).toEqual([
      { field: 'vatTotalCents', valueCents: 2_600, expectedCents: 2_650 },
    ]);
    // Nothing was saved: the invoice is still unreviewed.
    expect(
      (await bodyOf(await ctx.request(`/api/v1/invoices/${id}`, { headers: owner.headers }))).checked,
    ).toBe(false);
  });

  it('refuses a total that is not base + VAT + recargo − IRPF, to the cent', async () => {
    const { owner, add } = await setUp('en');
    const id = await add({ number: 'F-10' });
    const res = await put(id, owner.headers, { ...fields, totalCents: 16_151 });
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).error).toMatchObject({
      code: 'TOTAL_MISMATCH',
      message: 'Tax base + VAT + equivalence surcharge − IRPF does not equal the invoice total.',
      details: { mismatches: [{ field: 'totalCents', valueCents: 16_151, expectedCents: 16_150 }] },
    });
    // The recargo counts, from the total or from the breakdown lines.
    const recargo = await put(id, owner.headers, { ...fields, surchargeCents: 25, totalCents: 16_175 });
    expect(recargo.status).toBe(200);
    expect(await bodyOf(recargo)).toMatchObject({ checked: true, totalCents: 16_175 });
  });

  it('keeps a credit note negative through the breakdown, the reports and the fiscal summary', async () => {
    const { owner, client, add } = await setUp('es');
    await add({
      type: 'issued',
      number: 'F-1',
      issueDate: '2026-01-10',
      taxBaseCents: 10_000,
      vatTotalCents: 2_100,
      totalCents: 12_100,
      vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2_100 }],
      checked: true,
    });
    const id = await add({ number: 'R-1' });
    const credit = {
      ...fields,
      number: 'R-1',
      issueDate: '2026-01-20',
      taxBaseCents: -10_000,
      vatTotalCents: -2_100,
      withholdingCents: null,
      withholdingRate: null,
      totalCents: -12_100,
      vatBreakdown: [{ rate: '21', baseCents: -10_000, vatCents: -2_100 }],
    };
    const saved = await put(id, owner.headers, credit);
    expect(saved.status).toBe(200);
    const body = await bodyOf(saved);
    expect(body.vatTotalCents).toBe(-2_100);
    expect(body.vatBreakdown[0].vatCents).toBe(-2_100);

    const fiscal = await bodyOf(
      await ctx.request(`/api/v1/clients/${client.id}/fiscal-summary?year=2026`, { headers: owner.headers }),
    );
    expect(fiscal.modelo303[0].charged).toEqual([
      { rate: '21', baseCents: 0, vatCents: 0, surchargeCents: 0 },
    ]);
    expect(fiscal.annual.incomeCents).toBe(0);

    const link = await bodyOf(
      await ctx.json(
        `/api/v1/clients/${client.id}/reports`,
        { from: '2026-01-01', to: '2026-03-31', format: 'csv' },
        { headers: owner.headers },
      ),
    );
    const csv = await (await ctx.request(link.downloadUrl, { headers: owner.headers })).text();
    expect(csv.split('\r\n')[2]).toBe(
      'Emitidas;20/01/2026;R-1;Bar Sol;B12345674;-100,00;-21,00;-100,00;-21,00;0,00;0,00;-121,00;Sí',
    );
    const xlsxLink = await bodyOf(
      await ctx.json(
        `/api/v1/clients/${client.id}/reports`,
        { from: '2026-01-01', to: '2026-03-31' },
        { headers: owner.headers },
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await (await ctx.request(xlsxLink.downloadUrl, { headers: owner.headers })).arrayBuffer(),
    );
    const row = workbook.getWorksheet('Emitidas')?.getRow(3);
    expect(row?.getCell(2).value).toBe('R-1');
    expect(row?.getCell(6).value).toBe(-21); // VAT 21 %: a number, negative
  });

  it('has one gross income: the client page, the client list, the report and the fiscal summary agree', async () => {
    const { owner, client, add } = await setUp('en');
    const rows = [
      // A base stated; a base only in the breakdown; a credit note; a received invoice (an expense).
      { type: 'issued' as const, taxBaseCents: 100_000, totalCents: 121_000, vatBreakdown: [] },
      {
        type: 'issued' as const,
        taxBaseCents: null,
        totalCents: 55_000,
        vatBreakdown: [{ rate: '10', baseCents: 50_000, vatCents: 5_000 }],
      },
      { type: 'issued' as const, taxBaseCents: -20_000, totalCents: -24_200, vatBreakdown: [] },
      { type: 'received' as const, taxBaseCents: 30_000, totalCents: 36_300, vatBreakdown: [] },
    ];
    for (const [index, values] of rows.entries()) {
      await add({ ...values, number: `G-${index}`, issueDate: '2026-03-01', checked: true });
    }
    const expected = grossIncomeCents(rows);
    expect(expected).toBe(130_000);

    const list = await bodyOf(
      await ctx.request(`/api/v1/clients/${client.id}/invoices`, { headers: owner.headers }),
    );
    expect(list.grossIncomeCents).toBe(expected);
    expect((await findClientStats(ctx.db, [client.id])).get(client.id)?.grossIncomeCents).toBe(expected);
    const fiscal = await bodyOf(
      await ctx.request(`/api/v1/clients/${client.id}/fiscal-summary?year=2026`, { headers: owner.headers }),
    );
    expect(fiscal.annual.incomeCents).toBe(expected);
    expect(fiscal.modelo130[0].incomeCents).toBe(expected);

    const link = await bodyOf(
      await ctx.json(
        `/api/v1/clients/${client.id}/reports`,
        { from: '2026-01-01', to: '2026-03-31' },
        { headers: owner.headers },
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await (await ctx.request(link.downloadUrl, { headers: owner.headers })).arrayBuffer(),
    );
    let income: unknown;
    workbook.getWorksheet('Summary')?.eachRow((row) => {
      if (String(row.getCell(1).value).startsWith('Gross income')) income = row.getCell(3).value;
    });
    expect(income).toBe(expected / 100);
  });
});
