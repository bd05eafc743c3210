import { describe, expect, it } from 'vitest';
import { makeCif, rng } from '../scripts/invoice-cases.ts';
import { checkBreakdown, reconcileAmounts } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page } from './text-page.ts';

/** Reads a digital invoice from rows and runs the amount checks the pipeline runs. */
function read(rows: string[]) {
  const r = extractFromText([page(rows, 'text')], 'text');
  const warnings: string[] = [];
  reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code));
  checkBreakdown(r.fields, (w) => warnings.push(w.code));
  return { fields: r.fields, warnings };
}

describe('Spanish labels in the arrangements real invoices print', () => {
  it('reads short base labels: "B. Imponible", "Bas.Imp.:", "BASE IMP." and "BASE:"', () => {
    for (const label of ['B. Imponible', 'Bas.Imp.:', 'BASE IMP.', 'BASE:', 'Base I.V.A.']) {
      const { fields } = read([
        'Servicios Ejemplo S.L.',
        'Factura nº: A-17',
        `${label}   200,00 €`,
        'IVA 21 %   42,00 €',
        'TOTAL   242,00 €',
      ]);
      expect(fields.tax_base?.value, label).toBe('200.00');
      expect(fields.total?.value, label).toBe('242.00');
      expect(fields.total?.verified, label).toBe(true);
    }
  });

  it('reads "Total impuestos" as the VAT total, not the total', () => {
    const { fields } = read([
      'Distribuciones Ejemplo S.L.',
      'Total BASE IMPONIBLE ....   300,00',
      'Total IMPUESTOS ..........   63,00',
      'Importe TOTAL ........   363,00',
    ]);
    expect(fields.vat_total?.value).toBe('63.00');
    expect(fields.total?.value).toBe('363.00');
  });

  it('computes the base of a fee invoice that prints none: total − VAT + withholding, checked by the rate', () => {
    const { fields } = read([
      'Abogada Ejemplo',
      'Honorarios por asistencia a juicio   120,00 euros',
      'IVA (21%)   25,20 euros',
      'Retención IRPF (15%)   18,00 euros',
      'Total   127,20 euros',
    ]);
    expect(fields.tax_base).toMatchObject({ value: '120.00', source: 'computed', verified: false });
    expect(fields.vat_total?.value).toBe('25.20');
    expect(fields.withholding_total?.value).toBe('18.00');
    expect(fields.total?.value).toBe('127.20');
  });

  it('computes no base when the rate does not give the VAT read', () => {
    const { fields } = read(['Tienda Ejemplo', 'IVA (21%)   30,00', 'Total   127,20']);
    expect(fields.tax_base).toBeUndefined();
  });

  it('never reads a postcode beside a total label as the total', () => {
    const { fields } = read([
      'Energía Ejemplo S.A.',
      'TOTAL A PAGAR   04770 VILLA (PROVINCIA)',
      'Base imponible   88,43 €',
      'IVA 21 %   18,57 €',
      'TOTAL   107,00 €',
    ]);
    expect(fields.total?.value).toBe('107.00');
  });
});

describe("a value alone in its label's column a few lines down", () => {
  it('reads the total under "TOTAL" at the end of a row of values, past a payment line', () => {
    const { fields } = read([
      'Ejemplo S.L.',
      '@0.870                      BASE IMP.   Dto.   IVA   Cuota IVA',
      '@0.880                      130,00 €   21 %   27,30 €   TOTAL',
      '@0.895 Forma de Pago:   GIRO',
      '@0.910                                                   157,30 €',
    ]);
    expect(fields.total?.value).toBe('157.30');
  });

  it('leaves a column of one value per rate to the table readers', () => {
    const { fields } = read([
      'Ejemplo S.L.',
      '@0.800 Base   IVA   Cuota',
      '@0.815 10,00   10 %   1,00',
      '@0.830 20,00   21 %   4,20',
      '@0.860 Total   35,20',
    ]);
    expect(fields.tax_base?.value).not.toBe('10.00');
  });
});

