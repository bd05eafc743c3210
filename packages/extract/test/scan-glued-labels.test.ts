import { describe, expect, it } from 'vitest';
import { makeCif, makeIban, makeNif, rng } from '../scripts/invoice-cases.ts';
import { extractFromText } from '../src/fields/index.ts';
import { nifLetter } from '../src/ids/tax-id.ts';
import type { Word } from '../src/text/layout.ts';
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

  it('takes the name before an id label OCR glued to the id or cut, the separators lost', () => {
    for (const footer of [
      `Irene Soto Vidal NIF${freelancerNif} - Calle Real, 5, 41004 Sevilla`,
      `Irene Soto Vidal, NI F${freelancerNif} - Calle Real, 5, 41004 Sevilla`,
    ]) {
      const r = extractFromText([page(footerIssuerScan(footer))], 'ocr');
      expect(r.fields.issuer_name?.value).toBe('Irene Soto Vidal');
      expect(r.fields.client_name?.value).toBe('Ferreterías Alcántara del Sur S.A.');
    }
  });

  it('takes the name before a "+" read for the separator and an id with its letter in lower case', () => {
    const id = `${freelancerNif.slice(0, 8)}${freelancerNif[8]!.toLowerCase()}`;
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal + NIF ${id} - Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_name?.value).toBe('Irene Soto Vidal');
  });

  it('takes a name without legal form before "- NIF" on a scan whose id OCR cut short', () => {
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal - NIF${freelancerNif.slice(1)}allReal5,41004Sevila`))],
      'ocr',
    );
    expect(r.fields.issuer_name?.value).toBe('Irene Soto Vidal');
  });

  it('never takes a document-number label with a speck before it for a name ("i NºFactura")', () => {
    const rows = footerIssuerScan(`Irene Soto Vidal - NIF ${freelancerNif} + Calle Real, 5, 41004 Sevilla`);
    rows[1] = '@0.08 i NeFactura   Fecha';
    expect(extractFromText([page(rows)], 'ocr').fields.issuer_name?.value).toBe('Irene Soto Vidal');
  });

  it('takes the name before an id label glued to a misread id (no valid id on the line)', () => {
    const misread = `X${freelancerNif.slice(1, 8)}`;
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal CIF${misread} CalleReal541004Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_name?.value).toBe('Irene Soto Vidal');
    // A name with no id label after it is no legal line.
    const plain = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal ${misread} CalleReal541004Sevilla`))],
      'ocr',
    );
    expect(plain.fields.issuer_name?.value).not.toBe('Irene Soto Vidal');
  });

  it('reads a NIF whose control letter OCR read as a digit, or whose first 8 it read as B, when the check passes', () => {
    // Digits whose NIF letter is Q (read as 0) and whose first digit is 8 (read as B).
    const digits = Array.from({ length: 500 }, (_, k) => String(89234000 + k)).find(
      (d) => nifLetter(d) === 'Q',
    )!;
    for (const misread of [`${digits}0`, `B${digits.slice(1)}Q`]) {
      const r = extractFromText(
        [page(footerIssuerScan(`Irene Soto Vidal - NIF ${misread} - Calle Real, 5, 41004 Sevilla`))],
        'ocr',
      );
      expect(r.fields.issuer_tax_id?.value).toBe(`${digits}Q`);
      expect(r.fields.issuer_tax_id?.verified).toBe(false);
    }
    // A number after another label (a phone) is no id, whatever the check says.
    const phone = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal - NIF - Tel ${digits}0 - Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(phone.fields.issuer_tax_id?.value).not.toBe(`${digits}Q`);
    // A digit no look-alike letter of the check: nothing read.
    const r = extractFromText(
      [page(footerIssuerScan(`Irene Soto Vidal - NIF ${digits}3 - Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_tax_id).toBeUndefined();
  });

  it('reads a CIF whose B OCR read as 8 when the check passes', () => {
    const cif = makeCif(rng(45), 'B');
    const r = extractFromText(
      [page(footerIssuerScan(`Talleres Ribera S.L. - CIF 8${cif.slice(1)} - Calle Real, 5, 41004 Sevilla`))],
      'ocr',
    );
    expect(r.fields.issuer_tax_id?.value).toBe(cif);
    expect(r.fields.issuer_tax_id?.verified).toBe(false);
  });

  it("never takes the label's first words, read on the line below its last, for the client's name", () => {
    const rows = [
      '@0.05 Irene Soto Vidal   FACTURA',
      `@0.07 NIF: ${freelancerNif}`,
      `@0.133 ${' '.repeat(24)}——— cliente`,
      `@0.144 ${' '.repeat(25)}Datos del`,
      `@0.16 ${' '.repeat(25)}Ferreterías Alcántara del Sur S.A.`,
      `@0.173 ${' '.repeat(25)}CIF: ${clientCif}`,
      '@0.38 TOTAL FACTURA   1.210,00 €',
    ];
    expect(extractFromText([page(rows)], 'ocr').fields.client_name?.value).toBe(
      'Ferreterías Alcántara del Sur S.A.',
    );
  });

  it('takes the issuer named beside the client label on a line OCR merged across side-by-side blocks', () => {
    const issuerCif = makeCif(rng(46), 'B');
    // The right-hand block right-aligned, as printed.
    const col = (left: string, right: string) => `${left.padEnd(52 - right.length)}${right}`;
    const rows = [
      `@0.056 ${col('Facturado a', 'Talleres Ribera S.L.')}`,
      `@0.074 ${col('', `NIF: ${issuerCif}`)}`,
      `@0.078 ${col('Ferreterías Alcántara', 'Calle Real, 5')}`,
      '@0.088 S.A.',
      `@0.10 ${col(`NIF: ${clientCif}`, '28013 Madrid')}`,
      '@0.124 41004 Sevilla   FACTURA',
      '@0.38 TOTAL FACTURA   1.210,00 €',
    ];
    const r = extractFromText([page(rows)], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('Talleres Ribera S.L.');
    expect(r.fields.client_name?.value).toBe('Ferreterías Alcántara S.A.');
  });

  it("never takes the client's name for the issuer's, however the other engine misread its line", () => {
    const col = (left: string, right: string) => `${left.padEnd(30)}${right}`;
    const n = freelancerNif;
    const dotted = `${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5, 8)}-${n[8]}`;
    const rows = [
      `@0.047 ${col('', 'Irene Soto Vidal')}`,
      '@0.057 Facturado a',
      `@0.066 ${col('Ferreterías Alcántara á', `NIF: ${dotted}`)}`,
      `@0.077 ${col('S.A.', 'Calle Real, 5')}`,
      `@0.092 ${col(`CIF: ${clientCif}`, '41004 Sevilla')}`,
      '@0.38 TOTAL FACTURA   1.210,00 €',
    ];
    const p = page(rows);
    p.lines[0]!.h = 0.03;
    // Each engine reads the name otherwise: a speck read as "á", the first word garbled.
    const [first, second, speck] = p.lines[2]!.words as [Word, Word, Word];
    first.alternatives = [{ engine: 'tesseract', text: 'rimescdas', conf: 0 }];
    for (const w of [second, speck]) w.alternatives = [{ engine: 'ppocr', text: 'Alcantara', conf: 0.9 }];
    expect(extractFromText([p], 'ocr').fields.issuer_name?.value).toBe('Irene Soto Vidal');
    // The block label alone on its line is no name either.
    const unnamed = { ...p, lines: p.lines.slice(1) };
    expect(extractFromText([unnamed], 'ocr').fields.issuer_name?.value).not.toBe('Facturado a');
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

describe('scans: an id only the other engine read', () => {
  it('takes an id whose label only the other engine read, when its check character passes', () => {
    const issuerCif = makeCif(rng(43), 'B');
    const rows = [
      '@0.04 FACTURA   Talleres Ribera S.L.',
      '@0.06 20240122   x',
      '@0.14 Señores',
      '@0.16 Ferreterías Alcántara del Sur S.A.',
      `@0.175 NIF: ${clientCif}`,
      '@0.38 TOTAL FACTURA   121,00 €',
    ];
    const p = page(rows);
    const word = p.lines[1]!.words.find((w) => w.text === 'x')!;
    word.engine = 'tesseract';
    word.alternatives = [
      { engine: 'tesseract', text: 'x', conf: 0.4 },
      { engine: 'ppocr', text: `NIF:${issuerCif}`, conf: 0.8 },
    ];
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issuer_tax_id?.value).toBe(issuerCif);
    expect(r.fields.issuer_tax_id?.verified).toBe(false);
    // Unlabelled in both readings: not taken.
    word.alternatives[1]!.text = issuerCif;
    expect(extractFromText([p], 'ocr').fields.issuer_tax_id?.value).not.toBe(issuerCif);
  });
});

describe('scans: an IBAN OCR misread', () => {
  const iban = makeIban(rng(44));
  const grouped = iban.replace(/(.{4})(?=.)/g, '$1 ');
  const ibanOf = (line: string, source: 'ocr' | 'text' = 'ocr') =>
    extractFromText([page(['@0.05 FACTURA   20240122', `@0.40 ${line}`], source)], source).fields.iban;

  it('reads "S" of the country code read as "5", and the label glued to it, never verified', () => {
    for (const line of [
      `Forma de pago: transferencia. IBAN E5${grouped.slice(2)}`,
      `Forma de pago: transferencia.IBAN${iban}`,
      `Forma de pago: transferencia.BANE5${iban.slice(2)}`,
    ]) {
      expect(ibanOf(line)?.value).toBe(iban);
      expect(ibanOf(line)?.verified).toBe(false);
    }
  });

  it('reads "B" for "8" in a Spanish account only where mod-97 then passes', () => {
    const at = iban.indexOf('8', 4);
    if (at < 0) throw new Error('the seed gives an IBAN with an 8');
    expect(ibanOf(`IBAN ${iban.slice(0, at)}B${iban.slice(at + 1)}`)?.value).toBe(iban);
    // A "B" where no 8 was printed: the repaired account fails mod-97.
    const k = iban[10] === '8' ? 11 : 10;
    expect(ibanOf(`IBAN ${iban.slice(0, k)}B${iban.slice(k + 1)}`)).toBeUndefined();
  });
});
