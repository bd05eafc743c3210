/** A line-item table's header row: which columns it names, and where, as OCR or a text layer gives them. */

import { editDistance } from '../../text/distance.ts';
import type { Line } from '../../text/layout.ts';
import { splitCells } from '../context.ts';

export const HEADER_DESC =
  /\b(?:descrip[a-zà-ÿ]*|concepto|art[íi]culo|producto|detalle|description|item|items|product|service|servicio|bezeichnung|beschreibung|artikel|leistung|d[ée]signation|libell[ée]|omschrijving)\b/i;
const HEADER_AMOUNT =
  /\b(?:importe|total|amount|precio|price|betrag|gesamt|montant|prix|bedrag|prijs|subtotal|unit|uds|cantidad|qty|quantity|aantal|menge|preis)\b/i;

type ColKind = 'qty' | 'price' | 'total' | 'rate' | 'desc' | 'disc' | 'ref' | 'surcharge' | 'other';
export type Column = { kind: ColKind; x: number; right: number };

/** Table rules and specks OCR reads as characters. */
export const NOISE = /^[|[\]{}()—–\-_=.,:;'"`~»«*!¡]+$/;

/** Column names a header word is read against when OCR garbled a letter or two ("Cantldad", "lmporte"). */
const HEADER_WORDS = [
  'descripción',
  'concepto',
  'artículo',
  'producto',
  'servicio',
  'cantidad',
  'unidades',
  'precio',
  'unitario',
  'importe',
  'subtotal',
  'descuento',
  'description',
  'quantity',
  'amount',
  'product',
];

/**
 * A header word OCR garbled, read as the column name it is nearest to: one character off in a word of
 * six or more, two in one of nine or more, and no other name as near. Letters and digits only.
 */
function headerWord(word: string): string {
  const w = word.toLowerCase().replace(/[.:]+$/, '');
  if (w.length < 6 || !/^[\p{L}\d]+$/u.test(w) || HEADER_WORDS.includes(w)) return word;
  // A plural ("Servicios", "Productos") is a word of its own, not a misread.
  if (HEADER_WORDS.some((h) => w.startsWith(h) && /^e?s$/.test(w.slice(h.length)))) return word;
  const max = w.length >= 9 ? 2 : 1;
  let best: string | null = null;
  let bestD = max + 1;
  let tie = false;
  for (const h of HEADER_WORDS) {
    const d = editDistance(w, h, max);
    if (d < bestD) {
      best = h;
      bestD = d;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  return best && !tie ? best : word;
}

const headerWords = (text: string) => text.split(/(\s+)/).map(headerWord).join('');

/** What a header cell (or one word of it) names. */
function columnKind(text: string): ColKind {
  // OCR's digits for letters inside a word ("PRECI0")
  const t = headerWords(text.toLowerCase().replace(/(?<=\p{L})0|0(?=\p{L})/gu, 'o'));
  if (HEADER_DESC.test(t)) return 'desc';
  if (/cant|qty|quantity|uds|unid|menge|qt[ée]|aantal|hoeveelheid|units?$|hours|horas/.test(t)) return 'qty';
  if (/rabatt|discount|descuento|dto\.?|korting|remise/.test(t)) return 'disc';
  // The recargo de equivalencia's rate ("% R.E.", "Rec. eq."): a percent, but not the line's VAT rate; a
  // column of its own, so a cell OCR ran together with the next name ("%R.E. Importe") is split.
  if (/\br\.\s?e\.|recargo|\brec\.?\s*eq/.test(t)) return 'surcharge';
  if (/%|iva|vat|tax|mwst|tva|btw/.test(t) && !/total|importe|amount|prijs|preis|price|incl/.test(t))
    return 'rate';
  if (/precio|price|unit|p\.\s*u|prix|rate|tarifa|pvp|per\s*stuk|einzel|stückpreis/.test(t)) return 'price';
  // "Zeilenbetrag", "Gesamtpreis", "Bedrag" are line totals; a bare "Preis"/"Prijs" is the unit price.
  if (/importe|total|amount|betrag|montant|bedrag|subtotal|net|gesamt|incl|inkl/.test(t)) return 'total';
  if (/prijs|preis/.test(t)) return 'price';
  if (/^(?:ref\b|ref\.|c[óo]d|code\b|sku\b|art\.?\s*n)/.test(t)) return 'ref';
  return 'other';
}

/** Column names inside a header cell run together ("P.unit.Dto.%IVA"), longest first per column. */
const COLUMN_WORDS: [ColKind, string][] = [
  [
    'desc',
    'descripci[óo]n|concepto|art[íi]culo|producto|detalle|description|items?|product|servicio|service',
  ],
  ['price', 'precio\\s?unit(?:ario)?\\.?|p\\.\\s?unit\\.?|p\\.\\s?u\\.|unit\\s?price|precio|price|prix|pvp'],
  ['qty', 'cant(?:idad|\\.)?|qty|quantity|uds\\.?|unid(?:ades|\\.)?|units|horas|hours'],
  ['disc', 'descuento|dto\\.?|discount'],
  ['rate', '%\\s?iva|iva\\s?%|%\\s?vat|vat\\s?%|iva|vat|%'],
  ['total', 'importe|total|amount|subtotal'],
  ['ref', 'ref\\.?|c[óo]d(?:igo)?\\.?|code|sku'],
];
const COLUMN_SCAN = new RegExp(COLUMN_WORDS.map(([k, w]) => `(?<${k}>${w})`).join('|'), 'giu');

/** One character that names no column ("I", "E" where a rule or a cell's shading is): no word of the header. */
const isRuleLetter = (w: Line['words'][number]) =>
  w.text.trim().length === 1 && columnKind(w.text) === 'other';

/**
 * A speck or shading one OCR engine alone read as letters, unsure ("NU" between "Descripción" and
 * "Cantidad"): no word of the header, so it does not hold the columns around it in one cell.
 */
const isUnsureSpeck = (w: Line['words'][number]) =>
  w.conf < 0.5 && (w.alternatives ?? []).length <= 1 && columnKind(w.text) === 'other';

/**
 * The header's columns. A cell whose words name different columns ("Ref. Descripción", "P.unit. Dto.",
 * run together by OCR or a tight layout) is split into one column per word; a cell OCR read letter by
 * letter ("I m p o r t e") is read as one word and split by the column names in it, each placed by its
 * share of the characters. A header word OCR misread is named by its other reading ("oty": "Qty").
 */
export function headerColumns(line: Line): Column[] {
  const cols: Column[] = [];
  const words = line.words.filter((w) => !NOISE.test(w.text) || w.text.length === 1);
  const kindOf = (w: Line['words'][number]) => {
    const k = columnKind(w.text);
    if (k !== 'other') return k;
    for (const a of w.alternatives ?? []) {
      const alt = columnKind(a.text);
      if (alt !== 'other') return alt;
    }
    return k;
  };
  const add = (kind: ColKind, x: number, right: number, join: boolean) => {
    const prev = cols[cols.length - 1];
    if (join && prev && prev.kind === kind) prev.right = right;
    else cols.push({ kind, x, right });
  };
  for (const cell of splitCells({ ...line, words })) {
    const inCell = words.filter((w) => w.x >= cell.x - 1e-9 && w.x + w.w <= cell.x + cell.w + 1e-9);
    const short = inCell.filter((w) => w.text.trim().length <= 2).length;
    if (inCell.length >= 3 && short >= inCell.length * 0.6) {
      // Joined up, a name OCR misread by a letter is still a name ("P re c lo": "Precio").
      const text = headerWords(inCell.map((w) => w.text.trim()).join(''));
      const found = [...text.matchAll(COLUMN_SCAN)];
      if (found.length) {
        const per = cell.w / text.length;
        found.forEach((m, k) => {
          const kind = (Object.entries(m.groups ?? {}).find(([, v]) => v)?.[0] ?? 'other') as ColKind;
          const from = k === 0 ? 0 : (m.index ?? 0);
          const to = found[k + 1]?.index ?? text.length;
          add(kind, cell.x + from * per, cell.x + to * per, k > 0);
        });
        continue;
      }
    }
    // A table rule OCR read as a letter ("Precio | IVA I"): one character naming no column names nothing.
    const named = inCell.filter((w) => !NOISE.test(w.text) && !isRuleLetter(w) && !isUnsureSpeck(w));
    const kinds = named.map(kindOf);
    // "Menge Beschreibung": the quantity is printed at the start of the description, one column.
    const qtyThenDesc = kinds.length === 2 && kinds[0] === 'qty' && kinds[1] === 'desc';
    if (named.length > 1 && new Set(kinds).size > 1 && !kinds.includes('other') && !qtyThenDesc) {
      named.forEach((w, k) => {
        add(kinds[k]!, w.x, w.x + w.w, k > 0);
      });
    } else {
      let whole = columnKind(named.map((w) => w.text).join(' '));
      // "Prec io": a name OCR cut in two
      if (whole === 'other') whole = columnKind(named.map((w) => w.text).join(''));
      const kind = whole === 'other' && named.length === 1 ? kindOf(named[0]!) : whole;
      // The column spans its name, not the rules and specks beside it in the cell.
      const x = named.length ? named[0]!.x : cell.x;
      const right = named.length ? Math.max(...named.map((w) => w.x + w.w)) : cell.x + cell.w;
      cols.push({ kind, x, right });
    }
  }
  return cols;
}

export function isHeader(line: Line): boolean {
  const text = headerText(line);
  return HEADER_DESC.test(text) && HEADER_AMOUNT.test(text);
}

/** A header row's text with cells OCR read letter by letter ("C a n t i d a d") joined up, "0" as "o". */
function headerText(line: Line): string {
  const cells = splitCells(line).map((cell) => {
    const words = cell.text.split(' ');
    const short = words.filter((w) => w.length <= 2).length;
    const spaced = words.length >= 3 && short >= words.length * 0.6;
    const cut = columnKind(cell.text) === 'other' && columnKind(words.join('')) !== 'other';
    return spaced || cut ? words.join('') : cell.text;
  });
  return headerWords(cells.join('   ').replace(/(?<=\p{L})0|0(?=\p{L})/gu, 'o'));
}
