import { describe, expect, it } from 'vitest';
import { checkBreakdown, preferRoundedTotal, reconcileAmounts } from '../src/checks/consistency.ts';
import type { FieldMap } from '../src/evidence.ts';
import { breakdownRow } from '../src/fields/amounts/index.ts';
import { extractFromText } from '../src/fields/index.ts';
import { findAmounts, parseAmount } from '../src/text/numbers.ts';
import { page } from './text-page.ts';

/** Reads a digital invoice from rows and runs the amount checks the pipeline runs. */
function read(rows: string[]) {
  const r = extractFromText([page(rows, 'text')], 'text');
  const warnings: string[] = [];
  reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code));
  checkBreakdown(r.fields, (w) => warnings.push(w.code));
  return { fields: r.fields, warnings };
}

/** The same, for a scan: words as OCR reads them. */
function readScan(rows: string[]) {
  const r = extractFromText([page(rows, 'ocr')], 'ocr');
  const warnings: string[] = [];
  reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code));
  return { fields: r.fields, warnings };
}

describe('amounts: a closing parenthesis alone is no minus', () => {
  it('reads "2.675,62 €)" as positive and "(12,00)" as negative', () => {
    expect(parseAmount('2.675,62 €)')).toBe(2675.62);
    expect(parseAmount('(12,00)')).toBe(-12);
    expect(parseAmount('12,00-')).toBe(-12);
  });

  it('reads "-4.467.72" (a decimal comma OCR read as a dot) as -4467.72, "1.234.567" as thousands', () => {
    expect(parseAmount('-4.467.72 €')).toBe(-4467.72);
    expect(parseAmount('1.234.567')).toBe(1234567);
  });
});

describe('VAT breakdown rows', () => {
  it('reads rate, base and amount with the base in parentheses', () => {
    expect(breakdownRow('IVA 10% (base 1.190,64 €)   119,06 €')).toEqual({
      rate: '10',
      base: '1190.64',
      amount: '119.06',
    });
  });

  it('reads the recargo printed beside its VAT rate', () => {
    expect(breakdownRow('3.546,84 €   21%   744,84 €   5,2%   184,44 €')).toEqual({
      rate: '21',
      base: '3546.84',
      amount: '744.84',
      surcharge_rate: '5.2',
      surcharge_amount: '184.44',
    });
  });

  it('reads an amount whose decimal comma OCR dropped when base × rate says so, on scans only', () => {
    expect(breakdownRow('IVA 21% (base 10.063,85 €)   211341€', true)).toEqual({
      rate: '21',
      base: '10063.85',
      amount: '2113.41',
    });
    expect(breakdownRow('IVA 21% (base 10.063,85 €)   211341€')).toBeNull();
  });

  it('reads a base whose decimal comma OCR dropped after its thousands dot ("1.97941€"), on scans only', () => {
    expect(breakdownRow('1.97941€   10%   197,94€ |   1,4%   27,71', true)).toEqual({
      rate: '10',
      base: '1979.41',
      amount: '197.94',
      surcharge_rate: '1.4',
      surcharge_amount: '27.71',
    });
    expect(breakdownRow('1.97941€   10%   197,94€ |   1,4%   27,71')).toBeNull();
  });

  it('never takes a recargo rate for the VAT rate when the VAT percent was lost', () => {
    expect(breakdownRow('3.546,84 €   744,84 €   5,2%   184,44 €')).toEqual({
      rate: '21',
      base: '3546.84',
      amount: '744.84',
      surcharge_rate: '5.2',
      surcharge_amount: '184.44',
    });
  });

  it('keeps the sign of a credit note', () => {
    expect(breakdownRow('IVA 21%   -1.000,00 €   -210,00 €')).toEqual({
      rate: '21',
      base: '-1000.00',
      amount: '-210.00',
    });
  });
});

