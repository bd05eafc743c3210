import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText } from '../src/fields/index.ts';
import { companySuffix } from '../src/fields/parties/names.ts';
import { detectRegion } from '../src/fields/region.ts';
import type { KnownParty } from '../src/types.ts';
import { page } from './text-page.ts';

const issuerCif = makeCif(rng(81), 'B');
const clientCif = makeCif(rng(82), 'B');
const clientNif = makeNif(rng(83));

const issuerName = (rows: string[], party?: KnownParty, source: 'text' | 'ocr' = 'text') =>
  extractFromText([page(rows, source)], source, { party }).fields.issuer_name?.value;

describe('the issuer name where the issuer prints its legal name', () => {
  it('takes the name opening the registry line in the footer over a heading of branch offices', () => {
    const rows = [
      '@0.030 Oficinas Norte   Oficinas Sur',
      '@0.050 C/ San Roque, 157   Rua Sendeiro, 5',
      '@0.070 27002 Lugo   15179 Oleiros',
      '@0.120 FECHA   Nº FACTURA',
      '@0.140 29/11/2023   31-47',
      '@0.200 Tóner negro   1   95,00   95,00',
      '@0.600 TOTAL FACTURA   114,95',
      `@0.730 Papeles del Miño, S.L. - Inscrita en el R. M. de Lugo, Folio 19, Tomo 215, Hoja LU-4203 - C.I.F.: ${issuerCif}`,
    ];
    expect(issuerName(rows)).toBe('Papeles del Miño, S.L.');
  });

  it('takes the name after an issuer heading and its colon, not a value under a payment-slip label', () => {
    const rows = [
      '@0.100 DATOS DEL CLIENTE Y DEL PUNTO DE SUMINISTRO',
      '@0.120 Titular:   Ana Pérez Gil',
      `@0.130 CIF/NIF:   ${clientNif}`,
      '@0.190 Comercializadora: Energía del Sur Comercial, S.L.U.',
      '@0.560 Potencias Contratadas:   Punta= 4,6kW; Valle= 4,6kW',
      '@0.650 Localizador pago:   Emisor/Sufijo:   Referencia:',
      '@0.660 9050794   39540760000   0021813005455',
      '@0.680 Punta',
      '@0.700 TOTAL   121,00 €',
    ];
    expect(issuerName(rows, { name: 'Ana Pérez Gil', taxId: clientNif })).toBe(
      'Energía del Sur Comercial, S.L.U.',
    );
  });

  it('takes the company named under the issuer id at a ticket foot, not the cashier at the top', () => {
    const rows = [
      '@0.030 JAIME',
      '@0.045 GRACIAS POR TU COMPRA',
      '@0.060 C/ DUQUE DE ALBA, 15. 28012 MADRID',
      '@0.100 UD/KG   €/UD/KG IMPORTE',
      '@0.120 PAN   1,20',
      '@0.300 TOTAL (€)   1,20',
      `@0.463 CIF: ${issuerCif}`,
      '@0.471 SUPERMERCADOS DEL CENTRO, SL',
    ];
    expect(issuerName(rows)).toBe('SUPERMERCADOS DEL CENTRO, SL');
  });

  it('reads "De:" and "Para:" as the two blocks side by side', () => {
    const rows = [
      'Nº factura completo:   202300028',
      'Fecha factura:   07-12-2023',
      'De:                       Para:',
      'WAIROA, S.L.              CONSULTORES DEL NORTE, S.L.',
      `${issuerCif}                 ${clientCif}`,
      'A CORUÑA                  A CORUÑA',
      'Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_name?.value).toBe('WAIROA, S.L.');
    expect(r.fields.issuer_tax_id?.value).toBe(issuerCif);
    expect(r.fields.client_tax_id?.value).toBe(clientCif);
  });

  it('takes a company over the issuer id in a footer block, not a table title', () => {
    const rows = [
      '@0.050 Factura para 412827326505365',
      '@0.100 Identificador de la transacción',
      '@0.300 Campañas   29,27 €',
      '@0.849 Redes Sociales Ireland Limited',
      '@0.860 4 Grand Canal Square',
      '@0.896 Ireland   Factura número FB-566-102963856',
      '@0.907 VAT Reg. No. IE9692928F',
    ];
    expect(issuerName(rows)).toBe('Redes Sociales Ireland Limited');
  });

  it('knows "S.A.U." as a legal form', () => {
    const suffix = companySuffix(detectRegion(''));
    expect(suffix.test('Endesa Energía, S.A.U.')).toBe(true);
    expect(suffix.test('Grupo Norte SAU')).toBe(true);
  });
});

describe('the issuer name, without what its line adds', () => {
  it('drops the tax id printed after the name on its line', () => {
    const rows = [
      `@0.040 LUCÍA MONTERO BRAVO ${clientNif}`,
      '@0.060 Abogada · Rúa Real 12, 15003 A Coruña',
      '@0.120 Factura 2023/118   Fecha 30/11/2023',
      '@0.600 Total   138,00 €',
    ];
    expect(issuerName(rows)).toBe('LUCÍA MONTERO BRAVO');
    // A number that is no tax id stays: it may be part of the name.
    expect(issuerName([`@0.040 ALMACENES 2018 S.L.`, ...rows.slice(1)])).toBe('ALMACENES 2018 S.L.');
  });
});

describe('how an invoice is paid, and through which bank', () => {
  it('is never the issuer, under its label or after it', () => {
    const bill = (payment: string[]) => [
      '@0.050 Nº de Factura:   9041N 1363   Total factura:',
      '@0.065 Fecha de Emisión:   13 de noviembre de 2023   390,87€',
      '@0.120 RESIDENCIA SAN ROQUE',
      `@0.135 NIF: ${clientCif}`,
      ...payment,
      '@0.600 Total   390,87 €',
      `@0.950 Atención al cliente: 900 100 100. Sociedad inscrita en el Registro Mercantil. C.I.F. ${issuerCif}`,
    ];
    const known = { taxId: clientCif };
    const under = [
      '@0.300 Forma de Pago:',
      '@0.315 DOMICILIADO',
      '@0.330 Entidad Bancaria:',
      '@0.345 BANCO ATLÁNTICO, S.A.',
    ];
    const inline = ['@0.300 Forma de pago: DOMICILIADO', '@0.330 Banco: BANCO ATLÁNTICO, S.A.'];
    for (const rows of [bill(under), bill(inline)])
      expect(issuerName(rows, known) ?? '').not.toMatch(/BANCO|DOMICILIADO/);
  });
});
