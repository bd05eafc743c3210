import { todayInSpain } from '@cuadra/shared';
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
import { REPORT_LINK_TTL_SECONDS, signReportLink } from './links';
import { EURO_FORMAT } from './workbook';

describe(`reports and the fiscal summary (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /*
   * Q1 2026 of Lucía Romero (12345678Z):
   *   issued   F-1  15/01  Bar Sol (B12345674)     base 2,000.00 @21 % = 420.00, IRPF 300.00, total 2,120.00, reviewed
   *   issued   F-2  20/02  Zapatería Luz           base   500.00 @10 % =  50.00,              total   550.00, NOT reviewed
   *   received G-1  10/03  Alquileres Norte (A…)   base   300.00 @21 % =  63.00, IRPF 57.00,  total   306.00, reviewed
   *   received G-9  01/04  (outside the quarter)
   */
  async function setUp(locale: 'es' | 'en' = 'es') {
    const owner = await createSignedInUser(ctx, { locale });
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Lucía Romero',
      taxId: '12345678Z',
    }))!;
    const add = (values: Partial<typeof invoices.$inferInsert>) =>
      ctx.db.insert(invoices).values({ id: newId(), clientId: client.id, ...values });
    await add({
      type: 'issued',
      number: 'F-1',
      issueDate: '2026-01-15',
      recipientName: 'Bar Sol',
      recipientTaxId: 'B12345674',
      taxBaseCents: 200_000,
      vatTotalCents: 42_000,
      withholdingCents: 30_000,
      withholdingRate: '15',
      totalCents: 212_000,
      vatBreakdown: [{ rate: '21', baseCents: 200_000, vatCents: 42_000 }],
      checked: true,
    });
    await add({
      type: 'issued',
      number: 'F-2',
      issueDate: '2026-02-20',
      recipientName: 'Zapatería Luz',
      taxBaseCents: 50_000,
      vatTotalCents: 5_000,
      totalCents: 55_000,
      vatBreakdown: [{ rate: '10', baseCents: 50_000, vatCents: 5_000 }],
      checked: false,
    });
    await add({
      type: 'received',
      number: 'G-1',
      issueDate: '2026-03-10',
      issuerName: 'Alquileres Norte',
      issuerTaxId: 'A58818501',
      taxBaseCents: 30_000,
      vatTotalCents: 6_300,
      withholdingCents: 5_700,
      totalCents: 30_600,
      vatBreakdown: [{ rate: '21', baseCents: 30_000, vatCents: 6_300 }],
      checked: true,
    });
    await add({
      type: 'received',
      number: 'G-9',
      issueDate: '2026-04-01',
      issuerName: 'Fuera',
      taxBaseCents: 99_900,
      totalCents: 99_900,
      checked: true,
    });
    return { owner, client };
  }

  const report = (clientId: string, headers: Record<string, string>, body: unknown) =>
    ctx.json(`/api/v1/clients/${clientId}/reports`, body, { headers });

  it('builds a quarterly workbook in Spanish, checked cell by cell', async () => {
    const { owner, client } = await setUp('es');
    const res = await report(client.id, owner.headers, { from: '2026-01-01', to: '2026-03-31' });
    expect(res.status).toBe(200);
    const link = await bodyOf(res);
    expect(link).toMatchObject({
      kind: 'quarterly',
      filename: 'informe-trimestral_lucia-romero_2026-01-01_2026-03-31.xlsx',
    });
    expect(link.downloadUrl).toMatch(/^\/api\/v1\/reports\/[\w-]+\.[\w-]+\.[\w-]+$/);

    const file = await ctx.request(link.downloadUrl, { headers: owner.headers });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="informe-trimestral_lucia-romero_2026-01-01_2026-03-31.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Emitidas', 'Recibidas', 'Resumen']);

    const issued = workbook.getWorksheet('Emitidas')!;
    expect(issued.getRow(1).values).toEqual([
      undefined,
      'Fecha',
      'Número',
      'Cliente',
      'NIF',
      'Base 21 %',
      'IVA 21 %',
      'Base 10 %',
      'IVA 10 %',
      'Base imponible',
      'IVA',
      'Retención IRPF',
      'Recargo de equivalencia',
      'Total',
      'Revisada',
    ]);
    expect(issued.rowCount).toBe(3);
    const f1 = issued.getRow(2);
    expect(f1.getCell(1).value).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(f1.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect([2, 3, 4].map((c) => f1.getCell(c).value)).toEqual(['F-1', 'Bar Sol', 'B12345674']);
    expect([5, 6, 7, 8, 9, 10, 11, 12, 13].map((c) => f1.getCell(c).value)).toEqual([
      2000, 420, 0, 0, 2000, 420, 300, 0, 2120,
    ]);
    for (const c of [5, 6, 9, 10, 11, 13]) {
      expect(typeof f1.getCell(c).value).toBe('number');
      expect(f1.getCell(c).numFmt).toBe(EURO_FORMAT);
    }
    expect(f1.getCell(14).value).toBe('Sí');
    const f2 = issued.getRow(3);
    expect([2, 3, 7, 8, 13, 14].map((c) => f2.getCell(c).value)).toEqual([
      'F-2',
      'Zapatería Luz',
      500,
      50,
      550,
      'No',
    ]);

    const received = workbook.getWorksheet('Recibidas')!;
    expect(received.getRow(1).getCell(3).value).toBe('Proveedor');
    expect(received.rowCount).toBe(2); // G-9 is in April
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((c) => received.getRow(2).getCell(c).value)).toEqual([
      'G-1',
      'Alquileres Norte',
      'A58818501',
      300,
      63,
      300,
      63,
      57,
      0,
      306,
      'Sí',
    ]);

    // Summary: income 2,000 + 500 = 2,500; expenses 300; VAT 21 % 420 on 2,000, 10 % 50 on 500; deductible
    // 63 on 300; result 470 − 63 = 407; IRPF withheld 300 (issued), 57 (received); one unreviewed.
    const summary = workbook.getWorksheet('Resumen')!;
    const rows = new Map<string, ExcelJS.Row>();
    summary.eachRow((row) => rows.set(String(row.getCell(1).value), row));
    expect(summary.getRow(1).getCell(1).value).toBe('Informe trimestral');
    expect(rows.get('Cliente')?.getCell(2).value).toBe('Lucía Romero (12345678Z)');
    const money = (label: string) => {
      const row = rows.get(label);
      expect(row?.getCell(3).numFmt).toBe(EURO_FORMAT);
      return [row?.getCell(2).value ?? null, row?.getCell(3).value];
    };
    expect(money('Ingresos brutos (base imponible de las emitidas)')).toEqual([null, 2500]);
    expect(money('Gastos brutos (base imponible de las recibidas)')).toEqual([null, 300]);
    expect(money('IVA repercutido 21 %')).toEqual([2000, 420]);
    expect(money('IVA repercutido 10 %')).toEqual([500, 50]);
    expect(money('IVA soportado deducible 21 %')).toEqual([300, 63]);
    expect(money('IVA repercutido menos soportado')).toEqual([null, 407]);
    expect(money('IRPF retenido al cliente (facturas emitidas)')).toEqual([null, 300]);
    expect(money('IRPF retenido por el cliente (facturas recibidas)')).toEqual([null, 57]);
    expect(rows.get('Facturas emitidas incluidas')?.getCell(3).value).toBe(2);
    expect(rows.get('Facturas recibidas incluidas')?.getCell(3).value).toBe(1);
    expect(rows.get('Facturas sin revisar (incluidas arriba)')?.getCell(3).value).toBe(1);
  });

  it('counts each invoice once in the summary', async () => {
    const owner = await createSignedInUser(ctx, { locale: 'es' });
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Ana Ruiz',
      taxId: null,
    }))!;
    const add = (values: Partial<typeof invoices.$inferInsert>) =>
      ctx.db.insert(invoices).values({ id: newId(), clientId: client.id, ...values });
    // One reviewed issued invoice, and one unreviewed invoice without a type (left out of the sheets).
    await add({
      type: 'issued',
      number: 'F-1',
      issueDate: '2026-02-01',
      taxBaseCents: 10_000,
      checked: true,
    });
    await add({ type: null, number: 'X-1', issueDate: '2026-02-02', taxBaseCents: 5_000, checked: false });
    const link = await bodyOf(
      await report(client.id, owner.headers, { from: '2026-01-01', to: '2026-03-31' }),
    );
    const file = await ctx.request(link.downloadUrl, { headers: owner.headers });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const counts = new Map<string, unknown>();
    workbook.getWorksheet('Resumen')!.eachRow((row) => {
      counts.set(String(row.getCell(1).value), row.getCell(3).value);
    });
    expect(counts.get('Facturas emitidas incluidas')).toBe(1);
    expect(counts.get('Facturas recibidas incluidas')).toBe(0);
    expect(counts.get('Facturas sin revisar (incluidas arriba)')).toBe(0);
    expect(counts.get('Facturas sin tipo (no incluidas)')).toBe(1);
  });

  it('writes the invoice rows as CSV in the user’s language, English dates as ISO days (issue 36 item 11)', async () => {
    const { owner, client } = await setUp('en');
    const link = await bodyOf(
      await report(client.id, owner.headers, { from: '2025-11-01', to: '2026-10-31', format: 'csv' }),
    );
    expect(link).toMatchObject({
      kind: 'annual',
      filename: 'annual-report_lucia-romero_2025-11-01_2026-10-31.csv',
    });
    const file = await ctx.request(link.downloadUrl, { headers: owner.headers });
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark, for Excel
    const text = new TextDecoder().decode(bytes);
    // G-9 has a base and no VAT: a 0 % line.
    expect(text.split('\r\n')).toEqual([
      'Type,Date,Number,Client / Supplier,Tax ID,Base 21 %,VAT 21 %,Base 10 %,VAT 10 %,Base 0 %,VAT 0 %,Tax base,VAT,IRPF withheld,Equivalence surcharge,Total,Reviewed',
      'Issued,2026-01-15,F-1,Bar Sol,B12345674,2000.00,420.00,0.00,0.00,0.00,0.00,2000.00,420.00,300.00,0.00,2120.00,Yes',
      'Issued,2026-02-20,F-2,Zapatería Luz,,0.00,0.00,500.00,50.00,0.00,0.00,500.00,50.00,0.00,0.00,550.00,No',
      'Received,2026-03-10,G-1,Alquileres Norte,A58818501,300.00,63.00,0.00,0.00,0.00,0.00,300.00,63.00,57.00,0.00,306.00,Yes',
      'Received,2026-04-01,G-9,Fuera,,0.00,0.00,0.00,0.00,999.00,0.00,999.00,0.00,0.00,0.00,999.00,Yes',
      '',
    ]);
  });

  it('gives an English workbook’s date cells the ISO day format, not the US one', async () => {
    const { owner, client } = await setUp('en');
    const link = await bodyOf(
      await report(client.id, owner.headers, { from: '2026-01-01', to: '2026-03-31' }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await (await ctx.request(link.downloadUrl, { headers: owner.headers })).arrayBuffer(),
    );
    const date = workbook.getWorksheet('Issued')!.getRow(2).getCell(1);
    expect(date.value).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(date.numFmt).toBe('yyyy-mm-dd');
  });

  it('uses ; and decimal commas in a Spanish CSV', async () => {
    const { owner, client } = await setUp('es');
    const link = await bodyOf(
      await report(client.id, owner.headers, { from: '2026-01-01', to: '2026-01-31', format: 'csv' }),
    );
    const text = await (await ctx.request(link.downloadUrl, { headers: owner.headers })).text();
    expect(text.split('\r\n')[1]).toBe(
      'Emitidas;15/01/2026;F-1;Bar Sol;B12345674;2000,00;420,00;2000,00;420,00;300,00;0,00;2120,00;Sí',
    );
  });

  it('checks the range with the spec’s messages and labels it by length', async () => {
    const { owner, client } = await setUp('en');
    const expectError = async (body: unknown, code: string, message: string) => {
      const res = await report(client.id, owner.headers, body);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).error).toMatchObject({ code, message });
    };
    await expectError(
      { from: '2026-01-01' },
      'REPORT_DATES_REQUIRED',
      'Please select both start and end dates',
    );
    await expectError(
      { from: '', to: '2026-01-01' },
      'REPORT_DATES_REQUIRED',
      'Please select both start and end dates',
    );
    await expectError(
      { from: '2026-02-30', to: '2026-03-01' },
      'REPORT_DATES_REQUIRED',
      'Please select both start and end dates',
    );
    await expectError(
      { from: '2026-03-02', to: '2026-03-01' },
      'REPORT_START_AFTER_END',
      'Start date must be before end date',
    );
    // 2024-01-01 → 2026-01-01 is 731 days.
    await expectError(
      { from: '2024-01-01', to: '2026-01-01' },
      'REPORT_RANGE_TOO_LONG',
      'Date range cannot exceed 2 years',
    );
    await expectError(
      { from: '2026-01-01', to: '2099-01-01' },
      'REPORT_RANGE_TOO_LONG',
      'Date range cannot exceed 2 years',
    );
    await expectError(
      { from: '2099-01-01', to: '2099-01-02' },
      'REPORT_END_IN_FUTURE',
      'The end date cannot be later than today',
    );
    // Spanish messages for a Spanish request.
    const es = await report(
      client.id,
      { ...owner.headers, 'accept-language': 'es' },
      { from: '2026-03-02', to: '2026-03-01' },
    );
    expect((await bodyOf(es)).error.message).toBe('La fecha de inicio debe ser anterior a la fecha de fin');

    const kind = async (from: string, to: string) =>
      (await bodyOf(await report(client.id, owner.headers, { from, to }))).kind;
    expect(await kind('2024-01-02', '2026-01-01')).toBe('annual'); // 730 days: the limit is allowed
    expect(await kind('2026-01-01', '2026-01-01')).toBe('quarterly'); // one day
    expect(await kind('2026-01-01', '2026-04-06')).toBe('quarterly'); // 95 days
    expect(await kind('2026-01-01', '2026-04-07')).toBe('custom'); // 96 days
    expect(await kind('2025-01-01', '2025-12-17')).toBe('annual'); // 350 days
    expect(await kind('2025-01-01', '2025-12-16')).toBe('custom'); // 349 days
  });

  it('names a whole year or quarter by its period even when its end is capped at today', async () => {
    const { owner, client } = await setUp('es');
    const today = todayInSpain();
    const year = today.slice(0, 4);
    // "Año <this year>" as the dialog picks it: 1 January to today, under 350 days for most of the year.
    const res = await report(client.id, owner.headers, {
      from: `${year}-01-01`,
      to: today,
      period: 'annual',
    });
    const link = await bodyOf(res);
    expect(link.kind).toBe('annual');
    expect(link.filename).toBe(`informe-anual_lucia-romero_${year}-01-01_${today}.xlsx`);
    // The file's own title follows the link, whatever day it is fetched.
    const file = await ctx.request(link.downloadUrl, { headers: owner.headers });
    expect(file.headers.get('content-disposition')).toContain('informe-anual_');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const summary = workbook.getWorksheet('Resumen')!;
    const texts = summary
      .getSheetValues()
      .flat()
      .filter((v) => typeof v === 'string');
    expect(texts).toContain('Informe anual');
    // A past year picked whole is annual, a past quarter quarterly; half a year stays custom.
    const kind = async (from: string, to: string) =>
      (await bodyOf(await report(client.id, owner.headers, { from, to }))).kind;
    expect(await kind('2025-01-01', '2025-12-31')).toBe('annual');
    expect(await kind('2025-07-01', '2025-09-30')).toBe('quarterly');
    expect(await kind('2025-01-01', '2025-06-30')).toBe('custom');
  });

  it('keeps reports and their links to the caller, and links expire', async () => {
    const { owner, client } = await setUp('es');
    const stranger = await createSignedInUser(ctx);
    const range = { from: '2026-01-01', to: '2026-03-31' };

    const foreign = await report(client.id, stranger.headers, range);
    expect(foreign.status).toBe(404);
    expect((await bodyOf(foreign)).error.code).toBe('CLIENT_NOT_FOUND');
    expect((await report(client.id, {}, range)).status).toBe(401);

    const { downloadUrl } = await bodyOf(await report(client.id, owner.headers, range));
    const other = await ctx.request(downloadUrl, { headers: stranger.headers });
    expect(other.status).toBe(404);
    expect((await bodyOf(other)).error.code).toBe('REPORT_LINK_NOT_FOUND');
    expect((await ctx.request(downloadUrl)).status).toBe(401);
    // An altered link (another client id in the payload) fails its signature.
    const [head, payload, signature] = downloadUrl.split('/').pop().split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, to: '2026-12-31' })).toString('base64url');
    expect(
      (await ctx.request(`/api/v1/reports/${head}.${forged}.${signature}`, { headers: owner.headers }))
        .status,
    ).toBe(404);

    const key = ctx.services.auth.accessKey;
    const linkClaims = {
      userId: owner.user.id,
      clientId: client.id,
      ...range,
      format: 'xlsx' as const,
      kind: 'quarterly' as const,
    };
    const old = await signReportLink(key, linkClaims, Date.now() - (REPORT_LINK_TTL_SECONDS + 60) * 1000);
    const expired = await ctx.request(`/api/v1/reports/${old.token}`, { headers: owner.headers });
    expect(expired.status).toBe(410);
    expect((await bodyOf(expired)).error.code).toBe('REPORT_LINK_EXPIRED');
    // Someone else's expired link says nothing about it.
    expect((await ctx.request(`/api/v1/reports/${old.token}`, { headers: stranger.headers })).status).toBe(
      404,
    );
    // A report link is not an access token.
    const fresh = await signReportLink(key, linkClaims);
    expect(
      (await ctx.request('/api/v1/me', { headers: { authorization: `Bearer ${fresh.token}` } })).status,
    ).toBe(401);
  });

  it('answers the fiscal summary from reviewed invoices, or all of them on request', async () => {
    const { owner, client } = await setUp('es');
    const url = `/api/v1/clients/${client.id}/fiscal-summary?year=2026`;
    const reviewed = await bodyOf(await ctx.request(url, { headers: owner.headers }));
    // Reviewed only: Q1 charged 420 (F-1), deductible 63 → 357 to pay; Q2 deductible 0 (G-9 has no VAT).
    expect(reviewed).toMatchObject({
      year: 2026,
      includeUnreviewed: false,
      invoiceCount: 4,
      unreviewedCount: 1,
    });
    expect(reviewed.modelo303[0]).toMatchObject({
      chargedTotalCents: 42_000,
      deductibleTotalCents: 6_300,
      toPayCents: 35_700,
    });
    // 130 Q1: income 2,000 − expenses 300 = 1,700; 20 % = 340; withheld 300 → 40.00
    expect(reviewed.modelo130[0]).toMatchObject({
      netYieldCents: 170_000,
      twentyPercentCents: 34_000,
      toPayCents: 4_000,
    });
    // Q2: + G-9 999 expenses → net 701; 20 % = 140.20; − 40 − 300 → negative → 0
    expect(reviewed.modelo130[1]).toMatchObject({
      netYieldCents: 70_100,
      twentyPercentCents: 14_020,
      toPayCents: 0,
    });

    const all = await bodyOf(await ctx.request(`${url}&includeUnreviewed=true`, { headers: owner.headers }));
    expect(all.modelo303[0]).toMatchObject({ chargedTotalCents: 47_000, toPayCents: 40_700 });

    const stranger = await createSignedInUser(ctx);
    expect((await ctx.request(url, { headers: stranger.headers })).status).toBe(404);
    expect(
      (await ctx.request(`/api/v1/clients/${client.id}/fiscal-summary`, { headers: owner.headers })).status,
    ).toBe(400);
  });
});