describe('several VAT rates', () => {
  it('sums the VAT lines of each rate and verifies base + VAT = total', () => {
    const { fields, warnings } = read([
      'FACTURA',
      'Descripción   Cantidad   Precio   IVA   Importe',
      'Cable de cobre 100 m   10   20,00 €   21%   200,00 €',
      'Harina de trigo 1 kg   10   10,00 €   10%   100,00 €',
      'Base imponible   300,00 €',
      'IVA 21% (base 200,00 €)   42,00 €',
      'IVA 10% (base 100,00 €)   10,00 €',
      'TOTAL FACTURA   352,00 €',
    ]);
    expect(warnings).toEqual([]);
    expect(fields.vat_total).toMatchObject({ value: '52.00', verified: true });
    expect(fields.tax_base).toMatchObject({ value: '300.00', verified: true });
    expect(fields.total).toMatchObject({ value: '352.00', verified: true });
    // The goods rows (a description and a rate) are not read as breakdown rows.
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '21', base: '200.00', amount: '42.00' },
      { rate: '10', base: '100.00', amount: '10.00' },
    ]);
    expect(fields.vat_breakdown?.verified).toBe(true);
  });

  it('sums the VAT cells of a row of labels with the values below', () => {
    const { fields } = read([
      'FACTURA',
      'Base imponible   IVA 21%    IVA 10%    TOTAL FACTURA',
      '300,00 €         42,00 €    10,00 €    352,00 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '52.00', verified: true });
    expect(fields.total).toMatchObject({ value: '352.00', verified: true });
  });

  it('reads a withholding cell whose value is centred under the whole label cell', () => {
    const { fields } = read([
      'FACTURA',
      'Base imponible   IVA 21%   Retención IRPF 15%   TOTAL FACTURA',
      '1.000,00 €       210,00 €         -150,00 €     1.060,00 €',
    ]);
    expect(fields.withholding_total).toMatchObject({ value: '150.00', verified: true });
    expect(fields.total).toMatchObject({ value: '1060.00', verified: true });
  });

  it('takes base, VAT and recargo from a VAT table with recargo columns', () => {
    const { fields } = read([
      'FACTURA',
      'Base imponible   % IVA   Cuota IVA   % R.E.   Cuota R.E.',
      '1.000,00 €   21%   210,00 €   5,2%   52,00 €',
      '500,00 €   10%   50,00 €   1,4%   7,00 €',
      'TOTAL FACTURA   1.819,00 €',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '1500.00', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '260.00', verified: true });
    expect(fields.surcharge_total).toMatchObject({ value: '59.00', verified: true });
    expect(fields.total).toMatchObject({ value: '1819.00', verified: true });
  });

  it('does not verify when the per-rate sum does not close', () => {
    const { fields, warnings } = read([
      'FACTURA',
      'Base imponible   300,00 €',
      'IVA 21%   42,00 €',
      'IVA 10%   10,00 €',
      'TOTAL FACTURA   355,00 €',
    ]);
    expect(warnings).toContain('AMOUNTS_UNRECONCILED');
    expect(fields.total?.verified).toBe(false);
    expect(fields.vat_total?.verified).toBeFalsy();
  });
});

