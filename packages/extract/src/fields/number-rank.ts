/**
 * The invoice number, ranked. Every value a number label reaches is a candidate: right of the label in
 * its cell, further along its line, in the lines below it (a cell under its label, a row of values under
 * a row of labels, a table column under its header), and every code of the label's own phrase. Each
 * candidate names its label's tier, the relation that reached it, where it is, its shape (digits,
 * letters, separators, length, a year at its head, a series prefix) and what it may be instead (a
 * postcode, a phone, a tax id, an IBAN, an amount, a house number on an address line, a value under a
 * cell of an amount's or another date's label). What the hand-written rule knew is kept as features: its
 * order (`bestTier`: reached by the strongest tier that reaches a value; `firstOfBest`: the first such
 * value in reading order, right of its label before along the line before below it) and its filters
 * (`otherLabelCell`). Weights come from scripts/fit-ranker.ts (family `invoice_number`), pulled to the
 * priors in priors.ts.
 */

import type { FieldMap } from '../evidence.ts';
import { checkTaxId } from '../ids/tax-id.ts';
import { findDates } from '../text/dates.ts';
import type { Line, Word } from '../text/layout.ts';
import type { Box } from '../types.ts';
import { boxOf, type Ctx, splitCells, wordsBox } from './context.ts';
import { numberLines, numberValue, readNumber, ruleLineFilter, STREET } from './number.ts';
import { type Features, scoreFeatures } from './ranker.ts';

export type NumberCand = { value: string; box: Box; q: number; score: number; features: Features };

/** Lines below a label searched for its value, and the most space between them, in the label's heights. */
const BELOW_LINES = 3;
const BELOW_GAP = 3;
/** How far past the label's right edge, and before its left edge, a value under it may start (page width). */
const UNDER_RIGHT = 0.08;
const UNDER_LEFT = 0.03;
/** Longest rest of a line past the label read as its value (characters), as the rule reads it. */
const REST_REACH = 40;
/** Id shapes: short and long, in characters. */
const SHORT_ID = 3;
const LONG_ID = 13;
/** Upper third of the first page: where a document's header and its number usually are. */
const HEADER_BAND = 0.33;

const PHONE_SHAPE = /^(?:\+?34)?[6789]\d{8}$/;
const POSTCODE_SHAPE = /^\d{5}$/;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
const AMOUNT_SHAPE = /^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/;
const YEAR_HEAD = /^(?:[A-Z]{1,4}[-/ ]?)?(?:19|20)\d{2}(?:[-/._ ]|\d{3,})/i;
const SERIES_HEAD = /^[A-Z]{1,5}[-/._ ]?\d/i;
/** A phone label on the line. */
const PHONE_LABEL = /\b(?:tel[ée]?f?(?:ono)?|tlf|tfno|phone|fax|m[óo]vil|mobile)\b/i;

