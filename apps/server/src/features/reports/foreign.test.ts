import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { shippedRates } from '../currency/rates';
import { reportInEuros } from './service';
import { buildCsv, buildWorkbook, type ReportInput, summariseReport } from './workbook';

// Issue 36 item 6: a report added dollars and dirhams to euro columns as if they were euros. Now a foreign
// invoice is converted at the ECB rate of its date (2024-03-14: USD 1.0925, from the shipped table), its own
// total and the rate shown beside; one with no ECB rate (AED) is listed with empty euro cells, never added.

const invoice = (id: string, type: 'issued' | 'received', currency: string) => ({
  id,
  type,
  currency,
  issueDate: '2024-03-14',
  number: id,
  issuerName: 'Lucía Romero',
  issuerTaxId: '12345678Z',
  recipientName: 'Suministros Norte SL',
  recipientTaxId: 'B12345674',
  taxBaseCents: 10_000,
  vatTotalCents: 2_100,
  withholdingCents: null,
  surchargeCents: null,
  totalCents: 12_100,
  vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2_100 }],
  checked: true,
});

const input = (): ReportInput => ({
  locale: 'en',
  kind: 'quarterly',
  clientName: 'Lucía Romero',
  clientTaxId: '12345678Z',
  from: '2024-01-01',
  to: '2024-03-31',
  invoices: reportInEuros(
    [invoice('E-1', 'issued', 'EUR'), invoice('U-1', 'issued', 'USD'), invoice('A-1', 'received', 'AED')],
    shippedRates(),
  ),
});

describe('reports with invoices in other currencies', () => {
  it('adds a dollar invoice in euros at the ECB rate and leaves out one without a rate', () => {
    const s = summariseReport(input().invoices);
    // €100.00 + $100.00 / 1.0925 (= €91.53); the dirham invoice is not an expense of 100 euros.
    expect(s.grossIncomeCents).toBe(19_153);
    expect(s.charged).toEqual([{ rate: '21', baseCents: 19_153, vatCents: 4_022, surchargeCents: 0 }]);
    expect(s.grossExpensesCents).toBe(0);
    expect([s.issuedCount, s.receivedCount, s.noRateCount]).toEqual([2, 0, 1]);
  });

  it('shows the euro amount beside the foreign one in the CSV, and no euros for the one without a rate', () => {
    const lines = buildCsv(input())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /,Total,Reviewed,Currency,Total in its currency,ECB rate \(per euro\),ECB rate date$/,
    );
    const usd = lines.find((l) => l.includes('U-1'));
    expect(usd).toMatch(/,91\.53,19\.22,0\.00,0\.00,110\.76,Yes,USD,121\.00,1\.0925,/);
    const aed = lines.find((l) => l.includes('A-1'));
    expect(aed).toMatch(/,,,,,,,Yes,AED,121\.00,,$/);
  });

  it('writes the same in the workbook: euros in the total column, the dollar total and rate beside', async () => {
    const workbook = new ExcelJS.Workbook();
    const bytes = await buildWorkbook(input());
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const issued = workbook.getWorksheet('Issued')!;
    const header = (issued.getRow(1).values as unknown[]).map(String);
    const row = [2, 3].map((n) => issued.getRow(n)).find((r) => r.getCell(2).value === 'U-1')!;
    const cell = (name: string) => row.getCell(header.indexOf(name)).value;
    expect([
      cell('Total'),
      cell('Currency'),
      cell('Total in its currency'),
      cell('ECB rate (per euro)'),
    ]).toEqual([110.76, 'USD', 121, '1.0925']);
    const received = workbook.getWorksheet('Received')!;
    const aed = received.getRow(2);
    expect(aed.getCell(header.indexOf('Total')).value).toBeNull();
  });
});
