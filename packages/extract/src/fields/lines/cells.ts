/** A table row's cells: the description's words, each numeric column's readings, and the arithmetic that picks. */

import { isReadByBoth } from '../../ocr/fuse.ts';
import { editDistance } from '../../text/distance.ts';
import type { Line } from '../../text/layout.ts';
import { parseAmount } from '../../text/numbers.ts';
import { type Column, NOISE } from './header.ts';

/** A row that ends the table (its totals, payment terms, notes). */
export const STOP_ROW =
  /\b(?:base\s*imponible|subtotal|subtotaal|sub-total|total|totaal|suma|summe|netto|exclusief|iva\s*\d|vat\s*\d|btw\s*\d|forma\s*de\s*pago|payment|observaciones|notes?|iban|vencimiento)\b/i;

/** A unit of measure printed in a column of its own. */
const UNIT_WORD =
  /^(?:uds?|u|unid|und|ud\/s|h|hrs?|horas?|kg|g|gr|t|m|m2|m²|m3|m³|ml|l|lt|cm|mm|km|pcs?|pza|pzas|st|stk|hr|hours?|days?|d[íi]as?)\.?$/i;

/** A cell's text in numeric form, rules stripped; on OCR, letters read for digits (O, l, B), ¢ for €. */
export function numericText(raw: string, ocr = true): string {
  let t = raw.replace(/^[|[\]{}'"`]+|[|[\]{}'"`]+$/g, '').trim();
  if (!ocr || !/\d/.test(t)) return t;
  t = t.replace(/¢/g, '€').replace(/€+/g, '€');
  // A long dash before a number is a rule or a minus: dropped, the sign is the amount's (see readRow).
  t = t.replace(/^[—–~]+(?=\d)/, '');
  // The euro sign read as a C before an amount ("C24.27"), or a C or an E after one ("7.76e", "80,04E").
  t = t.replace(/^[Cc](?=\d[\d.,]*\d$)/, '€').replace(/(?<=\d[.,]\d{2})[CcEe]$/, '€');
  // letters read for digits, only where they touch a digit
  t = t.replace(/[Oo](?=[\d.,])|(?<=[\d.,])[Oo]/g, '0').replace(/[lI|](?=[\d.,])|(?<=[\d.,])[lI|]/g, '1');
  if (/^[B]$/.test(t)) t = '8';
  return t;
}

/** A minus may trail the number, as accounting print puts it ("24-", "1.382,64-"). */
const NUMERIC_CELL =
  /^[-−(]?\s?[€$£]?\s?-?[\d.,\s]+\s?(?:%|%?€|EUR|\$|pcs|pc|uds?|st(?:k|ck)?|x|units?|h)?\.?\)?-?$/i;

export function isNumericCell(text: string): boolean {
  return NUMERIC_CELL.test(text.trim()) && /\d/.test(text);
}

/**
 * An amount as printed, with the readings OCR leaves when it loses or misreads a mark: every separator
 * a comma or every one a point ("2,057,28" for 2.057,28), the currency sign read as a digit ("884,396" for
 * 884,39 €), the decimal mark dropped ("6032€" for 60,32 €), most likely first (the plain reading, or a
 * lost mark where digits end in a currency sign). All but the first are only taken when quantity × price =
 * amount says so.
 */
export function amountReadings(raw: string, ocr: boolean): number[] {
  const t = raw
    .replace(/[€$£]|EUR/gi, '')
    .replace(/\s+/g, '')
    .replace(/\.$/, '');
  const out: number[] = [];
  const push = (v: number | null) => {
    if (v != null && Number.isFinite(v) && !out.includes(v)) out.push(v);
  };
  // Digits and a currency sign, no mark ("6032€"): printed money has cents, so the mark was lost.
  if (ocr && /^-?\d{3,7}$/.test(t) && /[€$£]|EUR/i.test(raw)) push(Number(t) / 100);
  const plain = parseAmount(t, { decimalsHint: t.includes(',') ? ',' : '.' });
  // A reading in fractions of a cent is a misread; it stays last.
  const fractional = plain != null && Math.abs(plain * 100 - Math.round(plain * 100)) > 1e-6;
  if (!fractional || !ocr) push(plain);
  if (!ocr) return out;
  const m = /^(-?)([\d.,]*?)[.,](\d{2})$/.exec(t);
  if (m) push(Number(`${m[1]}${m[2]!.replace(/[.,]/g, '')}.${m[3]}`));
  const extra = /^(-?[\d.,]*[.,]\d{2})\d$/.exec(t);
  if (extra) push(amountReadings(extra[1]!, false)[0] ?? null);
  if (/^-?\d{3,7}$/.test(t)) push(Number(t) / 100);
  // The thousands mark kept, the decimal mark lost ("1.54332" for 1.543,32).
  const lost = /^(-?\d{1,3})[.,](\d{3})(\d{2})$/.exec(t);
  if (lost) push(Number(`${lost[1]}${lost[2]}.${lost[3]}`));
  push(plain);
  return out;
}

type Cell = { raw: string; readings: string[] };

/**
 * `short` is `long` with characters dropped, no more than half of them ("Botellaguminl)" from
 * "Botellaaguamineral1,5L(35)"): an engine that read a cramped cell in one gulp.
 */
function droppedFrom(short: string, long: string): boolean {
  if (long.length <= short.length || long.length > short.length * 2) return false;
  let k = 0;
  for (const c of long) if (c === short[k]) k++;
  return k === short.length;
}

/** Words of three letters or more both OCR engines read alike: the document's own wording. */
export function documentWords(lines: Line[]): Set<string> {
  const memo = WORDS.get(lines);
  if (memo) return memo;
  const out = new Set<string>();
  for (const l of lines)
    for (const w of l.words)
      if (/^\p{L}{3,}$/u.test(w.text) && isReadByBoth(w)) out.add(w.text.toLowerCase());
  WORDS.set(lines, out);
  return out;
}
const WORDS = new WeakMap<Line[], Set<string>>();

/** Letters OCR ran together ("Arrozredondo") cut into words the document prints apart elsewhere, or null. */
function splitGlued(run: string, words: ReadonlySet<string>): string | null {
  const s = run.toLowerCase();
  // parts[i]: s.slice(0, i) as document words, the last one as long as can be
  const parts: (string[] | null)[] = [[]];
  for (let i = 1; i <= s.length; i++) {
    parts[i] = null;
    for (let k = 0; k <= i - 3; k++) {
      if (parts[k] && words.has(s.slice(k, i))) {
        parts[i] = [...parts[k]!, run.slice(k, i)];
        break;
      }
    }
  }
  const found = parts[s.length];
  return found && found.length > 1 ? found.join(' ') : null;
}

/**
 * `glued`, a run of letters one engine read without spaces ("Serviciosdeconsultoria"), spaced where
 * `other`, the other engine's reading with spaces ("Servicios Ue consultona"), puts them, the two aligned
 * letter by letter; null unless `other` has spaces and its letters differ by a quarter of them at most.
 */
export function spacedLike(glued: string, other: string): string | null {
  if (glued.length < 10 || /\s/.test(glued) || !/\s/.test(other) || !/^\p{L}+$/u.test(glued)) return null;
  const a = other.replace(/\s+/g, '');
  // Edit distances of every pair of prefixes, then the path back: where each of `a`'s prefixes ends in `glued`.
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: glued.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const same = (i: number, j: number) => a[i - 1]!.toLowerCase() === glued[j - 1]!.toLowerCase();
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= glued.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (same(i, j) ? 0 : 1));
  if (d[a.length]![glued.length]! > Math.floor(glued.length / 4)) return null;
  const endsAt = new Array<number>(a.length + 1).fill(0);
  for (let i = a.length, j = glued.length; i > 0; ) {
    endsAt[i] = Math.max(endsAt[i]!, j);
    if (j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (same(i, j) ? 0 : 1)) [i, j] = [i - 1, j - 1];
    else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  const cuts = new Set<number>();
  let k = 0;
  for (const word of other.trim().split(/\s+/).slice(0, -1)) {
    k += word.length;
    const at = endsAt[k]!;
    if (at > 0 && at < glued.length) cuts.add(at);
  }
  if (!cuts.size) return null;
  return [...glued].map((c, j) => (cuts.has(j) ? ` ${c}` : c)).join('');
}

/**
 * A word's reading for the row, when one engine did better than the chosen text: a rule or speck ("|")
 * the other engine read as a letter or digit ("L"), or words run together ("Arrozredondo1kg") the other
 * engine read with their spaces, the same characters give or take two.
 */
function descReading(w: Line['words'][number], words: ReadonlySet<string>): string {
  const text = w.text.trim();
  const alts = (w.alternatives ?? []).map((a) => a.text.trim()).filter(Boolean);
  if (NOISE.test(text)) return alts.find((a) => /^[\p{L}\d]$/u.test(a)) ?? text;
  if (text.length >= 10 && !/\s/.test(text) && /\p{L}{3}/u.test(text)) {
    const spaced = alts.find(
      (a) =>
        /\s/.test(a) &&
        (editDistance(a.replace(/\s+/g, ''), text, 2) <= 2 || droppedFrom(text, a.replace(/\s+/g, ''))),
    );
    if (spaced) return spaced;
  }
  // Words run together that the document prints apart elsewhere ("Arrozredondo1kg").
  const run = /^\p{L}{6,}/u.exec(text)?.[0];
  const apart = run && !/\s/.test(text) ? splitGlued(run, words) : null;
  // Else spaced where the other engine, unsure of some letters, put its spaces.
  const aligned = apart ? null : (alts.map((a) => spacedLike(text, a)).find((x) => x != null) ?? null);
  const spacedOut = apart ? apart + text.slice(run!.length) : (aligned ?? text);
  // A word and the number after it run together ("liquido3L"): the space goes back before the number.
  return spacedOut.replace(/(?<=\p{Ll}{3})(?=\d)/gu, ' ');
}

/**
 * A speck one engine read with little confidence, the other engine seeing nothing there: on the fitting
 * scans such words of letters are almost never a word of the document (a table rule, dirt, a letter's
 * ghost). A number is dropped only when read with no confidence at all: an amount lost costs the row.
 */
export const isSpeck = (w: Line['words'][number]) =>
  w.conf < (/\d/.test(w.text) ? 0.05 : 0.3) && !(w.alternatives ?? []).some((a) => a.engine !== w.engine);

/**
 * Two numbers OCR read as one word, a space between them ("25 57,21": a quantity and a price run
 * together), or null: a space is a thousands mark only before three digits ("1 430,25").
 */
function twoNumbers(num: string): [string, string] | null {
  const parts = num.split(/\s+/);
  if (parts.length !== 2 || !parts.every(isNumericCell) || SIGN.test(parts[1]!)) return null;
  if (/^\d{3}(?:[.,]\d+)?\D*$/.test(parts[1]!)) return null;
  return [parts[0]!, parts[1]!];
}

/** A currency sign or a percent sign standing alone: part of the number beside it. */
const SIGN = /^(?:[€$£%]|EUR)$/i;

/**
 * A word in a numeric column as a number: the chosen reading, or, when that is no number ("2;37:€", an
 * arrow for a "1"), the other engine's reading that is one.
 */
function cellNumber(w: Line['words'][number], text: string): string {
  const num = numericText(text);
  if (isNumericCell(num) || SIGN.test(num)) return num;
  const other = (w.alternatives ?? []).map((a) => numericText(a.text.trim())).find(isNumericCell);
  return other ?? num;
}

/**
 * A word OCR gave twice: most of its box inside a longer word of the row that holds its text ("2" over
 * "21%", the other engine's word of the same print).
 */
function readTwice(w: Line['words'][number], words: Line['words']): boolean {
  const text = w.text.trim();
  return words.some((o) => {
    const inside = Math.min(w.x + w.w, o.x + o.w) - Math.max(w.x, o.x);
    const level = Math.min(w.y + w.h, o.y + o.h) > Math.max(w.y, o.y);
    return (
      o !== w && o.text.trim().length > text.length && o.text.includes(text) && inside > w.w * 0.6 && level
    );
  });
}

/** The median height of a row's words: the print's. */
function medianHeight(row: Line): number {
  const hs = row.words.map((w) => w.h).sort((a, b) => a - b);
  return hs[Math.floor(hs.length / 2)] ?? 0;
}

/**
 * A word one engine read from a box two printed lines tall (a wrapped description's two lines run
 * together: "Disenocorpo"): the other engine's reading of letters there, or null.
 */
function twoLinesTall(w: Line['words'][number], printH: number): string | null {
  if (w.h < printH * 1.8 || (w.alternatives ?? []).length < 2) return null;
  const other = w.alternatives!.find((a) => a.engine !== w.engine && /^\p{L}{3,}/u.test(a.text.trim()));
  return other?.text.trim() ?? null;
}

/** Letters without their accents, lower case: readings that differ only so are the same word. */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The other engine's reading of a word of letters one engine read unsure ("workéhop" at 0.48 by
 * "workshop" at 0.99; "hats er B" by "hosting (monthly)"), when it is far surer (SURER) and differs by
 * more than accents (PP-OCR drops them), or null.
 */
function surerReading(w: Line['words'][number]): string | null {
  if (w.engine === 'fused' || /\d/.test(w.text)) return null;
  const other = (w.alternatives ?? []).find(
    (a) =>
      a.engine !== w.engine &&
      a.conf >= w.conf + SURER &&
      /\p{L}{3,}/u.test(a.text) &&
      folded(a.text.trim()) !== folded(w.text.trim()),
  );
  return other?.text.trim() ?? null;
}

/** How much surer (confidence) the other engine's reading of a word of letters must be to replace it. */
const SURER = 0.3;

/** `w` has `text` for the other engine's reading: that reading covers it. */
const coveredBy = (w: Line['words'][number], text: string) =>
  (w.alternatives ?? []).some((a) => a.engine !== w.engine && a.text.trim() === text);

/**
 * Each word's text for the row (null: a word the one before it already stands for): a word read two
 * lines tall or unsure, the other engine's reading, once for the words it covers; else `descReading`.
 * A reading that also covers words read sure ("electrico2,5mmrollo100m" over "eléctrico … rollo 100m",
 * only "rollo" unsure) would repeat them: it is not taken.
 */
function wordReadings(row: Line, words: ReadonlySet<string>): (string | null)[] {
  const printH = medianHeight(row);
  const surers = row.words.map(surerReading);
  const sure = row.words.filter((_, k) => surers[k] == null);
  let prev: string | null = null;
  return row.words.map((w, k) => {
    const own = surers[k] ?? null;
    const surer = own != null && !sure.some((v) => coveredBy(v, own)) ? own : null;
    const repeated = surer != null && surer === prev;
    prev = surer;
    if (repeated) return null;
    return twoLinesTall(w, printH) ?? surer ?? descReading(w, words);
  });
}

/**
 * The widest word space, in print heights: a till roll's monospace space with the glyphs' side bearings
 * is as wide as its words are tall; a column gap is three spaces or more.
 */
const WORD_SPACE = 1.5;

/** A row's words by column: the description's words and, per numeric column, its text and other readings. */
export function rowCells(
  row: Line,
  cols: Column[],
  descCol: Column | undefined,
  ocr: boolean,
  words: ReadonlySet<string>,
): { desc: string; cells: Map<Column, Cell> } {
  const numeric = cols.filter((c) => c.kind !== 'desc' && c.kind !== 'ref').sort((a, b) => a.x - b.x);
  const refCol = cols.find((c) => c.kind === 'ref' && descCol && c.right <= descCol.x);
  // Zone edges: halfway between neighbouring header columns.
  const sorted = [...cols].sort((a, b) => a.x - b.x);
  const zoneOf = (cx: number): Column | undefined => {
    for (let k = 0; k < sorted.length; k++) {
      const next = sorted[k + 1];
      if (!next || cx < (sorted[k]!.right + next.x) / 2) return sorted[k];
    }
    return sorted[sorted.length - 1];
  };
  const descParts: string[] = [];
  type Group = { x: number; right: number; raw: string; readings: string[] };
  const groups: Group[] = [];
  const firstNumX = Math.min(...numeric.map((c) => c.x), 1);
  // Where the values right of the description begin: words left of it are the description's.
  const valuesX = Math.min(...numeric.filter((c) => !descCol || c.x > descCol.x).map((c) => c.x), 1);
  const texts = ocr ? wordReadings(row, words) : row.words.map((w) => w.text.trim());
  let descRight: number | null = null;
  // A word space: under WORD_SPACE print heights (a lower-case word's box, "m", is shorter than its print).
  const printH = ocr ? medianHeight(row) : 0;
  const spaced = (a: { x: number; w: number }, b: { x: number; h: number }) =>
    (b.x - (a.x + a.w)) * row.aspect < Math.max(b.h, printH) * WORD_SPACE;
  for (const [k, w] of row.words.entries()) {
    const text = texts[k];
    if (!text || NOISE.test(text)) continue;
    if (ocr && (isSpeck(w) || readTwice(w, row.words))) continue;
    const cx = w.x + w.w / 2;
    const zone = zoneOf(cx);
    const inDescZone = !zone || zone.kind === 'desc' || zone.kind === 'ref';
    // Words left of the first numeric column's edge belong to the description ("5 L", "100 m").
    const leftOfNumbers = w.x + w.w < firstNumX - 0.02;
    const num = ocr && !inDescZone && !leftOfNumbers ? cellNumber(w, text) : numericText(text, ocr);
    if (refCol && descCol && cx < (refCol.right + descCol.x) / 2) continue;
    const sign = SIGN.test(num);
    // A count in parentheses, a unit or a measure ("100 m") a word space after the description's last
    // word ("… 5 L (2)", "… caja 100 uds", "… rollo 100 m") ends the description, even where a long one
    // runs under a number column.
    const after = row.words[k + 1];
    const measure =
      /^\d+(?:[.,]\d+)?$/.test(num) && !!after && UNIT_WORD.test(after.text.trim()) && spaced(w, after);
    const descTail =
      descRight != null &&
      (/^\(\d{1,3}\)$/.test(text) || UNIT_WORD.test(text) || measure) &&
      spaced({ x: descRight, w: 0 }, w);
    if ((isNumericCell(num) || sign) && zone && !inDescZone && !leftOfNumbers && !descTail) {
      const last = groups[groups.length - 1];
      // A currency sign or "%" set apart from its number is part of that cell.
      if (sign && last && (w.x - last.right) * row.aspect < w.h * 1.5) {
        last.raw += num;
        last.right = w.x + w.w;
        continue;
      }
      if (sign) continue;
      // A number OCR cut in two with no space between ("2" "8" for "28", "459," "34€" for "459,34 €",
      // "2" "1%" for "21%"): one cell.
      const touching = last && (w.x - last.right) * row.aspect < w.h * 0.3;
      // Both as their engine read them (not another reading put in), the first no amount with cents already.
      const cutNumber =
        touching &&
        num === numericText(text, ocr) &&
        /^-?\d[\d.,]*$/.test(last.raw) &&
        !/[.,]\d{1,2}$/.test(last.raw) &&
        /^\d/.test(num);
      if (
        cutNumber ||
        (last && /^\d$/.test(last.raw) && /^\d%$/.test(num) && (w.x - last.right) * row.aspect < w.h * 0.5)
      ) {
        last.raw += num;
        last.right = w.x + w.w;
        last.readings = [];
        continue;
      }
      const pair = ocr ? twoNumbers(num) : null;
      if (pair) {
        // Each number where its share of the characters puts it.
        const mid = w.x + (w.w * pair[0].length) / num.length;
        groups.push({ x: w.x, right: mid, raw: pair[0], readings: [] });
        groups.push({ x: mid, right: w.x + w.w, raw: pair[1], readings: [] });
        continue;
      }
      const alts = (w.alternatives ?? []).map((a) => numericText(a.text.trim(), ocr)).filter(isNumericCell);
      groups.push({ x: w.x, right: w.x + w.w, raw: num, readings: alts });
    } else if (
      UNIT_WORD.test(text) &&
      descCol &&
      !inDescZone &&
      !leftOfNumbers &&
      !descTail &&
      cx > valuesX
    ) {
      // A unit of measure in its own column, right of the description ("ud", "h", "kg"): not the description's.
    } else if (
      inDescZone ||
      leftOfNumbers ||
      descTail ||
      !descCol ||
      zone?.kind === 'other' ||
      cx < valuesX - 0.02
    ) {
      descParts.push(text.replace(/^[|[\]{}]+|[|[\]{}]+$/g, ''));
      descRight = w.x + w.w;
    }
  }
  const cells = new Map<Column, Cell>();
  const put = (col: Column, g: Group) => {
    const cell = cells.get(col) ?? { raw: '', readings: [] };
    cell.raw = `${cell.raw} ${g.raw}`.trim();
    cell.readings.push(...g.readings);
    cells.set(col, cell);
  };
  if (groups.length === numeric.length) {
    // One number per numeric column: by order, whatever a skewed scan does to their x.
    groups.forEach((g, k) => {
      put(numeric[k]!, g);
    });
  } else {
    for (const g of groups) {
      // The column whose header overlaps the number most, else the nearest one.
      let best = numeric[0]!;
      let bestD = Number.POSITIVE_INFINITY;
      for (const c of numeric) {
        const d = Math.max(c.x - g.right, g.x - c.right, -Math.min(g.right, c.right) + Math.max(g.x, c.x));
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      put(best, g);
    }
  }
  const desc = descParts.join(' ').replace(/\s+/g, ' ').trim();
  return { desc, cells };
}

export const toCentsNum = (v: number) => Math.round(v * 100);

/**
 * Quantity × unit price (less a discount) = amount, to the cent or within the rounding of a unit price
 * printed to the cent: the readings of price and amount that close, when some do.
 */
export function closingReadings(
  qty: number,
  prices: number[],
  totals: number[],
  disc: number,
): { price: number; total: number } | null {
  let best: { price: number; total: number; score: number } | null = null;
  for (const [i, p] of prices.entries()) {
    for (const [k, t] of totals.entries()) {
      if (!p || !t) continue;
      const off = Math.abs(toCentsNum(qty * p * (1 - disc / 100)) - toCentsNum(t));
      if (off > Math.max(1, Math.abs(qty) * 0.5)) continue;
      // Exact first, then the readings nearest the plain one.
      const score = (off > 1 ? 100 : 0) + i + k;
      if (!best || score < best.score) best = { price: p, total: t, score };
    }
  }
  return best;
}
