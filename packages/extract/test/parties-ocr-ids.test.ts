import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { checkTaxIds } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { LETTERS_LIKE_DIGIT } from '../src/fields/parties.ts';
import { cifControl, isValidSpanishId, nifLetter } from '../src/ids/tax-id.ts';
import type { PageText, WordReading } from '../src/text/layout.ts';
import { page } from './text-page.ts';

const clientCif = makeCif(rng(31), 'A');

/** Gives a word of the page a second engine's reading (fused OCR keeps both). */
function readAlso(p: PageText, line: number, word: number, text: string, engine: WordReading['engine']) {
  const w = p.lines[line]!.words[word]!;
  const other = engine === 'tesseract' ? 'ppocr' : 'tesseract';
  w.engine = other;
  w.alternatives = [
    { text: w.text, conf: 0.5, engine: other },
    { text, conf: 0.9, engine },
  ];
}

/** An invoice with a client block at the top and the issuer's legal line, `footer`, at the foot. */
function withFooter(footer: string): PageText {
  return page([
    'Factura nº A-17',
    'Cliente',
    'Comercial Norte S.A.',
    `CIF: ${clientCif}`,
    '@0.30 Total   121,00 €',
    `@0.60 ${footer}`,
  ]);
}

/** A B-CIF whose "8"-for-"B" misreading no NIF look-alike repair also turns into a valid id. */
function cifOnlyBRepairs(): string {
  for (let seed = 1; ; seed++) {
    const cif = makeCif(rng(seed), 'B');
    const misread = `8${cif.slice(1)}`;
    const letters = [...(LETTERS_LIKE_DIGIT[misread[8]!] ?? '')];
    if (!letters.some((l) => isValidSpanishId(misread.slice(0, 8) + l)?.valid)) return cif;
  }
}

/** Nine digits that read as a B-CIF with its B seen as 8 and as a NIF with its letter seen as a digit. */
function twoRepairs(): string {
  for (let n = 1_000_000; ; n++) {
    const body = String(n);
    const control = cifControl(body)[0];
    if ([...(LETTERS_LIKE_DIGIT[control] ?? '')].includes(nifLetter(`8${body}`))) return `8${body}${control}`;
  }
}

describe('tax ids OCR garbled', () => {
  it('takes an id the other engine read on a line whose label only that engine read, unverified', () => {
    const nif = makeNif(rng(32));
    const p = page([
      'Lucía Ejemplo Ortega',
      `Avenida Mayor 4.48 001Bilba ${nif[8]}`,
      `@0.15 Cliente   NIF: ${clientCif}`,
      '@0.30 Total   121,00 €',
    ]);
    readAlso(p, 1, 2, 'CIF:', 'tesseract');
    readAlso(p, 1, 3, nif.slice(0, 8), 'tesseract');
    const r = extractFromText([p], 'ocr');
    checkTaxIds(r.fields, () => {});
    expect(r.fields.issuer_tax_id).toMatchObject({ value: nif, verified: false });
  });

  it('reads a CIF glued to its label, letters of the label lost ("CFB…"), unverified', () => {
    const cif = makeCif(rng(33), 'B');
    const p = withFooter(`Ejemplo Servicios S.L. - CF${cif}. Calle Mayor 1, 46002 Valencia`);
    const r = extractFromText([p], 'ocr');
    checkTaxIds(r.fields, () => {});
    expect(r.fields.issuer_tax_id).toMatchObject({ value: cif, verified: false });
  });

  it('repairs the other engine’s labelled reading of a CIF whose B it read as 8, unverified', () => {
    const cif = cifOnlyBRepairs();
    // The chosen engine lost the B; the other kept the label apart and read the B as 8.
    const p = withFooter(`Ejemplo Servicios S.L. - CIF${cif.slice(1)} Calle Mayor 1`);
    readAlso(p, 5, 4, `CIF 8${cif.slice(1)} -`, 'tesseract');
    const r = extractFromText([p], 'ocr');
    checkTaxIds(r.fields, () => {});
    expect(r.fields.issuer_tax_id).toMatchObject({ value: cif, verified: false });
  });

  it('repairs no look-alike when two repairs pass their check: no id rather than a guess', () => {
    const p = page(['Ejemplo Servicios S.L.', `NIF: ${twoRepairs()}`, '@0.30 Total   121,00 €']);
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issuer_tax_id).toBeUndefined();
  });
});
