/** The document number: the value beside or under a number label, strongest label first. */

import { checkTaxId } from '../ids/tax-id.ts';
import { SERIES_LABEL, SERIES_WITH_VALUE } from '../labels/series.ts';
import { findDates } from '../text/dates.ts';
import { joinWords, type Line, pullWordUp, type Word } from '../text/layout.ts';
import { type Ctx, joinWrappedLabels, splitCells, wrappedBelow } from './context.ts';

const INVOICE_NUMBER_RE = /(?<![\w-])([A-Z0-9][A-Z0-9\-/._]{1,30}[A-Z0-9]|[0-9]{1,3})(?![\w-])/i;

function isPlausibleNumber(v: string): boolean {
  if (!/\d/.test(v)) return /^[A-Z]{1,3}_?\w+$/i.test(v) && /_|\d/.test(v);
  if (findDates(v).length) return false;
  if (/^\d{1,2}[.,]\d{2}$/.test(v)) return false;
  // A tax id is not the invoice number: bare ("B12345674"), or grouped with dots ("A-71.113.815").
  if ((!/[/-]/.test(v) || /\d\.\d{3}\./.test(v)) && checkTaxId(v)?.valid) return false;
  return true;
}

function cleanNumber(v: string): string {
  return v.replace(/^[#:.\s]+/, '').replace(/[.,;:]+$/, '');
}

/** The head of a number that wraps: a digit somewhere, a hyphen or slash at the end ("A-2025-"). */
const WRAPPED_NUMBER_HEAD = /^[A-Z0-9][A-Z0-9._/-]*\d[A-Z0-9._/-]*[-/]$/i;

/**
 * Numbers wrapped in a narrow cell ("FAC-2024-" over "00554", "FACTURA Nº A-2025-" over "00062"): a cell
 * ending in a hyphen or a slash (a word of its own, or a word with a digit after other words) takes the
 * word at the head of the same column on the next line (its box grows to cover both), which leaves the
 * line below. A number alone on its line, centred beside a label on the next line, goes down to that line
 * instead. Other lines are returned as they are.
 */
export function joinWrappedNumbers(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i < out.length - 1; i++) {
    const line = out[i]!;
    for (const cell of splitCells(line)) {
      const tailText = cell.text.split(' ').pop()!;
      // A series prefix alone ("FAC-") wraps only as a cell of its own.
      const isPrefixCell = tailText === cell.text && /^[A-Z]{1,5}[-/]$/i.test(cell.text);
      if (!WRAPPED_NUMBER_HEAD.test(tailText) && !isPrefixCell) continue;
      const last = line.words.find((w) => Math.abs(w.x + w.w - (cell.x + cell.w)) < 1e-6);
      if (!last || last.text.trim() !== tailText) continue;
      // The head of the column below: a label centred beside the number may come between.
      const wrapped = wrappedBelow(out, i, cell);
      if (!wrapped) continue;
      const { j } = wrapped;
      const below = out[j]!;
      const tail = wrapped.words[0];
      if (!tail || !/^[A-Z0-9][A-Z0-9._/-]*$/i.test(tail.text.trim()) || !/\d/.test(tail.text)) continue;
      // Only the leftmost word of the column below (nothing of another cell before it).
      if (below.words.some((w) => w !== tail && w.x < tail.x && w.x + w.w > cell.x - line.h)) continue;
      const count = out.length;
      pullWordUp(out, i, last, tail, '', j);
      // Lone: to the line between (the label), or to the tail's line when that one is still there.
      if (line.words.length === 1 && (j > i + 1 || out.length === count)) pushLoneWordDown(out, i);
      break;
    }
  }
  return out;
}

/** The one word of `out[i]` joins the next line, in its place by x; the emptied line goes. */
function pushLoneWordDown(out: Line[], i: number): void {
  const [word] = out[i]!.words;
  const below = out[i + 1]!;
  const words = [...below.words, word!].sort((a, b) => a.x - b.x);
  out[i + 1] = { ...below, words, text: joinWords(words, below.aspect) };
  out.splice(i, 1);
}

/**
 * OCR splits a letter-spaced label word ("NÚMERO DE FAC TURA"): two neighbouring words of a line join when
 * the joined line holds a number label of the first three tiers the line did not hold before.
 */
export function joinSplitLabels(ctx: Ctx, lines: Line[]): Line[] {
  const strong = ctx.L.number.slice(0, 3);
  const has = (text: string) => strong.some((re) => re.test(text));
  return lines.map((line) => {
    if (has(line.text)) return line;
    for (let k = 0; k + 1 < line.words.length; k++) {
      const [a, b] = [line.words[k]!, line.words[k + 1]!];
      if (!/^\p{L}+$/u.test(a.text.trim()) || !/^\p{L}+[.:º°]?$/u.test(b.text.trim())) continue;
      const joined: Word = {
        ...a,
        text: `${a.text.trim()}${b.text.trim()}`,
        w: b.x + b.w - a.x,
        h: Math.max(a.y + a.h, b.y + b.h) - a.y,
        alternatives: undefined,
      };
      const words = [...line.words.slice(0, k), joined, ...line.words.slice(k + 2)];
      const text = joinWords(words, line.aspect);
      if (has(text)) return { ...line, words, text };
    }
    return line;
  });
}

/** OCR reads a table's vertical rules as words ("|", "[", "]"): lines without them (empty ones dropped). */
export function withoutRules(lines: Line[]): Line[] {
  const rule = (w: Word) => /^[|[\]!]+$/.test(w.text.trim());
  return lines.flatMap((line) => {
    if (!line.words.some(rule)) return [line];
    const words = line.words.filter((w) => !rule(w));
    return words.length ? [{ ...line, words, text: joinWords(words, line.aspect) }] : [];
  });
}

/** "Nº" as OCR reads it on its own: N, then at most two marks that are no digit ("Nº", "N°", "N?*", "No"). */
const NUMBER_SIGN = /^N[^\s\d]{0,2}$/;

/**
 * One engine glues "Nº" to the number ("N920230736", º read as 9); where the other engine reads the sign
 * apart ("N?* 20230736") and the glued word is that sign's N plus that number, the word is "Nº" and the
 * number. Only on the other engine's word: a number that starts with N is left alone.
 */
export function splitGluedNumberSigns(lines: Line[]): Line[] {
  return lines.map((line) => {
    let changed = false;
    const words = line.words.map((w) => {
      for (const alt of w.alternatives ?? []) {
        if (alt.engine === w.engine) continue;
        const [sign, number, ...more] = alt.text.trim().split(/\s+/);
        if (more.length || !sign || !number || !NUMBER_SIGN.test(sign) || !/\d/.test(number)) continue;
        const text = w.text.trim();
        const head = text.slice(0, text.length - number.length);
        if (!text.endsWith(number) || !/^N\d?$/.test(head)) continue;
        changed = true;
        return { ...w, text: `Nº ${number}` };
      }
      return w;
    });
    return changed ? { ...line, words, text: joinWords(words, line.aspect) } : line;
  });
}

/**
 * The label of the invoice a credit note corrects ("Factura rectificada:", "Rectifica a la factura",
 * "S/Factura origen"), not its own. A copy mark alone ("ORIGINAL") is no such label.
 */
const CORRECTED_INVOICE =
  /\b(?:rectificad[ao]|rectifica\s*a|factura\s*(?:de\s*)?(?:origen|original)|corrects|corrected)\b/i;

/** Street words (any language read): a "Nº 14" after one is a house number. */
export const STREET =
  /(?:^|[\s,(])(?:c\/|(?:calle|avda\.?|avenida|av\.|plaza|pza\.?|paseo|p[ºo°]\.|carretera|ctra\.?|camino|ronda|traves[íi]a|pol[íi]gono|carrer|kalea|r[úu]a|rue|boulevard|bd\.?|via|viale|piazza|street|st\.|road|rd\.|avenue|ave\.|lane|\p{L}*stra(?:ß|ss)e|\p{L}*str\.|\p{L}*weg|\p{L}*platz|\p{L}*straat|\p{L}*laan)(?=[\s.,/]|$))/iu;
/** A house number after a street ("C/ Mayor, Nº 14", "Calle Real nº 3-5"). */
const HOUSE_NUMBER = /(?:^|\s)n[ºo°.]{1,2}\s*\d+[\w/-]*/gi;
/** A phone or fax number after its label. */
const PHONE =
  /\b(?:tel[ée]?f?(?:ono)?|tlf|tfno|phone|fax|m[óo]vil|mobile|t\.)\.?\s*:?\s*\+?\(?\d[\d\s()./-]{6,}\d/gi;
/** A five-digit postcode and its town ("28001 Madrid", "D-10115 Berlin", "F-75001 Paris"). */
const POSTCODE_TOWN = /(?:^|\s)(?:[A-Z]{1,2}-)?\d{5}\s+\p{Lu}[\p{L}'-]{2,}/gu;

/**
 * The lines without what is never the invoice number: another reference and its value ("N° DE CLIENT
 * 40213", "Kundennummer: 1234", "Pedido nº 77"), a house number after a street, a phone number, a
 * postcode with its town. Their words go (so no label nor value finds them); a number label before a
 * postcode-like number in its own cell keeps it.
 */
export function withoutOtherNumbers(ctx: Ctx, lines: Line[]): Line[] {
  return lines.map((line) => {
    const spans: [number, number][] = [];
    const text = line.text;
    for (const re of ctx.L.otherReference) {
      for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
        // A label is within one cell: "Factura Nº   CLIENTE" is a number label beside a block heading.
        if (/\S\s{3,}\S/.test(m[0])) continue;
        // The label and the value after it, up to the end of its cell.
        const after = text.slice(m.index + m[0].length);
        // A value holds a digit: a word after the label is the next cell's label ("Bezero zenbakia   Faktura
        // zenbakia"), not its value.
        const value = /^\s*[:#.]?\s*[A-Z0-9][\w./-]*/i.exec(after);
        const reach = value && /\d/.test(value[0]) ? value[0].length : 0;
        spans.push([m.index, m.index + m[0].length + reach]);
      }
    }
    const street = STREET.exec(text);
    if (street) {
      for (const m of text.matchAll(HOUSE_NUMBER))
        if (m.index > street.index) spans.push([m.index, m.index + m[0].length]);
      // The street's own cell is an address ("C/FONSECA,6-4º"): its numbers are a house and a floor.
      const end = text.indexOf('   ', street.index + street[0].length);
      spans.push([street.index, end < 0 ? text.length : end]);
    }
    for (const m of text.matchAll(PHONE)) spans.push([m.index, m.index + m[0].length]);
    for (const m of text.matchAll(POSTCODE_TOWN)) {
      // Its own cell's text before it: a number label there labels it.
      const head = text.slice(Math.max(0, text.lastIndexOf('   ', m.index)), m.index);
      if (!ctx.L.number.some((re) => re.test(head))) spans.push([m.index, m.index + m[0].length]);
    }
    if (!spans.length) return line;
    const drop = new Set(spans.flatMap(([a, b]) => wordsAt(line, a, b)));
    const words = line.words.filter((w) => !drop.has(w));
    return { ...line, words, text: joinWords(words, line.aspect) };
  });
}

/** Parts of a number set apart around its hyphen ("25   - 5469", "31 -   47"): each part a word or two. */
const HYPHEN_PART_HEAD = /^[A-Z]{0,4}\d{1,10}$/i;
const HYPHEN_PART_TAIL = /^\d{1,12}$/;

/**
 * A number whose hyphen the layout set apart from its parts ("25", "-", "5469"; "31 -", "47"): the words
 * join into one ("25-5469"), its box over all of them. Only digits around a lone hyphen, nothing else.
 */
export function joinHyphenatedNumbers(lines: Line[]): Line[] {
  return lines.map((line) => {
    const pieces = line.words.flatMap((w) => {
      const m = /^(.+?)\s*(-)$|^(-)\s*(.+)$/.exec(w.text.trim());
      return m ? [{ w, parts: m[1] ? [m[1], '-'] : ['-', m[4]!] }] : [{ w, parts: [w.text.trim()] }];
    });
    const tokens = pieces.flatMap((p) => p.parts.map((t) => ({ t, w: p.w })));
    let changed = false;
    const words: Word[] = [];
    for (let k = 0; k < tokens.length; k++) {
      const [a, dash, b] = [tokens[k]!, tokens[k + 1], tokens[k + 2]];
      if (dash?.t === '-' && b && HYPHEN_PART_HEAD.test(a.t) && HYPHEN_PART_TAIL.test(b.t)) {
        const first = a.w;
        const last = b.w;
        // Earlier tokens of the same word were pushed already: the joined word replaces them.
        if (words.at(-1) === first) words.pop();
        words.push({
          ...first,
          text: `${a.t}-${b.t}`,
          w: last.x + last.w - first.x,
          h: Math.max(first.y + first.h, last.y + last.h) - first.y,
          alternatives: undefined,
        });
        changed = true;
        k += 2;
        continue;
      }
      if (words.at(-1) !== a.w) words.push(a.w);
    }
    return changed ? { ...line, words, text: joinWords(words, line.aspect) } : line;
  });
}

/** The words of a line covering text[from, to). */
function wordsAt(line: Line, from: number, to: number): Word[] {
  const out: Word[] = [];
  let pos = 0;
  for (const w of line.words) {
    const at = line.text.indexOf(w.text.trim(), pos);
    if (at < 0) continue;
    const end = at + w.text.trim().length;
    if (end > from && at < to) out.push(w);
    pos = end;
  }
  return out;
}

/** A series letter and its number printed apart at the head of a value ("G 200", "A 1234"): one number, as printed. */
const LETTER_AND_NUMBER = /^[A-Z]{1,3} \d{2,12}(?=\s|$)/;

/** Reads a number from a value's text: the series letter and its number when the text is only that. */
export function readNumber(text: string): string | null {
  const t = text.trim().replace(/^[:#.]\s*/, '');
  const lettered = LETTER_AND_NUMBER.exec(t);
  if (lettered) return lettered[0];
  const re = new RegExp(INVOICE_NUMBER_RE.source, `${INVOICE_NUMBER_RE.flags}g`);
  for (const m of text.matchAll(re)) {
    const v = (m[1] ?? m[0]).trim();
    if (isPlausibleNumber(v)) return v;
  }
  return null;
}

/** A value word that may be part of a number printed in parts: letters and digits, dots, slashes, hyphens. */
const NUMBER_PART = /^[A-Z0-9][A-Z0-9./-]*$/i;
/** Reach of the last label of a row of labels past its right edge, as a fraction of the page width. */
const LAST_COLUMN_REACH = 0.08;
/** Most space between a row of labels and its row of values, in the labels' line heights. */
const ROW_GAP = 2;

/**
 * A number printed in parts under one label of a row of labels ("DOCUMENTO   NÚMERO   FECHA" over
 * "Factura   1   250231   12/11/2025": the series and the number, two cells of one column), or its series
 * under a series label just before it ("SERIE   NÚMERO" over "02F   3973"): the parts become one word,
 * joined by a hyphen (apart in their own cells or columns) or by the space printed between them (one
 * cell, "G 200"). Only when every part is a code and the number holds a digit.
 */
export function joinColumnParts(labels: RegExp[], lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    const head = out[i]!;
    const cells = splitCells(head);
    // A row of labels: three cells or more, no digit.
    if (cells.length < 3 || /\d/.test(head.text)) continue;
    // The row of values: the next line with words under the labels (a block beside may come between).
    const left = cells[0]!.x;
    const right = cells[cells.length - 1]!.x + cells[cells.length - 1]!.w;
    const j = [i + 1, i + 2, i + 3].find((n) => out[n]?.words.some((w) => w.x < right && w.x + w.w > left));
    const below = j === undefined ? undefined : out[j];
    if (!below || below.page !== head.page || below.y - (head.y + head.h) > head.h * ROW_GAP) continue;
    // The words of the row of values in the k-th label's column: from the end of the label before it to the
    // start of the label after it (the last one reaches a little past its right edge).
    const column = (k: number) => {
      const cell = cells[k]!;
      const start = k > 0 ? cells[k - 1]!.x + cells[k - 1]!.w : 0;
      const end = cells[k + 1]?.x ?? cell.x + cell.w + LAST_COLUMN_REACH;
      return below.words.filter((w) => w.x >= start && w.x + w.w <= end + 1e-6 && w.x + w.w > cell.x);
    };
    const isCode = (ws: Word[]) => ws.every((w) => NUMBER_PART.test(w.text.trim()));
    const k = cells.findIndex((cell) =>
      labels.some((re) => {
        const m = re.exec(cell.text);
        return m != null && m[0].trim().length >= cell.text.trim().length - 1;
      }),
    );
    if (k < 0) continue;
    const words = column(k);
    if (!words.length || words.length > 3 || !isCode(words) || !words.some((w) => /\d/.test(w.text)))
      continue;
    const parts = splitCells({ ...below, words }).map((p) => p.text);
    const series = k > 0 && SERIES_LABEL.test(cells[k - 1]!.text.trim()) ? column(k - 1) : [];
    const seriesText = series.length === 1 && isCode(series) ? series[0]!.text.trim() : '';
    if (seriesText && !parts[0]!.startsWith(seriesText)) parts.unshift(seriesText);
    else series.length = 0;
    if (parts.length < 2 && words.length < 2) continue;
    const text = parts.length > 1 ? parts.map((p) => p.replace(/ /g, '')).join('-') : parts[0]!;
    const all = [...series, ...words];
    const first = all[0]!;
    const last = all[all.length - 1]!;
    const joined: Word = { ...first, text, w: last.x + last.w - first.x, alternatives: undefined };
    const rest = below.words.filter((w) => !all.includes(w));
    const merged = [...rest, joined].sort((a, b) => a.x - b.x);
    out[j!] = { ...below, words: merged, text: joinWords(merged, below.aspect) };
  }
  return out;
}

/**
 * A word of a letter-spaced heading ("F A C T U R A", "N Ú M ER O"): a few letters, nothing else; a number
 * sign ("Nº") is a word of its own, so "FRA Nº A" stays a label and a series.
 */
const SPACED_PIECE = /^[^\P{L}ºª]{1,3}$/u;
/** Fewest pieces of a letter-spaced word. */
const SPACED_MIN_PIECES = 3;

/**
 * Letter-spaced headings, as a text layer or OCR gives them ("FEC H A   S ER IE   N Ú M ER O"): each run
 * of three or more pieces of at most three letters, one of them a single letter, in one cell, becomes
 * one word ("FECHA   SERIE   NÚMERO"), so that the labels read. Words with digits or marks stay apart.
 */
export function joinSpacedLetters(lines: Line[]): Line[] {
  return lines.map((line) => {
    const cells = splitCells(line);
    const cellOf = (w: Word) => cells.findIndex((c) => w.x >= c.x - 1e-6 && w.x + w.w <= c.x + c.w + 1e-6);
    const words: Word[] = [];
    let run: Word[] = [];
    let changed = false;
    const flush = () => {
      if (run.length >= SPACED_MIN_PIECES && run.some((w) => w.text.trim().length === 1)) {
        const first = run[0]!;
        const last = run[run.length - 1]!;
        words.push({
          ...first,
          text: run.map((w) => w.text.trim()).join(''),
          w: last.x + last.w - first.x,
          alternatives: undefined,
        });
        changed = true;
      } else words.push(...run);
      run = [];
    };
    for (const w of line.words) {
      const prev = run[run.length - 1];
      if (!SPACED_PIECE.test(w.text.trim())) {
        flush();
        words.push(w);
        continue;
      }
      if (prev && cellOf(prev) !== cellOf(w)) flush();
      run.push(w);
    }
    flush();
    return changed ? { ...line, words, text: joinWords(words, line.aspect) } : line;
  });
}

/**
 * The series printed on the line over the number's, with its own label ("Factura serie: 2023" over
 * "Factura num: 00028"): the number with its series before it, unless it already opens with it.
 */
function withSeriesAbove(lines: Line[], box: { page: number; y: number; x: number }, value: string): string {
  const at = lines.findIndex((l) => l.page === box.page && Math.abs(l.y - box.y) < l.h / 2);
  const above = lines[at - 1];
  const line = lines[at];
  if (!above || !line || line.y - above.y > line.h * ROW_GAP) return value;
  // Its label and value, in one cell or two ("Factura serie:   2023"), at the number line's left edge.
  const series =
    Math.abs(above.x - line.x) < line.h && SERIES_WITH_VALUE.exec(above.text.replace(/\s+/g, ' '))?.[1];
  return series && !value.startsWith(series) ? `${series}-${value}` : value;
}

/** The lines as the number is read from them: other numbers out, wrapped and split numbers and labels joined. */
export function numberLines(docCtx: Ctx): Ctx {
  const kept = withoutOtherNumbers(docCtx, joinSpacedLetters(docCtx.lines));
  const ruled = docCtx.ocr ? splitGluedNumberSigns(withoutRules(kept)) : kept;
  const wrapped = joinColumnParts(
    docCtx.L.number,
    joinHyphenatedNumbers(joinWrappedNumbers(joinWrappedLabels(ruled, docCtx.L.number.slice(0, 3)))),
  );
  return { ...docCtx, lines: docCtx.ocr ? joinSplitLabels(docCtx, wrapped) : wrapped };
}

/**
 * The lines whose number label the rule reads: the label's own cell names no amount, no date, and not the
 * invoice a credit note corrects. In a header row ("FECHA   Nº FACTURA   AGENTE") another cell's words say
 * nothing of it.
 */
export function ruleLineFilter(L: Ctx['L']): (line: Line) => boolean {
  return (line) => {
    const cells = line.text.split(/ {3}/);
    const cell = cells.find((c) => L.number.some((re) => re.test(c))) ?? cells[0] ?? '';
    return (
      !/\b(?:total|importe|base|iva|vat|subtotal|fecha|date)\b[^:]*$/i.test(cell) &&
      // "Total factura:", "Importe factura:": an amount's label, whatever the colon.
      !/\b(?:total|importe|base|suma)\s+(?:de\s+(?:la\s+)?)?factura\b/i.test(cell) &&
      !CORRECTED_INVOICE.test(cell)
    );
  };
}

/** A read value as the number: cleaned of marks at its ends, with the series printed over its line. */
export function numberValue(lines: Line[], box: { page: number; y: number; x: number }, raw: string): string {
  const v = cleanNumber(raw);
  return v ? withSeriesAbove(lines, box, v) : '';
}
