import { describe, expect, it } from 'vitest';
import { readAmounts } from './text-page.ts';

const value = (f: { value: unknown } | undefined) => f?.value;

describe('amounts: several rates, tax tables in any arrangement', () => {
  it('reads the base a VAT line prints after "de" ("IVA (21 %) de 355,23"), glued or not', () => {
    const { fields } = readAmounts(['IVA (21%) de 355,23   74,60 €', 'TOTAL   429,83 €'], 'ocr');
    // Printed, the base is a second read the total agrees with: verified, not computed.
    expect(value(fields.tax_base)).toBe('355.23');
    expect(fields.tax_base?.verified).toBe(true);
    // Glued, and with its rate misread (no base at "19 %" gives 74,60): still the base printed.
    const glued = readAmounts(['IVA[219%]de355.23   74,60 €', 'TOTAL   429,83 €'], 'ocr');
    expect(value(glued.fields.tax_base)).toBe('355.23');
    expect(value(glued.fields.vat_total)).toBe('74.60');
  });

  it('sums the bases of blocks printed one per rate, not one block with a line item read as VAT', () => {
    const { fields } = readAmounts(
      [
        'CANTIDAD   CONCEPTO   PRECIO UNIT.   TIPO   PRECIO FINAL',
        '2   CARTA CERTIFICADA   4.68   EXENTO   9.36',
        '0.91   1.10   IVA 21%   220',
        'TOTAL   14.68',
        'Base imponible sujeta a impuesto (IVA)   1.82',
        'Tipo impositivo: IVA 21%',
        'CUOTA   0.38',
        'Base imponible sujeta a impuesto (IVA)   12.48',
        'Tipo impositivo: EXENTO',
        'CUOTA   0.00',
      ],
      'ocr',
    );
    expect(value(fields.tax_base)).toBe('14.30');
    expect(value(fields.vat_total)).toBe('0.38');
    expect(value(fields.total)).toBe('14.68');
  });

  it('reads a tax table whose header names the rate column only ("TIPO   BASE   IMPORTE")', () => {
    const { fields } = readAmounts(
      ['TOTAL   17,60', 'TIPO   BASE   IMPORTE', '21,00   10,00   2,10', '10,00   5,00   0,50'],
      'ocr',
    );
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '21', base: '10.00', amount: '2.10' },
      { rate: '10', base: '5.00', amount: '0.50' },
    ]);
    expect(value(fields.tax_base)).toBe('15.00');
    expect(value(fields.vat_total)).toBe('2.60');
  });

  it('derives the base from the total and the VAT of each rate when no base is printed, unverified', () => {
    const { fields } = readAmounts(['IVA 21%   21,00', 'IVA 10%   5,00', 'TOTAL   176,00']);
    expect(value(fields.vat_total)).toBe('26.00');
    expect(value(fields.tax_base)).toBe('150.00');
    expect(fields.tax_base?.verified).toBe(false);
    // A total the rates' VAT cannot come from (no base at 21 % and 10 % gives 26,00 with 300,00): no base.
    const off = readAmounts(['IVA 21%   21,00', 'IVA 10%   5,00', 'TOTAL   326,00']);
    expect(value(off.fields.tax_base)).toBeUndefined();
  });
  it('never reads a withholding in a row of totals as a VAT rate of its base', () => {
    const { fields } = readAmounts([
      'Base imponible   Retención   IVA   Total',
      '1.000,00   -150,00   210,00   1.060,00',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '21', base: '1000.00', amount: '210.00' }]);
    expect(value(fields.withholding_total)).toBe('150.00');
  });
  it('pairs a base and a VAT each labelled with its rate into one breakdown line per rate', () => {
    const { fields } = readAmounts([
      'Base imponible 10%   40,00',
      'IVA 10%   4,00',
      'Base imponible 21%   10,00',
      'IVA 21%   2,10',
      'Total factura   56,10',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '10', base: '40.00', amount: '4.00' },
      { rate: '21', base: '10.00', amount: '2.10' },
    ]);
    expect(value(fields.tax_base)).toBe('50.00');
    expect(value(fields.vat_total)).toBe('6.10');
  });

  it('reads "Impuestos" and "Cuota" as the VAT in any cell of a row of labels', () => {
    const { fields } = readAmounts([
      'Importe   Base imponible   Impuestos   Total',
      '100,00   100,00   21,00   121,00',
    ]);
    expect(value(fields.vat_total)).toBe('21.00');
    expect(value(fields.total)).toBe('121.00');
  });
  it('reads the equivalence surcharge of an invoice in English', () => {
    const { fields } = readAmounts([
      'Total excl. VAT   Tax 21 %   Surcharge (RE) 5.2 %   Total due',
      '1,000.00 €   210.00 €   52.00 €   1,262.00 €',
    ]);
    expect(value(fields.surcharge_total)).toBe('52.00');
    expect(fields.surcharge_total?.verified).toBe(true);
    expect(value(fields.total)).toBe('1262.00');
  });
  it('reads the recargo of each rate in a table that prints its rates without a percent sign', () => {
    const { fields } = readAmounts([
      'Base Imponible   % IVA   Cuota IVA   % R.E.   Cuota R.E.',
      '100,00   21,00   21,00   5,20   5,20',
      '50,00   10,00   5,00   1,40   0,70',
      'TOTAL FACTURA   181,90',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '21', base: '100.00', amount: '21.00', surcharge_rate: '5.2', surcharge_amount: '5.20' },
      { rate: '10', base: '50.00', amount: '5.00', surcharge_rate: '1.4', surcharge_amount: '0.70' },
    ]);
    expect(value(fields.tax_base)).toBe('150.00');
    expect(value(fields.vat_total)).toBe('26.00');
    expect(value(fields.surcharge_total)).toBe('5.90');
  });

  it('never reads a zero discount beside the base as a 0 % line', () => {
    const { fields } = readAmounts([
      'Suma   Descuento   Base imponible   IVA   Total',
      '100,00   0,00   100,00   21,00   121,00',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '21', base: '100.00', amount: '21.00' }]);
  });
  it("takes the VAT as total − base when OCR misread the VAT's digits and base × rate says so", () => {
    // 8,68 printed, "8.58" read: 41,33 at 21 % is 8,68, and 41,33 + 8,68 is the total.
    const { fields } = readAmounts(['Total   EUR   50.01', '41.3321.00% IVA   EUR   8.58'], 'ocr');
    expect(value(fields.tax_base)).toBe('41.33');
    expect(value(fields.vat_total)).toBe('8.68');
    expect(fields.vat_total?.verified).toBe(false);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '21', base: '41.33', amount: '8.68' }]);
    // No base at the rate gives total − base: the VAT read stands.
    const off = readAmounts(['Total   EUR   50.01', '40.3321.00% IVA   EUR   8.58'], 'ocr');
    expect(value(off.fields.vat_total)).toBe('8.58');
  });
});
