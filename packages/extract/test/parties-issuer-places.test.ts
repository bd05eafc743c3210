import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText, readingContext } from '../src/fields/index.ts';
import { issuerNameCandidates } from '../src/fields/parties.ts';
import type { KnownParty } from '../src/types.ts';
import { page } from './text-page.ts';

const issuerCif = makeCif(rng(91), 'B');
const clientCif = makeCif(rng(92), 'B');
const lawyerNif = makeNif(rng(93));
const clientNif = makeNif(rng(94));

const read = (rows: string[][], party?: KnownParty) => {
  const pages = rows.map((r, k) => {
    const p = page(r, 'text');
    p.page = k + 1;
    for (const l of p.lines) {
      l.page = k + 1;
      for (const w of l.words) w.page = k + 1;
    }
    return p;
  });
  return extractFromText(pages, 'text', { party }).fields;
};

describe('the issuer name in places a letterhead is not', () => {
  it('takes the name heading the signature block over the issuer id, not a fee line', () => {
    const rows = [
      '@0.200 Cliente:   Consultores del Norte, S.L.',
      '@0.257 Fra: 224/23',
      `@0.387 NIF: ${clientCif}, Dirección: c/ Mayor 6, Lugo`,
      '@0.445 Por Otros Juicios   150',
      '@0.582 TOTAL   159,00',
      '@0.715 Lucía Ferreiro Vidal',
      '@0.734 Plaza del Obradoiro 6, 4º F',
      '@0.753 15705, Santiago',
      `@0.773 ${lawyerNif}`,
    ];
    const party = { name: 'Consultores del Norte, S.L.', taxId: clientCif };
    expect(read([rows], party).issuer_name?.value).toBe('Lucía Ferreiro Vidal');
  });

  it('takes the legal name in the footer of a later page, not a summary row with its amount', () => {
    const first = [
      '@0.069 Factura de luz',
      '@0.148 Esta es tu factura de luz,                  Total factura   122,10 €',
      '@0.177 ANA PÉREZ GIL                               Término fijo    22,60 €',
      '@0.198 C/ MAYOR 5                                  Energía         66,84 €',
      '@0.533 Nº de factura   61066550320',
      `@0.560 NIF titular   ${clientNif}`,
    ];
    const second = [
      '@0.100 Detalle de la factura',
      '@0.943 Energía del Cantábrico Comercializadora, S.L.U.',
      `@0.960 Inscrita Registro Mercantil Cantabria, Tomo 1007, Folio 95 / CIF ${issuerCif}`,
    ];
    const fields = read([first, second], { name: 'Ana Pérez Gil', taxId: clientNif });
    expect(fields.issuer_name?.value).toBe('Energía del Cantábrico Comercializadora, S.L.U.');
  });

  it('offers no cell of a row of labels over the values as an issuer name', () => {
    const rows = [
      '@0.155                            HOSTELERÍA DEL SUR, S.L.L.',
      '@0.183                            C/ Sierpes 2',
      '@0.237 Factura',
      '@0.258 Número      FECHA        CLIENTE    N.I.F.       Representante   Repartidor',
      `@0.281 002500559   27/11/2025   04300520   ${clientCif}`,
      '@0.791 TOTAL   376,85 €',
    ];
    const { ctx } = readingContext([page(rows, 'text')], 'text');
    const names = issuerNameCandidates(ctx, ctx.lines, undefined, undefined).map((c) => c.text);
    expect(names).toContain('HOSTELERÍA DEL SUR, S.L.L.');
    expect(names).not.toContain('Repartidor');
    expect(names).not.toContain('Representante');
  });

  it('does not take the street under an issuer label for its name', () => {
    const rows = [
      '@0.128 Nº FACTURA: 2023/39578',
      '@0.190 EMISOR:',
      '@0.206 GRAN VIA DE LES CORTS CATALANES, 184',
      '@0.254 08038 Barcelona',
      `@0.286 NIF: ${issuerCif}`,
      '@0.600 TOTAL   44,54 €',
    ];
    expect(read([rows]).issuer_name?.value).not.toBe('GRAN VIA DE LES CORTS CATALANES, 184');
  });

  it('reads the names of "key: value" blocks, not their keys nor their compound streets', () => {
    const rows = [
      '@0.061 Handelsrechnung Nr. 471102 vom 05.06.2018',
      '@0.213 Verkäufer',
      '@0.233 Nummer      : 549910',
      '@0.255 Lieferantenstraße 20',
      '@0.277 Name:   Werkzeug Nord GmbH',
      '@0.425 Käufer',
      '@0.445 Nummer      : GE2020211',
      '@0.466 Name:   Kunden Süd AG',
      '@0.488 Anschrift:   Kundenstraße 15',
      '@0.509 DE 69876 Frankfurt',
      '@0.700 Gesamtbetrag   235,62',
    ];
    const fields = read([rows]);
    expect(fields.issuer_name?.value).toBe('Werkzeug Nord GmbH');
    expect(fields.client_name?.value).toBe('Kunden Süd AG');
  });

  it('takes no note in brackets nor a postcode with its country for a name', () => {
    const rows = [
      '@0.100 Käufer',
      '@0.120 (Art)',
      '@0.140 DE 69876 Frankfurt',
      '@0.700 Gesamtbetrag   235,62',
    ];
    const name = read([rows]).client_name?.value;
    expect(name).not.toBe('(Art)');
    expect(name).not.toBe('DE 69876 Frankfurt');
  });

  it('shows the known client as the page prints it in full, not its shorter heading', () => {
    const rows = [
      '@0.100 Factura   FAC-2024-118',
      '@0.178 Pedido por   ACR SC',
      '@0.328 ACR S.C.   Dirección de facturación',
      `@0.340 NIF ${clientCif}`,
      `@0.400 Vendido por Papelería Central, S.L.   CIF ${issuerCif}`,
      '@0.700 TOTAL   12,10 €',
    ];
    const fields = read([rows], { name: 'ACR S.C.', taxId: clientCif });
    expect(fields.client_name?.value).toBe('ACR S.C.');
  });
});
