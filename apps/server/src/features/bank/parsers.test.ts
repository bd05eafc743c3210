import type { CsvColumns, CsvMapping } from '@cuadra/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { camt053, norma43, TEST_ACCOUNT } from '../../../test/bank-files';
import { AppError } from '../../errors';
import { parseStatement, readStatement } from './parse';
import { normalizeIban, spanishIban } from './statement';

const ACCOUNT = TEST_ACCOUNT;
const bytes = (text: string) => new TextEncoder().encode(text);
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('no failure');
};

describe('statement readers', () => {
  it('builds a Spanish IBAN from bank, branch and account, with both pairs of control digits', () => {
    expect(spanishIban('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
    expect(normalizeIban('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
    expect(normalizeIban('ES9221000418450200051332')).toBeNull(); // one check digit off
  });

  it('Norma 43 in the DDMMYY layout reads the same days as in YYMMDD', () => {
    const account = {
      ...ACCOUNT,
      from: '2026-03-01',
      to: '2026-03-31',
      openingCents: 0,
      movements: [{ date: '2026-03-12', amountCents: -4_321, concept: 'RECIBO LUZ' }],
    };
    for (const layout of ['yymmdd', 'ddmmyy'] as const) {
      const [read] = parseStatement(bytes(norma43([account], layout))).accounts;
      expect(read).toMatchObject({ periodFrom: '2026-03-01', periodTo: '2026-03-31', closingCents: -4_321 });
      expect(read?.movements[0]).toMatchObject({
        bookingDate: '2026-03-12',
        amountCents: -4_321,
        sourceLine: 2,
      });
    }
  });

  it('Norma 43: a movement dated outside its account’s period is named by its line', () => {
    const text = norma43([
      {
        ...ACCOUNT,
        from: '2026-03-01',
        to: '2026-03-31',
        openingCents: 0,
        movements: [
          { date: '2026-03-02', amountCents: 100, concept: 'A' },
          { date: '2026-05-02', amountCents: 100, concept: 'B' },
        ],
      },
    ]);
    expect(failure(() => parseStatement(bytes(text)))).toEqual({
      code: 'STATEMENT_UNREADABLE',
      details: { line: 4, reason: 'field', field: 'operation_date' },
    });
  });

  it('Norma 43: the 33 record’s sums must agree with the movements', () => {
    const lines = norma43([
      {
        ...ACCOUNT,
        from: '2026-03-01',
        to: '2026-03-31',
        openingCents: 0,
        movements: [{ date: '2026-03-02', amountCents: 100, concept: 'A' }],
      },
    ]).split('\r\n');
    // Credits total 1.01 instead of 1.00, closing balance unchanged.
    lines[3] = `${(lines[3] as string).slice(0, 44)}00000000000101${(lines[3] as string).slice(58)}`;
    expect(failure(() => parseStatement(bytes(lines.join('\r\n'))))).toMatchObject({
      code: 'STATEMENT_BALANCE_MISMATCH',
      details: { line: 4, stated: { creditCents: 101 }, read: { creditCents: 100 } },
    });
  });

  it('camt.053: pending entries are not booked; several statements are several accounts', () => {
    const xml = camt053([
      {
        iban: 'ES9121000418450200051332',
        from: '2026-03-01',
        to: '2026-03-31',
        openingCents: 500,
        movements: [{ date: '2026-03-05', amountCents: -200, concept: 'Uno' }],
      },
      {
        iban: 'ES7620770024003102575766',
        from: '2026-03-01',
        to: '2026-03-31',
        openingCents: -300,
        movements: [
          { date: '2026-03-06', amountCents: 1_000, concept: 'Dos', counterpartyName: 'Olmo & Hijos' },
        ],
      },
    ]).replace(
      '</Ntry>',
      '</Ntry><Ntry><Amt Ccy="EUR">9.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-03-07</Dt></BookgDt></Ntry>',
    );
    const { format, accounts } = parseStatement(bytes(xml));
    expect(format).toBe('camt053');
    expect(accounts.map((a) => [a.iban, a.openingCents, a.closingCents, a.movements.length])).toEqual([
      ['ES9121000418450200051332', 500, 300, 1],
      ['ES7620770024003102575766', -300, 700, 1],
    ]);
    expect(accounts[1]?.movements[0]).toMatchObject({ counterpartyName: 'Olmo & Hijos', amountCents: 1_000 });
  });

  it('a binary file is refused at its first line', () => {
    expect(failure(() => parseStatement(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01])))).toEqual({
      code: 'STATEMENT_UNREADABLE',
      details: { line: 1, reason: 'binary' },
    });
  });
});

describe('CSV exports', () => {
  const win1252 = (text: string) => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));

  it('finds the header under the preamble, the IBAN in it, reads newest-first rows oldest first, checks balances', () => {
    const file = [
      'Cuenta;ES91 2100 0418 4502 0005 1332',
      'Titular;Taller Núñez',
      '',
      'Fecha;Fecha valor;Concepto;Importe;Saldo',
      '05/03/2026;05/03/2026;"Recibo; luz";-45,30;1.154,70',
      '02/03/2026;02/03/2026;Transferencia Café Ñandú;1.000,00;1.200,00',
      '01/03/2026;01/03/2026;Comisión;-2,00;200,00',
    ].join('\r\n');
    const { format, accounts } = parseStatement(win1252(file));
    expect(format).toBe('csv');
    const [account] = accounts;
    expect(account).toMatchObject({
      iban: 'ES9121000418450200051332',
      periodFrom: '2026-03-01',
      periodTo: '2026-03-05',
      openingCents: 20_200,
      closingCents: 115_470,
    });
    expect(account?.movements.map((m) => [m.bookingDate, m.amountCents, m.concept, m.sourceLine])).toEqual([
      ['2026-03-01', -200, 'Comisión', 7],
      ['2026-03-02', 100_000, 'Transferencia Café Ñandú', 6],
      ['2026-03-05', -4_530, 'Recibo; luz', 5],
    ]);
  });

  it('a balance that does not follow names its row; no IBAN anywhere asks for one', () => {
    const rows = [
      'Date,Description,Debit,Credit,Balance',
      '2026-03-01,Fee,2.00,,198.00',
      '2026-03-02,Payment,,100.00,297.00',
    ];
    expect(failure(() => parseStatement(bytes(rows.join('\n')), 'ES9121000418450200051332'))).toMatchObject({
      code: 'STATEMENT_BALANCE_MISMATCH',
      details: { line: 3, openingCents: 20_000, movementsCents: 9_800, closingCents: 29_700 },
    });
    expect(failure(() => parseStatement(bytes(rows.join('\n'))))).toEqual({
      code: 'STATEMENT_UNREADABLE',
      details: { line: 1, reason: 'no_account' },
    });
    const fixed = rows.join('\n').replace('297.00', '298.00');
    const [account] = parseStatement(bytes(fixed), 'ES9121000418450200051332').accounts;
    expect(account?.movements.map((m) => m.amountCents)).toEqual([-200, 10_000]);
  });

  it('a date that is no day is named by its line', () => {
    const text = 'Fecha;Concepto;Importe\n01/03/2026;Uno;1,00\n31/02/2026;Dos;2,00\n';
    expect(failure(() => parseStatement(bytes(text), 'ES9121000418450200051332'))).toEqual({
      code: 'STATEMENT_UNREADABLE',
      details: { line: 3, reason: 'field', field: 'date' },
    });
  });
});

