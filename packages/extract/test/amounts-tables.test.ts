import { describe, expect, it } from 'vitest';
import { breakdownRow } from '../src/fields/amounts/breakdown.ts';
import { readAmounts } from './text-page.ts';

const value = (f: { value: unknown } | undefined) => f?.value;

describe('amounts: tax tables and label rows read by column', () => {
  it('sums a ticket tax table with one row per rate and no row of sums', () => {
    const { fields } = readAmounts(
      [
        'TOTAL COMPRA (iva incl.)   31.74',
        'TARJETA                    31.74',
        'Tipo      Base     Iva      Req      Total',
        '0.00%     1.99     0.00     0.00     1.99',
        '10.00%    18.05    1.80     0.00     19.85',
        '5.00%     9.43     0.47     0.00     9.90',
      ],
      'ocr',
    );
    expect(value(fields.total)).toBe('31.74');
    expect(value(fields.tax_base)).toBe('29.47');
    expect(value(fields.vat_total)).toBe('2.27');
  });

  it('never takes a total printed with its tax included for the tax', () => {
    const { fields } = readAmounts(['TOTAL COMPRA (IVA incl.)   12,67', 'TARJETA   12,67'], 'ocr');
    expect(value(fields.total)).toBe('12.67');
    expect(value(fields.vat_total)).toBeUndefined();
  });

  it('pairs a letter-spaced total heading with its value when labels crowd one cell', () => {
    const { fields } = readAmounts([
      'FACTURA 25-100',
      'Importe Bruto   Portes   B. Imponible   % IVA   Cuota IVA R.Equivalencia T O T A L Fra.',
      '334,14                   334,14         4%      13,37',
      '                                                                         347,51',
    ]);
    expect(value(fields.total)).toBe('347.51');
    expect(value(fields.tax_base)).toBe('334.14');
    expect(value(fields.vat_total)).toBe('13.37');
  });

  it('gives the one-rate breakdown of a base and VAT printed without their rate, from the rate column', () => {
    const { fields } = readAmounts([
      'Descripción                 Cantidad   Precio   IVA    Importe',
      'Conservas de pescado        10         36,540   10,0   365,40',
      'Base Imponible:   365,40',
      'I.V.A.:   36,54',
      'Total Factura:   401,94',
    ]);
    expect(value(fields.vat_total)).toBe('36.54');
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '10', base: '365.40', amount: '36.54' }]);
    // The rate was inferred, not read beside the amounts: no proof.
    expect(fields.vat_breakdown?.verified).toBe(false);
  });

  it('infers no rate the page does not print (a mix of rates may average to a usual one)', () => {
    const { fields } = readAmounts([
      'Servicios varios            365,40',
      'Base Imponible:   365,40',
      'I.V.A.:   36,54',
      'Total Factura:   401,94',
    ]);
    expect(value(fields.vat_total)).toBe('36.54');
    expect(fields.vat_breakdown).toBeUndefined();
  });

  it('takes the summary row of a rate over the delivery-note rows above it at that rate', () => {
    const { fields } = readAmounts([
      'Fecha        Base impon.   I.V.A.   Total Neto',
      '02-11-2025   7,88          0,32     8,20',
      '03-11-2025   3,12          0,12     3,24',
      'Base imponible   %   Iva    Total',
      '11,00            4   0,44   11,44',
      'Total factura   11,44',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '4', base: '11.00', amount: '0.44' }]);
  });

  it('reads the base of a ticket tax row from its money, not from a count printed before it', () => {
    const { fields } = readAmounts(
      ['TOTAL   23,80', 'B.Imp. 1 18,70   IVA 0%   Imp.   0,00', '1,51   5%   0,08', '3,19   10%   0,32'],
      'ocr',
    );
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '0', base: '18.70', amount: '0.00' },
      { rate: '5', base: '1.51', amount: '0.08' },
      { rate: '10', base: '3.19', amount: '0.32' },
    ]);
    expect(value(fields.tax_base)).toBe('23.40');
    expect(value(fields.vat_total)).toBe('0.40');
  });

  it('takes the figure printed as a rate for the rate when money could be read as one too', () => {
    // 12,00 at 21 % and 21,00 at 12 % both give 2,52: "21,0" is printed as a rate, "12,00" as money.
    expect(breakdownRow('12,00 |   21,0   2,52', true)).toEqual({
      rate: '21',
      base: '12.00',
      amount: '2.52',
    });
    expect(breakdownRow('50,00   10,00   5,00')).toEqual({ rate: '10', base: '50.00', amount: '5.00' });
  });

  it('reads the net and VAT of a one-line invoice from its row when no tax label is printed', () => {
    const { fields } = readAmounts([
      'Concepto                        Precio €   IVA   Importe €',
      'Servicio de envío (7 pedidos)   106,20     21%   22,30   128,50',
      'Total factura*   128,50',
    ]);
    expect(value(fields.tax_base)).toBe('106.20');
    expect(value(fields.vat_total)).toBe('22.30');
    expect(value(fields.total)).toBe('128.50');
    // Inferred from one row: shown, never verified.
    expect(fields.tax_base?.verified).toBe(false);
  });

  it('takes no net or VAT from an items table of several such rows', () => {
    const { fields } = readAmounts([
      'Concepto          Precio €   IVA   Importe €',
      'Envío urgente     100,00     21%   21,00   121,00',
      'Envío ordinario   50,00      21%   10,50   60,50',
      'Total factura   181,50',
    ]);
    expect(value(fields.total)).toBe('181.50');
    expect(fields.tax_base).toBeUndefined();
  });
});
