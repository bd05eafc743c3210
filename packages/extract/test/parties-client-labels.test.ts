import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText } from '../src/fields/index.ts';
import type { KnownParty } from '../src/types.ts';
import { page } from './text-page.ts';

const utilityCif = makeCif(rng(101), 'A');
const holderNif = makeNif(rng(102));

const read = (rows: string[], party?: KnownParty) =>
  extractFromText([page(rows, 'text')], 'text', { party }).fields;

describe("the client's id and name where a bill prints them", () => {
  it('reads the id after "NIF titular del contrato:" as the contract holder\'s, the client', () => {
    const rows = [
      `@0.102 CIF ${utilityCif}`,
      '@0.217 Titular   Potencia:   C/ GALICIA, 7',
      '@0.300 TOTAL A PAGAR   48,12 €',
      `@0.615 NIF titular del contrato:   ${holderNif}`,
    ];
    const f = read(rows, { name: 'José Antonio Rodríguez Uroz', taxId: holderNif });
    expect(f.client_tax_id?.value).toBe(holderNif);
    expect(f.issuer_tax_id?.value).toBe(utilityCif);
  });

  it('finds the known name spaced out word by word after its label', () => {
    const rows = [
      '@0.257 Fra: 224/23',
      '@0.315 MINUTA DE HONORARIOS que presenta el Letrado que',
      '@0.334 suscribe por los servicios prestados a la Entidad',
      '@0.371 Razón   social:   ASESORES   DEL   NORTE   S.L.P.',
      `@0.387 NIF: ${makeCif(rng(103), 'B')}, Dirección: c/ Fonseca 6, A Coruña.`,
      '@0.582 TOTAL (s.e.u.o.)   159',
      '@0.715 Antonio J. Bernal Martínez',
      `@0.773 ${holderNif}`,
    ];
    const f = read(rows, { name: 'Asesores del Norte S.L.P.', taxId: makeCif(rng(103), 'B') });
    expect(f.client_name?.value).toBe('ASESORES DEL NORTE S.L.P.');
  });
});

describe('the known client is never the issuer', () => {
  const clientCif = makeCif(rng(104), 'B');
  const rows = [
    '@0.030 TASCA DEL NORTE, S.L.L.',
    '@0.045 TASCA DEL NORTE',
    '@0.060 C/Rodas, 2',
    `@0.080 NIF cliente: ${clientCif}`,
    '@0.120 Factura   Nº 2024-17   Fecha 03/02/2024',
    '@0.150 Nombre.... TASCA DEL NORTE',
    '@0.170 Representante',
    '@0.300 TOTAL   121,00',
  ];

  it('drops every candidate naming the known client, in full or in part, from the issuer name', () => {
    const f = read(rows, { name: 'Tasca del Norte S.L.L.', taxId: clientCif });
    expect(f.client_tax_id?.value).toBe(clientCif);
    expect(f.issuer_name?.value ?? '').not.toMatch(/tasca|representante/i);
  });
});