describe('camt.054 notifications', () => {
  it('reads the entries of a debit/credit notification, which states no balances', () => {
    const xml = camt053(
      [
        {
          iban: 'ES9121000418450200051332',
          from: '2026-04-01',
          to: '2026-04-01',
          openingCents: 0,
          movements: [
            {
              date: '2026-04-01',
              amountCents: 12_100,
              concept: 'FRA F-9 CLIENTE',
              counterpartyName: 'Cliente SL',
            },
            { date: '2026-04-01', amountCents: -500, concept: 'COMISION' },
          ],
        },
      ],
      'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08',
    )
      .replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn')
      .replaceAll('<Stmt>', '<Ntfctn>')
      .replaceAll('</Stmt>', '</Ntfctn>')
      .replace(/<Bal>.*?<\/Bal>/gs, '');
    expect(xml).not.toContain('<Bal>');
    const { format, accounts } = parseStatement(bytes(xml));
    expect(format).toBe('camt054');
    expect(accounts[0]).toMatchObject({
      iban: 'ES9121000418450200051332',
      periodFrom: '2026-04-01',
      openingCents: 0,
      closingCents: 11_600,
    });
    expect(accounts[0]?.movements.map((m) => [m.amountCents, m.counterpartyName])).toEqual([
      [12_100, 'Cliente SL'],
      [-500, null],
    ]);
    // A camt.053 without its balances is still refused.
    expect(
      failure(() => parseStatement(bytes(xml.replace('camt.054.001.08', 'camt.053.001.08')))),
    ).toMatchObject({ code: 'STATEMENT_UNREADABLE', details: { reason: 'no_account' } });
  });
});