describe('totals that close on a part of the document', () => {
  it('takes the grand total (a part + another printed amount), never verifying the part', () => {
    const { fields } = read([
      'Suministros Ejemplo S.A.',
      'Total a pagar   167,35 €',
      'Total otros servicios (IVA incluido)   27,30 €',
      'Base imponible   133,38 €',
      'Total IVA 5%   6,67 €',
      'Total factura energía (IVA incluido)   140,05 €',
    ]);
    expect(fields.total?.value).toBe('167.35');
    expect(fields.total?.verified).toBe(false);
  });

  it('does not verify a sum when a larger labelled total is printed in another cell of its row', () => {
    const { fields } = read([
      'Suministros Ejemplo S.L.',
      'TOTAL BRUTO   DESCUENTO   IVA   REC.   TOTAL FACTURA',
      '503,00   105,63   608,63 €',
      '0,00   4 %   0,00   0,00',
    ]);
    // Whatever closes, a verified total is the document's, never the gross 503,00 with a VAT of 0,00.
    if (fields.total?.verified) expect(fields.total.value).toBe('608.63');
    if (fields.vat_total?.verified) expect(fields.vat_total.value).toBe('105.63');
  });
});

describe('a 0 % line proves nothing', () => {
  it('never verifies a breakdown of 0 % lines by its own arithmetic (base × 0 = 0 for any base)', () => {
    // A larger total printed too: the sum over the 0 % line proves nothing, nor does the breakdown.
    const { fields } = read([
      'Ejemplo S.L.',
      'Base imponible   66,80',
      'IVA 0 %   0,00',
      'Total   66,80',
      'Total factura   80,83',
    ]);
    expect(fields.vat_total?.verified ?? false).toBe(false);
    expect(fields.vat_breakdown?.verified ?? false).toBe(false);
  });
});

describe('invoice numbers and issuer names', () => {
  it('joins a number whose hyphen the layout set apart ("25   - 5469")', () => {
    const r = extractFromText(
      [page(['Ejemplo S.L.', 'Número   25   - 5469   Fecha   28/11/2025', 'Total   10,00'], 'text')],
      'text',
    );
    expect(r.fields.invoice_number?.value).toBe('25-5469');
  });

  it('reads "Factura:" with its colon as a number label, above a ticket number', () => {
    const r = extractFromText(
      [
        page(
          ['Supermercado Ejemplo S.L.', 'Datos FACTURA: 142312502C0001403', 'Caja: 2 TICKET: 492'],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.invoice_number?.value).toBe('142312502C0001403');
  });

  it('never reads an amount after "Total Factura:" as the number, and reads a fee note ("Minuta")', () => {
    const r = extractFromText(
      [
        page(
          ['Despacho Ejemplo C.B.', 'C.I.F.: E12345678   MINUTA 74/2023', 'Total Factura:   401,94'],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.invoice_number?.value).toBe('74/2023');
  });

  it('never takes a house number from an address cell beside a number label', () => {
    const r = extractFromText(
      [
        page(
          ['Ejemplo S.L.', 'FACTURA   FECHA   C/MAYOR,6-4º', '2023/478   30/11/2023', 'Total   10,00'],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.invoice_number?.value).not.toBe('6-4');
  });

  it('never takes a street line or a block heading for the issuer name', () => {
    const r = extractFromText(
      [
        page(
          [
            'C/ Mayor 2',
            'Datos Postales',
            'Comercial Ejemplo S.L.',
            'CIF B12345674',
            'Factura nº: 7',
            'Total   10,00',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.issuer_name?.value).toBe('Comercial Ejemplo S.L.');
  });
});

describe('the known party: its role from the heading of its own block', () => {
  const issuerCif = makeCif(rng(91), 'B');
  const partyCif = makeCif(rng(92), 'B');
  const party = { name: 'BODEGA CLIENTE SL', taxId: partyCif };

  it('a heading with the other party’s id below it heads that block, not the known name further down', () => {
    const r = extractFromText(
      [
        page(
          [
            '@0.080 FACTURA',
            '@0.135                                 Nº FACTURA: 2023/12',
            '@0.166                                 FECHA: 30/11/2023',
            '@0.192 EMISOR:',
            '@0.206 SUMINISTROS NORTE DE ESPAÑA',
            '@0.220 MAYOR 21',
            '@0.235 28006 MADRID',
            '@0.249 MADRID',
            `@0.263 NIF: ${issuerCif}`,
            '@0.289 INTERESADO:',
            '@0.303 BODEGA CLIENTE SL',
            '@0.318 CL MENOR, 6-4º',
            '@0.332 15004 CORUÑA',
            `@0.360 NIF: ${partyCif}`,
            '@0.461 Importe base total:   60,60 €',
            '@0.476 IVA (21,00%)   12,73 €',
            '@0.492 Total factura:   73,33 €',
          ],
          'text',
        ),
      ],
      'text',
      { party },
    );
    expect(r.direction).toBe('received');
    expect(r.fields.issuer_tax_id?.value).toBe(issuerCif);
    expect(r.fields.client_tax_id?.value).toBe(partyCif);
  });
});
