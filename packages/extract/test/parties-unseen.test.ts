import { describe, expect, it } from 'vitest';
import { makeCif, makeNie, makeNif, rng } from '../scripts/invoice-cases.ts';
import { checkTaxIds } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page } from './text-page.ts';

const issuerCif = makeCif(rng(21), 'B');
const clientCif = makeCif(rng(22), 'A');
const personNif = makeNif(rng(23));
/** The id with its last character changed: its check character no longer passes. */
const misread = (id: string) => `${id.slice(0, -1)}${id.endsWith('1') ? '2' : '1'}`;

describe('parties on layouts never fitted on', () => {
  it('takes the other OCR engine’s reading of a tax id when only that one passes its check, unverified', () => {
    const p = page([
      'Ejemplo Servicios SL',
      `NIF: ${misread(issuerCif)}`,
      'Factura nº A-17',
      'Total   121,00 €',
    ]);
    const id = p.lines[1]!.words[1]!;
    id.engine = 'tesseract';
    id.alternatives = [
      { text: id.text, conf: 0.7, engine: 'tesseract' },
      { text: issuerCif, conf: 0.9, engine: 'ppocr' },
    ];
    const r = extractFromText([p], 'ocr');
    checkTaxIds(r.fields, () => {});
    expect(r.fields.issuer_tax_id).toMatchObject({ value: issuerCif, verified: false });
  });

  it('reads label-less side-by-side blocks: the left one is the issuer, the right one the client', () => {
    // The right-hand block's id line sits a little higher than the left one's: reading order would swap them.
    const right = (text: string) => `${' '.repeat(40)}${text}`;
    const rows = [
      `Ejemplo Servicios S.L.${' '.repeat(18)}Comercial Norte S.A.`,
      `@0.068 ${right(`NIF: ${clientCif}`)}`,
      `@0.072 NIF: ${issuerCif}`,
      `@0.09 Calle Mayor 1${' '.repeat(27)}Gran Vía 2`,
      '@0.15 Factura nº A-17',
      '@0.17 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_tax_id?.value).toBe(issuerCif);
    expect(r.fields.client_tax_id?.value).toBe(clientCif);
    expect(r.fields.client_name?.value).toBe('Comercial Norte S.A.');
  });

  it('reads a letterhead on the right beside a client sidebar sharing its lines', () => {
    // The issuer's id is printed on the line of the client's name: nearness counts from the id's own cell.
    const right = (text: string) => `${' '.repeat(30)}${text}`;
    const rows = [
      `@0.040 ${right('María López García')}`,
      '@0.052 Facturado a',
      `@0.061 Frutas Hermanos Ruiz${' '.repeat(10)}NIF: ${personNif}`,
      `@0.074 S.L.${' '.repeat(26)}Gran Vía, 57`,
      `@0.088 NIF: ${clientCif}${' '.repeat(11)}08007 Barcelona`,
      '@0.15 Factura nº A-17   Fecha: 02/01/2025',
      '@0.17 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_name?.value).toBe('María López García');
    expect(r.fields.issuer_tax_id?.value).toBe(personNif);
    expect(r.fields.client_tax_id?.value).toBe(clientCif);
    expect(r.fields.client_name?.value).toBe('Frutas Hermanos Ruiz S.L.');
  });

  it('reads ids written with dots and dashes, and a client under "Sr./Sres."', () => {
    const nie = makeNie(rng(5));
    const dotted = `${nie[0]}-${nie[1]}.${nie.slice(2, 5)}.${nie.slice(5, 8)}-${nie[8]}`;
    const rows = [
      'Javier Martín Sánchez',
      `NIE: ${dotted}`,
      'Factura nº A-17   Fecha: 02/01/2025 · Vencimiento: 02/01/2025',
      'Sr./Sres.',
      'Comercial Norte S.A.',
      `CIF: ${clientCif}`,
      'Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_tax_id?.value).toBe(nie);
    expect(r.fields.client_name?.value).toBe('Comercial Norte S.A.');
    // The issue date sits before an inline due label, even on the same day.
    expect(r.fields.issue_date?.value).toBe('2025-01-02');
  });

  it('never takes a tax id grouped with dots for the invoice number', () => {
    const dotted = `${clientCif[0]}-${clientCif.slice(1, 3)}.${clientCif.slice(3, 6)}.${clientCif.slice(6)}`;
    const rows = ['Ejemplo Servicios S.L.', `Factura nº: ${dotted}`, 'Fecha: 02/01/2025', 'Total   121,00 €'];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.invoice_number?.value).not.toBe(dotted);
  });

  it('reads "Nº" as a number label, never the "No" of a name ("Norte S.A.")', () => {
    const rows = [
      'Suministros del',
      'Norte S.A.',
      `NIF: ${issuerCif}`,
      '40 Calle Alcalá',
      'FACTURA',
      'Nº:   RECT/23/347',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.invoice_number?.value).toBe('RECT/23/347');
  });

  it('reads a ticket’s counted rows and gives each its VAT rate from the summary where the sums close', () => {
    const rows = [
      'Ejemplo Servicios S.L.',
      'FACTURA SIMPLIFICADA',
      '1 x Menú del día   8,49',
      '3 x Pan de molde   41,79',
      '3 x Agua mineral   28,29',
      'TOTAL (IVA incluido)   78,57 €',
      'Tipo IVA   Base imponible   Cuota',
      '10%   33,44   3,34',
      '4%   40,18   1,61',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.line_items?.value).toEqual([
      { description: 'Menú del día', quantity: '1', unit_price: '8.49', line_total: '8.49', vat_rate: '10' },
      { description: 'Pan de molde', quantity: '3', unit_price: '13.93', line_total: '41.79', vat_rate: '4' },
      { description: 'Agua mineral', quantity: '3', unit_price: '9.43', line_total: '28.29', vat_rate: '10' },
    ]);
  });
});
