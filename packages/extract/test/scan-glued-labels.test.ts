import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page } from './text-page.ts';

const freelancerNif = makeNif(rng(41));
const clientCif = makeCif(rng(42), 'A');

/** A scanned freelancer's invoice: the client's block at the top, the issuer's legal line in the footer. */
function footerIssuerScan(footer: string): string[] {
  return [
    '@0.05 FACTURA',
    '@0.08 Nº Factura   Fecha',
    '@0.10 20240517   04-08-2024',
    '@0.14 Datos del cliente',
    '@0.155 Ferreterías Alcántara del Sur S.A.',
    `@0.167 CIF: ${clientCif}`,
    '@0.18 Paseo del Prado,12',
    '@0.193 28014 Madrid',
    '@0.23 Descripción   Cantidad   Precio   Importe',
    '@0.25 Diseño de catálogo   1   1.000,00 €   1.000,00 €',
    '@0.38 TOTAL FACTURA   1.210,00 €',
    `@0.46 ${footer}`,
  ];
}

describe('scans: labels OCR glues or misreads', () => {
  it('takes the issuer from the footer id line when the only other name is the one under the client label, over its id', () => {
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal - NIF ${freelancerNif} + Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_name?.value).toBe('Irene Soto Vidal');
    expect(r.fields.issuer_tax_id?.value).toBe(freelancerNif);
    expect(r.fields.client_name?.value).toBe('Ferreterías Alcántara del Sur S.A.');
    expect(r.fields.client_tax_id?.value).toBe(clientCif);
  });

  it('reads an id whose label OCR glued to it, letters lost ("NF" + NIF), and the name before it', () => {
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal - NF${freelancerNif} - Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_tax_id?.value).toBe(freelancerNif);
    expect(r.fields.issuer_tax_id?.verified).toBe(false);
    expect(r.fields.issuer_name?.value).toBe('Irene Soto Vidal');
  });

  it('reads no id after a glued label when the check character fails', () => {
    const wrong = `${freelancerNif.slice(0, 8)}${freelancerNif.endsWith('A') ? 'B' : 'A'}`;
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal - NF${wrong} - Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_tax_id?.value).not.toBe(wrong);
  });

  const titleBox = (number: string) => [
    '@0.04 Talleres Ribera S.L.',
    `@0.055 CIF: ${clientCif}   FACTURA ${number}`,
    '@0.075 Calle Mayor, 3   FECHA 22.06.2024',
    '@0.38 TOTAL FACTURA   121,00 €',
  ];

  it('splits "Nº" off the number when the other engine reads the sign apart', () => {
    const p = page(titleBox('N920240736'));
    const word = p.lines[1]!.words.find((w) => w.text === 'N920240736')!;
    word.engine = 'ppocr';
    word.alternatives = [
      { engine: 'ppocr', text: 'N920240736', conf: 0.6 },
      { engine: 'tesseract', text: 'N?* 20240736', conf: 0.66 },
    ];
    expect(extractFromText([p], 'ocr').fields.invoice_number?.value).toBe('20240736');
  });

  it('keeps a number that starts with N: on a text layer, and read alike by both engines', () => {
    expect(extractFromText([page(titleBox('N920240736'), 'text')], 'text').fields.invoice_number?.value).toBe(
      'N920240736',
    );
    const p = page(titleBox('N920240736'));
    const word = p.lines[1]!.words.find((w) => w.text === 'N920240736')!;
    word.engine = 'ppocr';
    word.alternatives = [{ engine: 'tesseract', text: 'N920240736', conf: 0.9 }];
    expect(extractFromText([p], 'ocr').fields.invoice_number?.value).toBe('N920240736');
  });
});