describe('scans: VAT amounts OCR misreads', () => {
  it('sums the rate whose decimal comma OCR dropped ("321€" for 3,21 €) as the arithmetic needs', () => {
    const { fields } = readScan([
      'FACTURA',
      'Base imponible   901,28 €',
      'IVA 10% sobre 821,06 €   82,11 €',
      'IVA 4% sobre 80,22 €   321€',
      'TOTAL FACTURA   986,60 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '85.32', verified: true });
    expect(fields.total).toMatchObject({ value: '986.60', verified: true });
  });

  it('reads the total beside the second line of a label wrapped in a narrow cell ("TOTAL" / "FACTURA")', () => {
    const pad = ' '.repeat(28);
    const rows = (second: string) => [
      '@0.05 FACTURA',
      `@0.30 ${pad}Base imponible   1.914,48 €`,
      `@0.31 ${pad}IVA 21%   402,04 €`,
      `@0.328 ${pad}TOTAL`,
      `@0.335 ${pad}${second}`,
    ];
    expect(readScan(rows('FACTURA   2.316,52 €')).fields.total).toMatchObject({
      value: '2316.52',
      verified: true,
    });
    // Words with a number beside them are a row of their own, not the label's second line (an amount
    // that is not base + VAT, which would make it a total of its own).
    expect(readScan(rows('Pedido 12   2.318,52 €')).fields.total?.value).toBeUndefined();
  });

  it('reads a euro sign misread as a digit after the amount ("5.983,78 6") as no amount', () => {
    const { fields } = readScan([
      'FACTURA',
      'Base imponible   28.494,21 €',
      'IVA 21%   5.983,78 6',
      'TOTAL FACTURA   34.477,99 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '5983.78', verified: true });
  });

  it('reads a VAT label glued to its rate ("IVA21%")', () => {
    const { fields } = readScan([
      'FACTURA',
      'Base imponible   3.846,07',
      'IVA21%   807,67',
      'TOTAL FACTURA   4.653,74 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '807.67', verified: true });
  });
});

describe('scans: rows of labels with the values below', () => {
  it('reads a VAT label with a bare rate ("IVA 21") and cells of table rules in the label row', () => {
    const { fields } = readScan([
      'FACTURA',
      '[   Base imponible        IVA 21      Retención IRPF 15%      TOTAL FACTURA   |',
      '    3.779,91 €           793,78 €         -566,99 €         4.006,70 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '793.78', verified: true });
    expect(fields.total).toMatchObject({ value: '4006.70', verified: true });
  });
  it('reads a garbled row of labels ("Base imponibie   IVA21%") and OCR-dotted values ("8,938,12 €")', () => {
    const { fields } = readScan([
      'FACTURA',
      'Base imponibie        IVA21%        IRPF 15%      Total a pagar',
      ' 8,938,12 €         1.877,01 €    -1.340.72 €   9.474,41 €',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '8938.12', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '1877.01', verified: true });
    expect(fields.withholding_total).toMatchObject({ value: '1340.72', verified: true });
    expect(fields.total).toMatchObject({ value: '9474.41', verified: true });
  });
});

describe('credit notes', () => {
  it('reads each trailing minus of a row of accounting amounts, but not a range', () => {
    expect(findAmounts('1.808,39-   379,76-   2.188,15-').map((a) => a.value)).toEqual([
      -1808.39, -379.76, -2188.15,
    ]);
    expect(findAmounts('1,50-2,00   3,00').some((a) => a.value < 0)).toBe(false);
  });

  it('reads a row of labels ending in a bare TOTAL over the amounts under them', () => {
    const { fields } = read([
      'ABONO',
      'Base imponible      IVA 21%          TOTAL',
      '     1.808,39-      379,76-      2.188,15-',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '-1808.39', verified: true });
    expect(fields.vat_total?.value).toBe('-379.76');
    expect(fields.total).toMatchObject({ value: '-2188.15', verified: true });
  });

  it('gives the withholding the sign of the base and closes the sum', () => {
    const { fields } = read([
      'FACTURA RECTIFICATIVA',
      'Base imponible   -1.000,00 €',
      'IVA 21%   -210,00 €',
      'Retención IRPF 15%   150,00 €',
      'TOTAL   -1.060,00 €',
    ]);
    expect(fields.withholding_total).toMatchObject({ value: '-150.00', verified: true });
    expect(fields.total).toMatchObject({ value: '-1060.00', verified: true });
    expect(fields.tax_base?.value).toBe('-1000.00');
  });

  it('reads a trailing minus and an en dash as minus signs', () => {
    const { fields } = readScan([
      'ABONO',
      'Base imponible   1.000,00-',
      'IVA 21%   – 210,00 €',
      'TOTAL   1.210,00 €-',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '-1000.00', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '-210.00', verified: true });
    expect(fields.total).toMatchObject({ value: '-1210.00', verified: true });
  });

  it('takes the VAT whose minus OCR lost as negative when base and total are', () => {
    const { fields } = readScan([
      'FACTURA RECTIFICATIVA',
      'Base imponible   -235,84 €',
      'IVA 21%   49,53 €',
      'TOTAL   -285,37 €',
    ]);
    expect(fields.vat_total?.value).toBe('-49.53');
    expect(fields.total).toMatchObject({ value: '-285.37', verified: true });
  });

  it('verifies no sign only one amount was read with (a stray dash before the total)', () => {
    const { fields } = readScan([
      'FACTURA',
      'Base imponible   235,84 €',
      'IVA 21%   49,53 €',
      'TOTAL   - 285,37 €',
    ]);
    expect(fields.total).toMatchObject({ value: '-285.37', verified: false });
  });

  it('flips no sign on an invoice read all positive', () => {
    const { fields } = readScan([
      'FACTURA',
      'Base imponible   235,84 €',
      'IVA 21%   49,53 €',
      'TOTAL   285,37 €',
    ]);
    expect(fields.total).toMatchObject({ value: '285.37', verified: true });
    expect(fields.vat_total?.value).toBe('49.53');
  });
});

/** Reads a scanned receipt from rows and runs the amount checks as the pipeline does. */
function readReceipt(rows: string[]) {
  const r = extractFromText([page(rows)], 'ocr');
  const warnings: string[] = [];
  const w = (x: { code: string }) => warnings.push(x.code);
  reconcileAmounts(r.fields, r.amountCandidates, w);
  preferRoundedTotal(r.fields, r.amountCandidates.total, w, r);
  return { fields: r.fields, warnings, r };
}

describe('receipts: cash rounding around the arithmetic', () => {
  it('keeps a total that already includes the printed rounding (base + tax + rounding = total)', () => {
    const { fields } = readReceipt([
      'SHOP ENTERPRISE',
      'Total Sales (Excluding GST) :   96.00',
      'Total GST :   5.76',
      'Rounding :   -0.01',
      'Total Sales (Inclusive of GST) :   101.75',
      'CASH :   101.75',
      'Change :   0.00',
      'Item total   101.76',
    ]);
    expect(fields.total).toMatchObject({ value: '101.75', verified: false });
  });

  it('takes base + tax + rounding when it is what was paid and the printed total differs by a misread', () => {
    const { fields, warnings } = readReceipt([
      'SHOP ENTERPRISE',
      'Sub Total (RM)   106.10',
      'Total GST (RM) :   6.37',
      'Rounding (RM) :   -0.02',
      'Total (RM) :   112.46',
      'CASH :   112.45',
    ]);
    expect(fields.total).toMatchObject({ value: '112.45', verified: false });
    expect(warnings).toContain('TOTAL_ROUNDED');
  });
});

describe('receipts: the tendered line', () => {
  it('marks a total candidate on the tendered line, and not as equal to what was paid', () => {
    const { r } = readReceipt(['SHOP ENTERPRISE', 'Total Amt Payable:   7.40', 'Paid Amount:   10.00']);
    const paid = r.amountCandidates.total.find((c) => c.cents === 1000);
    expect(paid?.features?.onTenderedLine).toBe(1);
    expect(paid?.features?.equalsPaidNoChange).toBeUndefined();
  });

  it('takes no card discount for what was tendered, and the total after the rounding adjustment', () => {
    const { r } = readReceipt([
      'SHOP SDN BHD',
      'Item promo @149.00   -20.00',
      'Member card DISC   -7.45',
      'Sub-total   476.81',
      'Total Sales Incl GST   476.81',
      'Rounding Adj   -0.01',
      'Total After Adj Incl GST   476.80',
      'CASH   500.00',
      'Item Count 3   Change Amt   23.20',
    ]);
    expect(r.payment).toMatchObject({ tendered: 50000, change: 2320, paid: 47680 });
    expect(r.fields.total?.value).toBe('476.80');
  });

  it('reads the change under a label OCR misspelt, and takes the total it was paid for', () => {
    const { r } = readReceipt([
      'SHOP ENTERPRISE',
      'Total Amt Ind GST@ 6%:   7.42',
      'Roundng Adjustment:   (0.02)',
      'Total Amt Payable:   7.40',
      'Paid Amount:   10.00',
      'Chenge:   2.60',
    ]);
    expect(r.payment).toMatchObject({ tendered: 1000, change: 260, paid: 740 });
    expect(r.fields.total?.value).toBe('7.40');
  });

  it('offers what was tendered as the total when nothing is labelled as one', () => {
    const { r } = readReceipt(['SHOP ENTERPRISE', 'ITEM A   149.00', 'ITEM B   21.00', 'CASH   170.00']);
    expect(r.amountCandidates.total.map((c) => c.cents)).toContain(17000);
  });
});

describe('receipts: a grand total over taxed and untaxed goods', () => {
  it('keeps the sum of the two totals printed above it over the taxed part the arithmetic closes on', () => {
    const { fields } = readReceipt([
      'SHOP ENTERPRISE',
      'Total 6% supplies (excl. GST):   24.00',
      'GST:   1.44',
      'Total 6% supplies (Inc. GST):   25.44',
      'Total 0% supplies:   7.61',
      'Total Payable:   33.05',
    ]);
    expect(fields.total?.value).toBe('33.05');
    expect(fields.total?.verified).toBe(false);
  });
});

describe('a VAT breakdown is verified only with the recargo the document charges', () => {
  it('puts a stacked recargo on its VAT rate’s line when it is the base at that rate’s recargo', () => {
    const { fields } = read([
      'Base imponible   2.387,44 €',
      'IVA 21%   501,36 €',
      'Recargo de equivalencia   124,15 €',
      'TOTAL FACTURA   3.012,95 €',
    ]);
    expect(fields.surcharge_total).toMatchObject({ value: '124.15', verified: true });
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '21', base: '2387.44', amount: '501.36', surcharge_rate: '5.2', surcharge_amount: '124.15' },
    ]);
    expect(fields.vat_breakdown?.verified).toBe(true);
  });

  it('leaves unverified a breakdown whose lines carry no recargo while the document charges one', () => {
    const fields: FieldMap = {
      tax_base: { value: '2387.44', confidence: 0.97, source: 'ocr', verified: true },
      vat_total: { value: '501.36', confidence: 0.97, source: 'ocr', verified: true },
      surcharge_total: { value: '124.15', confidence: 0.97, source: 'ocr', verified: true },
      vat_breakdown: {
        value: [{ rate: '21', base: '2387.44', amount: '501.36' }],
        confidence: 0.95,
        source: 'computed',
        verified: true,
      },
    };
    checkBreakdown(fields, () => {});
    expect(fields.vat_breakdown?.verified).toBe(false);
  });
});

describe('recargo de equivalencia under a short label', () => {
  it('reads "Rec. equivalencia 1,4%" as the recargo, and the total it closes', () => {
    const { fields } = read([
      'Base imponible   1.000,00 €',
      'IVA 10%   100,00 €',
      'Rec. equivalencia 1,4%   14,00 €',
      'TOTAL FACTURA   1.114,00 €',
    ]);
    expect(fields.surcharge_total).toMatchObject({ value: '14.00', verified: true });
    expect(fields.total).toMatchObject({ value: '1114.00', verified: true });
  });
});

describe('a total label wrapped around its value', () => {
  it('reads "TOTAL" over "FACTURA   8.753,85 €" as the total, never a VAT line under a bare "Total"', () => {
    const { fields } = readScan([
      'Base imponible   % IVA   Cuota IVA',
      '3.624,76 €   21%   761,20 €',
      '2.980,41 €   10%   298,04 €',
      '1.047,54 €   4%   41,90 €',
      'TOTAL',
      'FACTURA   8.753,85 €',
    ]);
    expect(fields.total).toMatchObject({ value: '8753.85', verified: true });
    const r = extractFromText(
      [page(['Base imponible   1.000,00 €', 'Total', 'IVA 21%   210,00 €', 'A pagar   1.210,00 €'], 'ocr')],
      'ocr',
    );
    expect(r.amountCandidates.total.map((c) => c.cents)).not.toContain(21000);
  });
});

describe('a recargo line whose decimal comma OCR lost', () => {
  it('joins its VAT rate when base × its rate says where the comma was ("948€" for 9,48 €)', () => {
    const { fields } = readScan([
      'Base imponible   1.896,75 €',
      'IVA 4% (base 1.896,75 €)   75,87 €',
      'Rec. equivalencia 0,5%   948€',
      'TOTAL FACTURA   1.982,10 €',
    ]);
    expect(fields.vat_breakdown?.value[0]).toMatchObject({
      rate: '4',
      surcharge_rate: '0.5',
      surcharge_amount: '9.48',
    });
  });
});
