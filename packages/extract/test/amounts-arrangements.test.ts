import { describe, expect, it } from 'vitest';
import { extractFromText } from '../src/fields/index.ts';
import { page, readAmounts } from './text-page.ts';

const read = readAmounts;

const value = (f: { value: unknown } | undefined) => f?.value;

describe('amounts: labels and values in every arrangement', () => {
  it('reads a row of labels with the values in the row below, each value under its label', () => {
    const { fields } = read([
      'FACTURE N° F-2024-118',
      'Désignation                         Montant HT',
      'Prestation de conseil                  250,00',
      'TOTAL HT        TVA 20 %        TOTAL TTC',
      '  250,00          50,00           300,00',
    ]);
    expect(value(fields.total)).toBe('300.00');
    expect(value(fields.tax_base)).toBe('250.00');
    expect(value(fields.vat_total)).toBe('50.00');
    expect(fields.total?.verified).toBe(true);
  });

  it('pairs the cells of a label row and a value row by column when the values are right-aligned', () => {
    const { fields } = read([
      'Rechnung Nr. 4711',
      'Nettobetrag          MwSt. 19 %          Rechnungssumme brutto',
      '            100,00 €              19,00 €                 119,00 €',
    ]);
    expect(value(fields.total)).toBe('119.00');
    expect(value(fields.tax_base)).toBe('100.00');
    expect(value(fields.vat_total)).toBe('19.00');
  });

  it('pairs a rate cell with its label too, so the base and VAT under theirs are not shifted', () => {
    const { fields } = read(
      [
        'FACTURA SIMPLIFICADA: 3194-010-4030',
        'TOTAL (€)   6,52',
        'IVA   BASE IMPONIBLE (€)   — CUOTA (€)',
        '10%          5,93            0,59',
      ],
      'ocr',
    );
    expect(fields.tax_base).toMatchObject({ value: '5.93', verified: true });
    expect(fields.vat_total).toMatchObject({ value: '0.59', verified: true });
  });

  it("never verifies a base and a VAT read in each other's place", () => {
    const { fields } = read(['FACTURA 4', 'Base imponible   0,59', 'IVA 10%   5,93', 'TOTAL   6,52']);
    expect(fields.tax_base?.verified).toBe(false);
    expect(fields.vat_total?.verified ?? false).toBe(false);
  });

  it('reads a summary table: a header naming some amounts over rows of values, the sums last', () => {
    const { fields } = read([
      'Rechnung 2024-5',
      'Warenwert   Zu-/Abschlag   Fracht   Skonto sofort   Nettobetrag   MwSt-Betrag   MwSt-%   Endbetrag',
      '326,50      -8,10          3,00                     321,40        61,07         19,0     382,47',
      '130,70      -3,11                                   127,59        8,93          7,0      136,52',
      '457,20      -11,21         3,00                     448,99        70,00         EUR      518,99',
    ]);
    expect(fields.total).toMatchObject({ value: '518.99', verified: true });
    expect(value(fields.tax_base)).toBe('448.99');
    expect(value(fields.vat_total)).toBe('70.00');
  });

  it('reads no VAT amount from a discount line that names its VAT rate ("MwSt.-% 19,0, Rabattbetrag")', () => {
    const rows = [
      'Rechnung 2024-6',
      'Rechnungsrabatt 1: 2,00% Basisbetrag: 280,00, MwSt.-% 19,0, Rabattbetrag: -5,60',
      'Transportkosten: MwSt.-% 19,0',
      'Nettobetrag   274,40',
      'MwSt 19 %   52,14',
      'Gesamtbetrag   326,54',
    ];
    const vats = extractFromText([page(rows, 'text')], 'text').amountCandidates.vat_total.map((c) => c.cents);
    expect(vats).not.toContain(-560);
    expect(vats).not.toContain(1900);
    expect(read(rows).fields.vat_total).toMatchObject({ value: '52.14', verified: true });
  });

  it('reads the base printed inside the VAT label\'s phrase ("IVA 21 % s/98,02")', () => {
    const { fields } = read([
      'FACTURA SIMPLIFICADA',
      'Menú del día   2   98,02',
      'IVA 21 % s/98,02   20,58',
      'TOTAL   118,60',
    ]);
    expect(value(fields.tax_base)).toBe('98.02');
    expect(value(fields.vat_total)).toBe('20.58');
    expect(fields.total).toMatchObject({ value: '118.60', verified: true });
  });

  it('reads an inline block separated by commas, each value with its own label', () => {
    const { fields } = read([
      'Factura 2025/031, Fecha 03/02/2025',
      'Base imponible: 200,00, IVA 21%: 42,00, Total: 242,00',
    ]);
    expect(value(fields.tax_base)).toBe('200.00');
    expect(value(fields.vat_total)).toBe('42.00');
    expect(fields.total).toMatchObject({ value: '242.00', verified: true });
  });

  it('sums two VAT lines of different rates into the VAT total and keeps each in the breakdown', () => {
    const { fields } = read([
      'FACTURA 12',
      'IVA 21% s/100,00   21,00',
      'IVA 10% s/50,00   5,00',
      'TOTAL A PAGAR   176,00',
    ]);
    expect(value(fields.vat_total)).toBe('26.00');
    expect(value(fields.tax_base)).toBe('150.00');
    expect(fields.vat_breakdown?.value).toHaveLength(2);
    expect(fields.total).toMatchObject({ value: '176.00', verified: true });
  });

  it('sums two VAT lines even when no total closes on them', () => {
    const { fields } = read(['TICKET', 'IVA 21%   21,00', 'IVA 10%   5,00']);
    expect(value(fields.vat_total)).toBe('26.00');
  });

  it('keeps the amount still due apart from the total', () => {
    const { fields } = read([
      'Invoice 2024-77',
      'Subtotal   1,000.00',
      'VAT 20%   200.00',
      'Invoice total   1,200.00',
      'Paid on account   -500.01',
      'Open amount   699.99',
    ]);
    expect(fields.total).toMatchObject({ value: '1200.00', verified: true });
    expect(value(fields.amount_due)).toBe('699.99');
  });

  it('gives the total as the amount due when nothing is labelled as due and nothing was paid', () => {
    const { fields } = read(['Invoice 10', 'Subtotal   80.00', 'VAT 25%   20.00', 'Invoice total   100.00']);
    expect(fields.amount_due).toMatchObject({ value: '100.00', source: 'computed', verified: false });
    const paid = read(['Invoice 10', 'Invoice total   100.00', 'Deposit   -40.00']);
    expect(paid.fields.amount_due).toBeUndefined();
  });

  it('takes the amount due as the total when nothing else is labelled as one', () => {
    const { fields } = read(['Invoice 9', 'Subtotal   80.00', 'VAT 25%   20.00', 'Amount due   100.00']);
    expect(value(fields.total)).toBe('100.00');
    expect(value(fields.amount_due)).toBe('100.00');
  });

  it('reads LÍQUIDO as the total of a Spanish ticket', () => {
    const { fields } = read([
      'CAFETERÍA',
      'Café con leche   1,50',
      'Tostada   2,20',
      'Base imponible   3,36',
      'IVA 10%   0,34',
      'LÍQUIDO   3,70',
    ]);
    expect(fields.total).toMatchObject({ value: '3.70', verified: true });
  });

  it('reads "Rechnungssumme brutto" as the total of a German invoice', () => {
    const { fields } = read([
      'Rechnung Nr. 2024-1',
      'Summe netto   500,00 €',
      'Umsatzsteuer 19 %   95,00 €',
      'Rechnungssumme brutto   595,00 €',
    ]);
    expect(fields.total).toMatchObject({ value: '595.00', verified: true });
  });

  it('never verifies a total one cent off the sum, and warns of the difference', () => {
    const { fields, warnings } = read([
      'Factura 5',
      'Base imponible   100,00',
      'IVA 21%   21,00',
      'TOTAL FACTURA   121,01',
    ]);
    expect(value(fields.total)).toBe('121.01');
    expect(fields.total?.verified).toBe(false);
    expect(warnings).toContain('AMOUNTS_CENT_DIFFERENCE');
  });
});
