import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText, readingContext } from '../src/fields/index.ts';
import { issuerNameCandidates, taxIdsWithRoles } from '../src/fields/parties.ts';
import { page } from './text-page.ts';

const issuerCif = makeCif(rng(31), 'B');
const clientCif = makeCif(rng(32), 'A');
const freelancerNif = makeNif(rng(33));
/** A row with a second block starting at character column `col` (0.02 of the page each). */
const two = (left: string, right: string, col = 30) => `${left.padEnd(col)}${right}`;

describe('issuer and client blocks', () => {
  it('never takes the name under the client label for the issuer, even with a legal form beside a bare name', () => {
    const rows = [
      `@0.04 ${' '.repeat(14)}Lucía Fernández Ortega`,
      `@0.06 ${' '.repeat(16)}NIF: ${freelancerNif}`,
      `@0.08 ${' '.repeat(16)}Paseo de Gracia, 80`,
      // The title is a line of its own after the label (the label's line is not the one above the name).
      `@0.12 ${two('', 'Sr./Sres.')}`,
      '@0.12 FACTURA',
      `@0.14 ${two('', 'Papelería Central S.L.')}`,
      `@0.16 ${two('Nº Factura:   F2025/0482', `NIF: ${clientCif}`)}`,
      '@0.30 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_name?.value).toBe('Lucía Fernández Ortega');
    expect(r.fields.client_name?.value).toBe('Papelería Central S.L.');
    expect(r.fields.issuer_tax_id?.value).toBe(freelancerNif);
    expect(r.fields.client_tax_id?.value).toBe(clientCif);
  });

  it('never takes a public registry office or a payment label for the issuer', () => {
    const rows = [
      '@0.04 Registro de la Propiedad de Villanueva 2',
      '@0.06 Pérez Gómez Ana María',
      `@0.08 NIF: ${freelancerNif}`,
      '@0.10 Domiciliación bancaria',
      '@0.30 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_name?.value).toBe('Pérez Gómez Ana María');
  });

  it('reads "Cliente   CIF: A…" as the client\'s id, the issuer\'s being only in the footer', () => {
    const rows = [
      '@0.04 Reformas Integrales Sevilla S.L.',
      '@0.06 Calle Mayor 5, Sevilla',
      '@0.12 FACTURA   Nº 2024-0031',
      '@0.14 Fecha   12/03/2024',
      '@0.18 Cliente   Suministros del Norte S.A.',
      `@0.20 Cliente   CIF: ${clientCif}`,
      '@0.30 Total   121,00 €',
      `@0.95 Reformas Integrales Sevilla S.L. · CIF ${issuerCif} · Registro Mercantil de Sevilla`,
    ];
    for (const source of ['text', 'ocr'] as const) {
      const r = extractFromText([page(rows, source)], source);
      expect(r.fields.issuer_tax_id?.value).toBe(issuerCif);
      expect(r.fields.client_tax_id?.value).toBe(clientCif);
    }
  });

  it('joins a legal form wrapped onto the next line of its own column, on either side', () => {
    const rows = [
      `@0.040 ${two('Reformas Integrales Sevilla', 'CLIENTE')}`,
      `@0.057 ${two('', 'Suministros del Norte')}`,
      '@0.061 S.L.',
      `@0.071 ${two('', 'S.A.')}`,
      `@0.080 ${two(`C.I.F.: ${issuerCif}`, `C.I.F.: ${clientCif}`)}`,
      '@0.14 FACTURA',
      '@0.16 Nº Factura:   20230029',
      '@0.30 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_name?.value).toBe('Reformas Integrales Sevilla S.L.');
    expect(r.fields.client_name?.value).toBe('Suministros del Norte S.A.');
  });

  it('reads a unit ("1 kg") in the items table as no legal form: the letterhead stays the issuer', () => {
    const rows = [
      `@0.042 ${two('FACTURA', 'Papelería Central Madrid')}`,
      `@0.061 ${two('', `${' '.repeat(20)}S.L.`)}`,
      `@0.080 ${two('Número   20240379', `NIF: ${issuerCif}`)}`,
      '@0.140 Facturar a',
      '@0.156 Reformas Integrales Sevilla S.L.',
      `@0.169 NIF: ${clientCif}`,
      '@0.236 Descripción   Cantidad   Precio   Importe',
      '@0.260 Detergente líquido 3 L   9   32,63 €   293,67 €',
      '@0.282 Arroz redondo 1 kg   28   29,67 €   830,76 €',
      '@0.387 TOTAL FACTURA   1.124,43 €',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.issuer_name?.value).toBe('Papelería Central Madrid S.L.');
    expect(r.fields.client_name?.value).toBe('Reformas Integrales Sevilla S.L.');
  });

  it('reads "Factura" beside an address starting with A as no "Factura a" client label', () => {
    const rows = [
      `@0.049 ${two('', 'Distribuciones Levante S.L.')}`,
      `@0.051 ${two('Factura', 'Alcalá, 59 50001 Zaragoza', 10)}`,
      `@0.076 ${two('', `NIF ${issuerCif}`, 36)}`,
      '@0.160 FACTURAR A',
      '@0.169 Talleres Gómez e Hijos S.L.',
      `@0.181 NIF: ${clientCif}`,
      '@0.30 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'ocr')], 'ocr');
    expect(r.fields.issuer_tax_id?.value).toBe(issuerCif);
    expect(r.fields.client_tax_id?.value).toBe(clientCif);
    expect(r.fields.client_name?.value).toBe('Talleres Gómez e Hijos S.L.');
  });
});

describe('parties read by OCR', () => {
  it('repairs a final J read as a bracket when the check character then passes, never verified', () => {
    const nie = 'Z7236659J';
    const rows = [
      'Javier Martín Sánchez',
      `NIF: ${nie[0]}-${nie[1]}.${nie.slice(2, 5)}.${nie.slice(5, 8)}-]`,
      'Calle San Vicente, 87',
      '@0.20 Cliente',
      '@0.22 Reformas Integrales Sevilla S.L.',
      `@0.24 NIF: ${clientCif}`,
      '@0.40 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'ocr')], 'ocr');
    expect(r.fields.issuer_tax_id?.value).toBe(nie);
    expect(r.fields.issuer_tax_id?.verified).toBe(false);
  });

  it('takes the issuer from the footer’s legal line when OCR dropped the separator and misread the id', () => {
    const rows = [
      'FACTURA',
      'Nº Factura   Fecha',
      '20230152   15-01-2023',
      `@0.16 ${two('', 'Cliente')}`,
      `@0.17 ${two('', 'Distribuciones Levante S.L.')}`,
      `@0.18 ${two('', `CIF: ${clientCif}`)}`,
      '@0.45 TOTAL FACTURA   7.728,95 €',
      // "B" of the id lost in OCR: no valid issuer id on the line.
      '@0.56 Papelería Central Madrid S.L. - CIF39949896 Calle Alcalá, 60, 46002 Valencia',
    ];
    const r = extractFromText([page(rows, 'ocr')], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('Papelería Central Madrid S.L.');
    expect(r.fields.client_name?.value).toBe('Distribuciones Levante S.L.');
  });

  it('continues a name cut after a joining word on the next line of its own column', () => {
    const rows = [
      `@0.050 ${two('Suministros Industriales del', 'Cliente', 32)}`,
      `@0.067 ${two('Norte S.A.', 'Papelería Central Madrid S.L.', 32)}`,
      `@0.081 ${two('', `NIF: ${clientCif}`, 32)}`,
      `@0.090 ${two(`NIF: ${issuerCif}`, 'Paseo de Gracia, 37', 32)}`,
      '@0.14 FACTURA RECTIFICATIVA',
      '@0.40 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'ocr')], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('Suministros Industriales del Norte S.A.');
    expect(r.fields.client_name?.value).toBe('Papelería Central Madrid S.L.');
  });

  it('reads two names side by side on one OCR line as two blocks, and writes the legal form’s last dot', () => {
    const rows = [
      two('Tecnologías Cuadrante S.A.', 'Reformas Integrales Sevilla S.L', 32),
      two(`CIF: ${issuerCif}`, `CIF: ${clientCif}`, 32),
      '@0.14 FACTURA',
      '@0.40 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'ocr')], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('Tecnologías Cuadrante S.A.');
    expect(r.fields.client_name?.value).toBe('Reformas Integrales Sevilla S.L.');
  });

  it('writes a name’s word as Tesseract read it when PP-OCR saw the same letters without the accent', () => {
    const rows = [
      'Papeleria Central S.L.',
      `CIF: ${issuerCif}`,
      '@0.20 Cliente',
      '@0.22 Talleres Gomez S.L.',
      `@0.24 CIF: ${clientCif}`,
      '@0.40 Total   121,00 €',
    ];
    const p = page(rows, 'ocr');
    const accent = (line: number, word: number, tesseract: string) => {
      const w = p.lines[line]!.words[word]!;
      w.engine = 'fused';
      w.alternatives = [
        { text: w.text, conf: 0.97, engine: 'ppocr' },
        { text: tesseract, conf: 0.9, engine: 'tesseract' },
      ];
    };
    accent(0, 0, 'Papelería');
    accent(3, 1, 'Gómez');
    // Different letters, not only an accent: the chosen reading stays.
    accent(0, 1, 'Centrol');
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('Papelería Central S.L.');
    expect(r.fields.client_name?.value).toBe('Talleres Gómez S.L.');
  });

  it('takes no wrapped name’s second line for a name of its own', () => {
    const rows = [
      // A right-aligned letterhead beside the title: the name's second line ends where the first does.
      `@0.047 ${two('Factura', 'Suministros Industriales del', 25)}`,
      `@0.069 ${two('', 'Norte S.A.', 43)}`,
      `@0.080 ${two('Número   Fecha', `NIF: ${issuerCif}`, 39)}`,
      '@0.14 Facturar a',
      '@0.16 Reformas Integrales Sevilla S.L.',
      `@0.18 NIF: ${clientCif}`,
      '@0.40 Total   121,00 €',
    ];
    const r = extractFromText([page(rows, 'ocr')], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('Suministros Industriales del Norte S.A.');
    const { ctx } = readingContext([page(rows, 'ocr')], 'ocr');
    const { issuerId, clientId } = taxIdsWithRoles(ctx);
    const names = issuerNameCandidates(ctx, ctx.lines, issuerId, clientId, true).map((c) => c.text);
    expect(names).toContain('Suministros Industriales del Norte S.A.');
    expect(names).not.toContain('Norte S.A.');
  });
});

describe('a "Bill to" block beside a "Ship to" block', () => {
  it('takes the name under "Bill to", never the label of the block beside it', () => {
    const rows = [
      '@0.04 Tecnologías Cuadrante S.A.',
      `@0.06 VAT No.: ES${issuerCif}`,
      '@0.10 INVOICE',
      '@0.12 Invoice number:   F2023/0853',
      `@0.16 ${two('Bill to', 'Ship to')}`,
      `@0.18 ${two('Reformas Integrales Sevilla S.L.', 'Reformas Integrales Sevilla S.L.', 36)}`,
      `@0.20 ${two(`VAT No.: ES${clientCif}`, 'Gran Vía, 102', 36)}`,
      '@0.30 Balance due   EUR 121.00',
    ];
    const r = extractFromText([page(rows, 'text')], 'text');
    expect(r.fields.client_name?.value).toBe('Reformas Integrales Sevilla S.L.');
  });
});