/** A date printed without separators, day first or year first ("04062025", "20250604"). */
function isCompactDate(v: string): boolean {
  const m = /^(\d{2})(\d{2})((?:19|20)\d{2})$|^((?:19|20)\d{2})(\d{2})(\d{2})$/.exec(v);
  if (!m) return false;
  const [day, month] = m[1] ? [+m[1], +m[2]!] : [+m[6]!, +m[5]!];
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** "Nº" glued to the number with its sign lost ("N2469"): the number after the N. */
const GLUED_SIGN = /^N[º°o]?(\d{3,})$/;

/** Shape and what-else features of a value. */
function shapeFeatures(v: string): Features {
  const compact = v.replace(/[\s.\-/_]/g, '');
  const f: Features = {};
  const digits = (v.match(/\d/g) ?? []).length;
  if (!digits) f.noDigit = 1;
  if (/^\d+$/.test(v)) f.digitsOnly = 1;
  if (/\p{L}/u.test(v)) f.hasLetters = 1;
  if (/[-/._ ]/.test(v)) f.hasSeparator = 1;
  if (v.length <= SHORT_ID) f.short = 1;
  if (v.length >= LONG_ID) f.long = 1;
  if (YEAR_HEAD.test(v)) f.yearHead = 1;
  if (SERIES_HEAD.test(v) && /\p{L}/u.test(v[0]!)) f.seriesHead = 1;
  if (POSTCODE_SHAPE.test(v)) f.postcodeShape = 1;
  if (PHONE_SHAPE.test(compact)) f.phoneShape = 1;
  if (IBAN_SHAPE.test(compact.toUpperCase())) f.ibanShape = 1;
  if (AMOUNT_SHAPE.test(v)) f.amountShape = 1;
  if (checkTaxId(v)?.valid) f.taxId = 1;
  if (isCompactDate(v)) f.compactDate = 1;
  if (GLUED_SIGN.test(v)) f.signHead = 1;
  return f;
}

/** Lines above and below a label searched for a value beside it (a label wrapped over two lines). */
const BESIDE_LINES = 2;

/** The box of the words that print a value, else of all of them. */
function ownBox(words: Word[], v: string): Box {
  const own = words.filter((w) => {
    const t = w.text.trim();
    return t.length > 0 && (v.includes(t) || t.includes(v));
  });
  return wordsBox(own.length ? own : words);
}

/**
 * Where a value below a label stands: under the label itself (its box overlaps the label's across), or
 * under another cell of the label's line (a row of labels: the value is that cell's).
 */
function columnFeatures(line: Line, labelBox: Box, box: Box): Features {
  const overlap = (a: { x: number; w: number }) => Math.min(a.x + a.w, box.x + box.w) - Math.max(a.x, box.x);
  if (overlap(labelBox) > 0) return { underLabel: 1 };
  // The cell of the label's line it stands under most: another cell's when that one holds no part of the label.
  const best = splitCells(line).reduce<{ x: number; w: number } | null>(
    (b, c) => (overlap(c) > (b ? overlap(b) : 0) ? c : b),
    null,
  );
  const labelOverlap = best
    ? Math.min(best.x + best.w, labelBox.x + labelBox.w) - Math.max(best.x, labelBox.x)
    : 0;
  return best && labelOverlap <= 0 ? { underOtherCell: 1 } : {};
}

const escapeRe = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the line says around a value: the whole part of an amount ("15" of "15,00 €"), or a value after
 * a date in its own cell ("Fecha y Nº factura: 04062025 / 218169769": the date first, then the number).
 */
function contextFeatures(text: string, v: string): Features {
  const f: Features = {};
  const at = text.indexOf(v);
  if (at < 0) return f;
  const e = escapeRe(v);
  if (new RegExp(`(?<![\\d.,])${e}[.,]\\d{2}(?!\\d)|\\d[.,]${e}(?![\\d.,])`).test(text)) f.amountPart = 1;
  const before = text.slice(0, at);
  const cell = before.slice(before.lastIndexOf('   ') + 1);
  if (findDates(cell).length || cell.split(/[\s/]+/).some(isCompactDate)) f.afterDate = 1;
  return f;
}

/** Every plausible number in a text, in order: the rule reads only the first. */
function readAll(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (let k = 0; k < 4; k++) {
    const v = readNumber(rest);
    if (!v) break;
    out.push(v);
    const at = rest.indexOf(v);
    if (at < 0) break;
    rest = ` ${rest.slice(at + v.length)}`;
  }
  return out;
}

/** The candidates of a document: one per value, place, label tier and relation. */
export function numberCandidates(docCtx: Ctx): { cands: NumberCand[]; ctx: Ctx } {
  const ctx = numberLines(docCtx);
  const { L, lines } = ctx;
  const keep = ruleLineFilter(L);
  const byKey = new Map<string, NumberCand>();
  const add = (line: Line, value: string, box: Box, q: number, f: Features) => {
    const v = numberValue(lines, box, value);
    if (!v) return;
    const features: Features = { ...f, ...shapeFeatures(v) };
    const key = `${v}|${box.page}|${box.x}|${box.y}|${Object.keys(f).sort().join(',')}`;
    Object.assign(features, contextFeatures(line.text, v));
    if (STREET.test(line.text)) features.streetLine = 1;
    if (PHONE_LABEL.test(line.text)) features.phoneLine = 1;
    if (box.page === 1 && box.y < HEADER_BAND) features.header = 1;
    if (box.page > 1) features.laterPage = 1;
    // One candidate per value, place and what reached it: each names one label and one relation.
    if (!byKey.has(key)) byKey.set(key, { value: v, box, q, score: 0, features });
    // And the number after a glued "Nº" whose sign OCR lost, as a reading of its own.
    const glued = GLUED_SIGN.exec(v);
    if (glued && !f.gluedSign) add(line, glued[1]!, box, q, { ...f, gluedSign: 1 });
  };
  L.number.forEach((label, tier) => {
    const priority = 1 - tier * 0.1;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const m = label.exec(line.text);
      if (!m) continue;
      const base: Features = { [`tier${tier}`]: 1 };
      if (/:\s*$/.test(m[0])) base.colon = 1;
      if (!keep(line)) base.otherLabelCell = 1;
      const end = (m.index ?? 0) + m[0].length;
      const after = line.text.slice(end);
      const cell = after.split(/ {3}/).find((c) => c.trim()) ?? '';
      const offset = line.text.indexOf(cell, end);
      // In the label's cell, right of it (and its later codes: "Fecha y Nº: 03.04.2025 / 2181").
      for (const [k, v] of readAll(cell.replace(/^\s*[:#.]\s*/, '')).entries())
        add(line, v, boxOf(line, offset, cell.length), priority, {
          ...base,
          right: 1,
          ...(k ? { laterInCell: 1 } : {}),
        });
      // Further along the line, in the next cells (a row of labels and values).
      const restText = after.slice(after.indexOf(cell) + cell.length);
      for (const [k, v] of readAll(restText).entries()) {
        const at = line.text.indexOf(v, offset + cell.length);
        add(line, v, at < 0 ? boxOf(line, end, after.length) : boxOf(line, at, v.length), priority * 0.9, {
          ...base,
          rest: 1,
          ...(after.trim().length >= REST_REACH ? { farRest: 1 } : {}),
          ...(k ? { laterInCell: 1 } : {}),
        });
      }
      // Below: the cells under the label (a value under its label, a row of values, a table column).
      const labelBox = boxOf(line, m.index ?? 0, m[0].length);
      for (let j = i + 1; j < Math.min(lines.length, i + 1 + BELOW_LINES); j++) {
        const below = lines[j]!;
        if (below.page !== line.page || below.y - (line.y + line.h) > line.h * BELOW_GAP) break;
        const under = (x: number, w: number) =>
          x < labelBox.x + labelBox.w + UNDER_RIGHT && x + w > labelBox.x - UNDER_LEFT;
        const cells = splitCells(below).filter((c) => under(c.x, 0));
        const words = below.words.filter(
          (w) => under(w.x, w.w) || cells.some((c) => w.x >= c.x - 1e-6 && w.x + w.w <= c.x + c.w + 1e-6),
        );
        if (!words.length) continue;
        for (const [k, v] of readAll(words.map((w) => w.text).join(' ')).entries()) {
          const box = ownBox(words, v);
          add(below, v, box, priority * 0.85, {
            ...base,
            below: 1,
            ...(j > i + 1 ? { belowFar: 1 } : {}),
            ...(splitCells(line).length >= 3 ? { labelRow: 1 } : {}),
            ...(k ? { laterInCell: 1 } : {}),
            ...columnFeatures(line, labelBox, box),
          });
        }
      }
      // Beside: right of a label that wraps over two lines, on a line of its own between them.
      for (let j = Math.max(0, i - BESIDE_LINES); j <= Math.min(lines.length - 1, i + BESIDE_LINES); j++) {
        const other = lines[j]!;
        if (j === i || other.page !== line.page) continue;
        const mid = other.y + other.h / 2;
        if (mid < labelBox.y || mid > labelBox.y + labelBox.h) continue;
        const right = other.words.filter((w) => w.x >= labelBox.x + labelBox.w);
        const head = right.length ? splitCells({ ...other, words: right })[0] : undefined;
        if (!head) continue;
        const v = readAll(head.text)[0];
        if (v) add(other, v, ownBox(right, v), priority * 0.9, { ...base, beside: 1 });
      }
    }
  });
  const cands = [...byKey.values()];
  // The strongest tier that reaches a candidate, and the first candidate it reaches (reading order).
  const tierOf = (c: NumberCand) => L.number.findIndex((_, t) => c.features[`tier${t}`]);
  const open = cands.filter((c) => !c.features.otherLabelCell);
  const top = Math.min(...(open.length ? open : cands).map(tierOf));
  const first = cands.find((c) => tierOf(c) === top && !c.features.otherLabelCell);
  for (const c of cands) {
    if (tierOf(c) === top) c.features.bestTier = 1;
    if (c === first) c.features.firstOfBest = 1;
    if (cands.some((o) => o.value === c.value && (o.box.y !== c.box.y || o.box.page !== c.box.page)))
      c.features.repeated = 1;
  }
  return { cands, ctx };
}

/** The invoice number: the best-scored candidate under the fitted weights. */
export function findInvoiceNumber(docCtx: Ctx, fields: FieldMap, baseConf: number): void {
  const { cands } = numberCandidates(docCtx);
  let best: NumberCand | null = null;
  for (const c of cands) {
    c.score = scoreFeatures('invoice_number', c.features);
    if (!best || c.score > best.score) best = c;
  }
  if (!best) return;
  fields.invoice_number = {
    value: best.value,
    confidence: baseConf * best.q,
    source: docCtx.source,
    verified: false,
    box: best.box,
  };
}
