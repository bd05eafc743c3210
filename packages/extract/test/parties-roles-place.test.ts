import { describe, expect, it } from 'vitest';
import { makeCif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText } from '../src/fields/index.ts';
import type { KnownParty } from '../src/types.ts';
import { page } from './text-page.ts';

const issuerCif = makeCif(rng(91), 'A');
const clientCif = makeCif(rng(92), 'B');
const known: KnownParty = { name: 'Asesores del Norte S.L.P.', taxId: clientCif };

const read = (rows: string[], party?: KnownParty) =>
  extractFromText([page(rows, 'text')], 'text', { party }).fields;

describe('roles by place when no block heading says them', () => {
  // A post office's simplified invoice: the customer's id near the top, unlabelled as to role; the
  // issuer's name, address and id on one legal line under the totals.
  const postOffice = [
    '@0.084 Correspondencia',
    `@0.133 Fecha de expedición: 04/12/2023   NIF/CIF: ${clientCif}`,
    '@0.149 No fra.simp: 1567894202312   NOMBRE O DENOMINACIÓN SOCIAL: ASESORES DEL NORTE S.L.P.',
    '@0.293 FACTURA Nº FRO20232251534',
    '@0.431 TOTAL   8.27',
    `@0.577 SERVICIOS POSTALES DEL ESTADO, S.A. CONDE DE PEÑALVER, 19 28006 MADRID CIF: ${issuerCif}`,
  ];

  it('gives the issuer role to the id on a legal line (name, address, id), ahead of reading order', () => {
    const f = read(postOffice);
    expect(f.issuer_tax_id?.value).toBe(issuerCif);
    expect(f.client_tax_id?.value).toBe(clientCif);
  });

  it('with the customer as known party, keeps it the client', () => {
    const f = read(postOffice, known);
    expect(f.issuer_tax_id?.value).toBe(issuerCif);
    expect(f.client_tax_id?.value).toBe(clientCif);
    expect(f.issuer_name?.value).toBe('SERVICIOS POSTALES DEL ESTADO, S.A.');
  });

  it('reads a legal line whose name has a word opening like a phone label, an accent after it', () => {
    // "TELÚRICOS": "tel" and an accented letter is one word, no "Tel." label ending the name.
    const rows = postOffice.map((r) =>
      r.replace('SERVICIOS POSTALES DEL ESTADO, S.A.', 'ESTUDIOS TELÚRICOS DEL SUR, S.A.'),
    );
    const f = read(rows, known);
    expect(f.issuer_tax_id?.value).toBe(issuerCif);
    expect(f.client_tax_id?.value).toBe(clientCif);
    expect(f.issuer_name?.value).toBe('ESTUDIOS TELÚRICOS DEL SUR, S.A.');
  });

  it('does not make the known party the issuer for being the first id read, under the letterhead band', () => {
    const rows = [
      '@0.050 ASOCIACIÓN LABORALISTA DE LANZAROTE',
      '@0.298 CIFNG76156447',
      '@0.400 FACTURA 0025   15/10/2023',
      '@0.480 Cliente: Asesores del Norte S.L.P.',
      `@0.503 DNI/CIF: ${clientCif}`,
      '@0.700 TOTAL   300,00',
    ].map((r) => r.replace('Cliente: ', ''));
    const f = read(rows, known);
    expect(f.issuer_tax_id?.value).not.toBe(clientCif);
    expect(f.client_tax_id?.value).toBe(clientCif);
  });

  it('finds an id in running prose after "de", a word that spells a country code', () => {
    // "… provista de CIF B…": "DE CIF B…" is no German VAT number; the CIF after it is the client's.
    const rows = [
      '@0.068 Ma LUISA SOTO IZQUIERDO',
      '@0.102 D.N.I. 16043006-T',
      '@0.317 Factura 0015/2023',
      '@0.378 Honorarios a cargo de la mercantil ASESORES DEL NORTE',
      `@0.397 S.L.P., con domicilio en Bilbao y provista de CIF ${clientCif}, por los trabajos`,
      '@0.632 Total   127,20 euros',
    ];
    const f = read(rows, known);
    expect(f.client_tax_id?.value).toBe(clientCif);
    expect(f.issuer_tax_id?.value).toBe('16043006T');
  });

  it('never makes a role certain while another taxpayer holds it too', () => {
    // The known client found by name only; the holder's id printed in another cell of its table row is
    // left in the issuer's role beside the registry line's id.
    const rows = [
      `@0.030 Inscrita Registro Mercantil de Cantabria, Tomo 1007, Folio 95 / CIF ${issuerCif}`,
      '@0.150 Datos del cliente',
      '@0.170 Asesores del Norte S.L.P.',
      '@0.190 Contrato: 4304329733              DNI: 16043006T',
      '@0.500 TOTAL   74,28',
    ];
    const f = read(rows, { name: known.name });
    expect(f.issuer_tax_id?.value).toBe(issuerCif);
    expect(f.issuer_tax_id?.roleSure).toBe(false);
  });

  it('reads an id printed with a slash between its digit groups after its label', () => {
    const slashed = `${issuerCif[0]!.toLowerCase()}-${issuerCif.slice(1, 3)}/${issuerCif.slice(3)}`;
    const rows = [
      `@0.086 Asesores del Norte S.L.P.   CIF: ${clientCif}`,
      '@0.300 Factura 2023/18',
      '@0.500 TOTAL   74,28',
      `@0.960 editorial del norte, s.l. · cif ${slashed}`,
    ];
    const f = read(rows, known);
    expect(f.issuer_tax_id?.value).toBe(issuerCif);
    expect(f.client_tax_id?.value).toBe(clientCif);
  });
});
