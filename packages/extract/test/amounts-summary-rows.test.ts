import { describe, expect, it } from 'vitest';
import { perRateSums, reconcileAmounts } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page, readAmounts } from './text-page.ts';

const read = readAmounts;

describe('amounts: summary rows as accounting programs print them', () => {
  it('reads a VAT table whose rates carry three decimals ("10,000 %"), one row per rate', () => {
    const { fields } = read([
      'FACTURA 2024/77',
      'IVA   BASE IMPONIBLE   % I.V.A.   CUOTA',
      '10   150,00 €   10,000 %   15,00 €   TOTAL',
      '21   40,00 €   21,000 %   8,40 €',
      '                                     213,40 €',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '10', base: '150.00', amount: '15.00' },
      { rate: '21', base: '40.00', amount: '8.40' },
    ]);
    expect(fields.tax_base).toMatchObject({ value: '190.00', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '23.40', verified: true });
    expect(fields.total).toMatchObject({ value: '213.40', verified: true });
  });

  it('reads a rate column printed without its percent sign as the rate, not as an amount', () => {
    const { fields } = read([
      'TICKET 88',
      'Base   %Iva   Importe Iva   Total',
      '50,00   10,00   5,00   55,00',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '10', base: '50.00', amount: '5.00' }]);
    expect(fields.vat_total).toMatchObject({ value: '5.00', verified: true });
  });

  it('takes the value of the last label of a row from the line below when the row of values is shorter', () => {
    const { fields } = read([
      'FACTURA 2024/82',
      'TOTAL IMP.   %   IMPORTE   BASE   %   IVA   %   REC.   TOTAL',
      '  300,00                  300,00   4,00  12,00',
      '                                                       312,00€',
    ]);
    expect(fields.total).toMatchObject({ value: '312.00', verified: true });
    expect(fields.tax_base).toMatchObject({ value: '300.00', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '12.00', verified: true });
  });
});