describe('columns not recognised, and XLSX', () => {
  const IBAN = 'ES9121000418450200051332';
  const unknown = [
    'Extracto de cuenta',
    'Día;Texto del movimiento;Euros;Disponible',
    '01/03/2026;Comisión mantenimiento;-2,00;198,00',
    '02/03/2026;Transferencia de Café Ñandú SL;100,00;298,00',
  ].join('\n');
  const read = (
    data: Uint8Array,
    saved = new Map<string, CsvColumns>(),
    mapping = null as CsvMapping | null,
  ) => readStatement(data, { iban: IBAN, saved, mapping });
  const rejection = async (run: Promise<unknown>) => {
    try {
      await run;
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, details: error.details };
      throw error;
    }
    throw new Error('no failure');
  };

  it('answers an unknown header with a proposed mapping and sample rows; nothing is read', async () => {
    expect(await rejection(read(bytes(unknown)))).toEqual({
      code: 'STATEMENT_MAPPING_REQUIRED',
      details: {
        line: 2,
        headers: ['Día', 'Texto del movimiento', 'Euros', 'Disponible'],
        proposal: { date: 0, concept: 1, amount: 2, balance: 3 },
        sample: [
          ['01/03/2026', 'Comisión mantenimiento', '-2,00', '198,00'],
          ['02/03/2026', 'Transferencia de Café Ñandú SL', '100,00', '298,00'],
        ],
      },
    });
  });

  it('reads the file with the confirmed columns, and the next file of that layout by its signature', async () => {
    const columns = { date: 0, concept: 1, amount: 2, balance: 3 };
    const first = await read(bytes(unknown), new Map(), { line: 2, columns });
    expect(first.accounts[0]?.movements.map((m) => m.amountCents)).toEqual([-200, 10_000]);
    expect(first.accounts[0]).toMatchObject({ openingCents: 20_000, closingCents: 29_800 });
    const layout = first.layout as { signature: string; columns: CsvColumns };
    const saved = new Map([[layout.signature, layout.columns]]);
    const april = unknown.replaceAll('/03/', '/04/');
    expect((await read(bytes(april), saved)).accounts[0]?.periodFrom).toBe('2026-04-01');
    // Another layout is asked about again.
    const other = april.replace('Disponible', 'Saldo disponible');
    expect((await rejection(read(bytes(other), saved)))?.code).toBe('STATEMENT_MAPPING_REQUIRED');
    // A column the header does not have is refused.
    expect(
      (await rejection(read(bytes(unknown), new Map(), { line: 2, columns: { ...columns, amount: 9 } })))
        ?.details,
    ).toEqual({ field: 'mapping' });
  });

  it('reads an XLSX export: real numbers and dates, the IBAN above the header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Movimientos');
    sheet.addRow(['Cuenta', 'ES91 2100 0418 4502 0005 1332']);
    sheet.addRow([]);
    sheet.addRow(['Fecha', 'Concepto', 'Importe', 'Saldo']);
    sheet.addRow([new Date(Date.UTC(2026, 2, 2)), 'Transferencia Café Ñandú', 1000, 1200]);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 5)),
      '=HYPERLINK("x")',
      -45.3,
      { formula: 'D4-45.3', result: 1154.7 },
    ]);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { format, accounts } = await readStatement(data, { iban: null, saved: new Map(), mapping: null });
    expect(format).toBe('xlsx');
    expect(accounts[0]).toMatchObject({ iban: IBAN, openingCents: 20_000, closingCents: 115_470 });
    expect(
      accounts[0]?.movements.map((m) => [m.bookingDate, m.amountCents, m.concept, m.sourceLine]),
    ).toEqual([
      ['2026-03-02', 100_000, 'Transferencia Café Ñandú', 4],
      ['2026-03-05', -4_530, '=HYPERLINK("x")', 5],
    ]);
  });
});