describe('amounts: Spanish tax labels', () => {
  it('reads "Impuesto" opening its line as the VAT, never "Impuesto eléctrico"', () => {
    const { fields } = read([
      'Factura 12',
      'Cargos   40,00',
      'Impuesto eléctrico   2,05',
      'Subtotal   40,00',
      'Impuesto   8,40',
      'Total   48,40',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '8.40', verified: true });
    expect(fields.total).toMatchObject({ value: '48.40', verified: true });
  });

  it('reads the Canary Islands IGIC where IVA would be', () => {
    const { fields } = read([
      'Factura 13',
      'Total Base Imponible   200,00',
      'Total I.G.I.C. 7%   14,00',
      'Total Factura   214,00',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '14.00', verified: true });
  });

  it('reads "Ret:" in a row of labels as the withholding', () => {
    const { fields } = read([
      'Factura 14',
      'Bas.Imp.:   Ret:   IVA:   Total:',
      '1.000,00 €   150,00 €   210,00 €   1.060,00 €',
    ]);
    expect(fields.withholding_total).toMatchObject({ value: '150.00', verified: true });
    expect(fields.total).toMatchObject({ value: '1060.00', verified: true });
  });

  it('reads "Total sin IVA" as the base and "Total con IVA" as the total, never as the VAT', () => {
    const { fields } = read([
      'Factura 56',
      'Total sin IVA   33,06 €',
      'IVA 21 %   6,94 €',
      'Total con IVA   40,00 €',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '33.06', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '6.94', verified: true });
    expect(fields.total).toMatchObject({ value: '40.00', verified: true });
  });

  it('reads "Bases imponibles", "Suma bases", "B.I.", "Cuota" and "A PAGAR"', () => {
    for (const [base, vat, total] of [
      ['Bases imponibles', 'Cuota', 'Total factura'],
      ['Suma bases', 'Total cuotas', 'A PAGAR'],
      ['B.I. 21%', 'I.V.A. 21%', 'TOTAL'],
    ]) {
      const { fields } = read(['Factura 80', `${base}   300,00`, `${vat}   63,00`, `${total}   363,00 €`]);
      expect(fields.tax_base, base).toMatchObject({ value: '300.00', verified: true });
      expect(fields.vat_total, vat).toMatchObject({ value: '63.00', verified: true });
      expect(fields.total, total).toMatchObject({ value: '363.00', verified: true });
    }
  });

  it('reads "Total (impuestos no incluidos)" as the base', () => {
    const { fields } = read([
      'Factura 55',
      'Total (impuestos no incluidos)   40,00 €',
      'IVA 21%   8,40 €',
      'Total a pagar   48,40 €',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '40.00', verified: true });
  });

  it('reads the Catalan variants: "Bases imposables", "Quota", "Total sense IVA", "Total amb IVA"', () => {
    for (const [base, vat, total] of [
      ['Bases imposables', 'Quota', 'Import a pagar'],
      ['Total sense IVA', 'IVA 21%', 'Total amb IVA'],
    ]) {
      const { fields } = read(['Factura 90', `${base}   300,00`, `${vat}   63,00`, `${total}   363,00 €`]);
      expect(fields.tax_base, base).toMatchObject({ value: '300.00', verified: true });
      expect(fields.vat_total, vat).toMatchObject({ value: '63.00', verified: true });
      expect(fields.total, total).toMatchObject({ value: '363.00', verified: true });
    }
  });

  it('computes the base as total − VAT when the VAT prints no rate but one usual rate gives it', () => {
    const { fields } = read([
      'FACTURA Nº FE23-002',
      'Potencia   12,34 €',
      'Energía   45,67 €',
      'Descuentos   -3,00 €',
      'Impuesto electricidad   2,80 €',
      'Alquiler equipos de medida   0,81 €',
      'IVA   12,31 €',
      'TOTAL   70,93 €',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '58.62', source: 'computed', verified: false });
  });

  it('prefers a bare rate column to a printed 0 % of the recargo beside it', () => {
    const { fields } = read([
      'FACTURA 2024/91',
      'Base Imponible %IVA   Importe IVA %R.E. Importe R.E.',
      '250,00   21   52,50   0   0,00   0 %',
      'Importe TOTAL ........   302,50',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '21', base: '250.00', amount: '52.50' }]);
  });

  it('reads no VAT row in a goods table whose header names a VAT column', () => {
    const { fields } = read([
      'FACTURA 2024/92',
      'Codigo   Descripcion del Producto   Uds.   Precio/Ud   Dto   %IVA   Importe',
      '0011   ALH ESP RET   2   22,89   50   21   22,89',
      'Base imponible   22,89',
      'IVA 21%   4,81',
      'Total   27,70',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '21', base: '22.89', amount: '4.81' }]);
  });

  it('keeps the amount in a label\'s own cell, never the next label\'s ("IVA: 0,00 €   TOTAL:   30,00 €")', () => {
    const rows = ['FACTURA CU/7', 'BASE IMPONIBLE:   30,00 €   IVA: 0,00 €   TOTAL:   30,00 €'];
    const { amountCandidates } = extractFromText([page(rows, 'text')], 'text');
    expect(amountCandidates.vat_total.map((c) => c.cents)).toEqual([0]);
    expect(read(rows).fields.vat_total?.value).toBe('0.00');
  });

  it('reads a row of labels that print their rates ("Cuota IVA 21 %   R.E. 5,2 %") over its values', () => {
    const { fields } = read([
      'Factura 6',
      'Base imponible   Cuota IVA 21 %   R.E. 5,2 %   Total',
      '1.000,00   210,00   52,00   1.262,00',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '1000.00', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '210.00', verified: true });
    expect(fields.surcharge_total).toMatchObject({ value: '52.00', verified: true });
    expect(fields.total).toMatchObject({ value: '1262.00', verified: true });
  });

  it("never sums one rate's VAT with its own repetition printed without the base", () => {
    const box = (y: number) => ({ page: 1, x: 0.5, y, w: 0.1, h: 0.01 });
    const withBase = { cents: 17461, score: 2, box: box(0.5), rate: 22, line: 10, onBase: 79367 };
    const repeated = { cents: 17461, score: 1, box: box(0.6), rate: 22, line: 12 };
    expect(perRateSums([withBase, repeated])).toEqual([]);
    const otherRate = { cents: 500, score: 1, box: box(0.55), rate: 10, line: 11, onBase: 5000 };
    expect(perRateSums([withBase, repeated, otherRate]).map((s) => s.cents)).toEqual([17961]);
  });

  it('reads the last "Total" of a row of labels that opens with "Total neto"', () => {
    const { fields } = read([
      'Factura 37',
      'Total neto   IVA 21 %   IVA 10 %   Total',
      '1.300,00 €   210,00 €   30,00 €   1.540,00 €',
    ]);
    expect(fields.total).toMatchObject({ value: '1540.00', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '240.00', verified: true });
  });

  it('reads every VAT of an inline block, each with its own rate, and sums them', () => {
    const { fields } = read([
      'Factura 6',
      'Base imponible 300,00 € · IVA 21 % 42,00 € · IVA 10 % 10,00 € · Total 352,00 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '52.00', verified: true });
    expect(fields.total).toMatchObject({ value: '352.00', verified: true });
  });

  it('reads a label printed after an excluded one on the same line, and stops at a bare "Total"', () => {
    const { fields } = read([
      'Factura 30',
      'Importe sin IVA 4.610,10 € · IVA 21 % 968,12 € · Retención IRPF 15 % -691,52 € · Total 4.886,70 €',
    ]);
    expect(fields.vat_total).toMatchObject({ value: '968.12', verified: true });
    expect(fields.withholding_total).toMatchObject({ value: '691.52', verified: true });
  });

  it("never takes base = total with no VAT on a gross total beside the document's total", () => {
    const box = (x: number, y: number) => ({ page: 1, x, y, w: 0.05, h: 0.01 });
    const cand = (cents: number, score: number, x: number, line: number, tier: string) => ({
      cents,
      score,
      box: box(x, 0.5 + line / 100),
      line,
      features: { [tier]: 1 },
    });
    const fields = {
      total: { value: '608.63', confidence: 0.7, source: 'text' as const, verified: false },
      vat_total: { value: '0.00', confidence: 0.7, source: 'text' as const, verified: false },
      vat_breakdown: {
        value: [{ rate: '21', base: '503.00', amount: '105.63' }],
        confidence: 0.6,
        source: 'text' as const,
        verified: false,
      },
    };
    const cands = {
      // "TOTAL BRUTO 503,00" and "TOTAL FACTURA 608,63" over one row; a rate row's "0,00" under "IVA".
      total: [cand(60863, 3.8, 0.9, 21, 'tier0'), cand(50300, 1.9, 0.1, 21, 'tier1')],
      tax_base: [],
      vat_total: [cand(0, 2.9, 0.56, 22, 'tier0')],
      withholding_total: [cand(0, 3.1, 0.77, 23, 'tier0')],
      surcharge_total: [],
    };
    reconcileAmounts(fields, cands, () => {});
    expect(fields.vat_total.value).toBe('105.63');
    expect(fields.total.value).toBe('608.63');
  });

  it("gives a fee invoice's one rate as its breakdown, computed and unverified like its base", () => {
    const { fields } = read([
      'Minuta 12',
      'Honorarios   120,00 €',
      'I.V.A. 21%   25,20 €',
      'Retención IRPF 15%   - 18,00 €',
      'TOTAL ADEUDADO   127,20 €',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '120.00', source: 'computed', verified: false });
    expect(fields.vat_breakdown).toMatchObject({
      value: [{ rate: '21', base: '120.00', amount: '25.20' }],
      source: 'computed',
      verified: false,
    });
  });

  it('reads no rate from a bare figure where a base of cents fits several rates', () => {
    const { fields } = read(
      ['TICKET 5', 'IVA   BASE   CUOTA', '3   0,87   0,03', '10%   7,45   0,75', 'TOTAL   9,10'],
      'ocr',
    );
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '10', base: '7.45', amount: '0.75' }]);
  });

  it("reads a ticket's exempt row that prints no rate, never a 0 % from a total's figure after zeros", () => {
    const { fields } = read(
      ['TICKET 7', 'IVA   BASE   CUOTA', '12,48   0,00', '21%   1,82   0,38', 'TOTAL   14,68'],
      'ocr',
    );
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '0', base: '12.48', amount: '0.00' },
      { rate: '21', base: '1.82', amount: '0.38' },
    ]);
    const taxes = read([
      'FACTURA 8',
      'Base Imponible %IVA   Importe IVA %R.E. Importe R.E.',
      '182,31   21   38,29   0   0,00   0 %',
      '0,00   0   0,00   0   0,00   Total IMPUESTOS ...........   38,29',
      'Importe TOTAL ........   220,60',
    ]);
    expect(taxes.fields.vat_breakdown?.value).toEqual([{ rate: '21', base: '182.31', amount: '38.29' }]);
  });
});
