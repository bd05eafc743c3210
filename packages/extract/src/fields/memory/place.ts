/**
 * Place memory (issue #34 item 6): where a supplier prints a field, learned from the accountant's
 * correction of one document, and read there on the next. A place is the label's words and the value's
 * position relative to them (right of the label, or below it in its column), never a value or a layout
 * by name. A value read at a learned place wins over the rules' candidates with source `memory`; it is
 * verified only when the document's own sums close over it (memory is one source, not two).
 */

import type { Evidence } from '../../evidence.ts';
import { normalizeTaxId } from '../../ids/tax-id.ts';
import { findDates } from '../../text/dates.ts';
import type { Line, Word } from '../../text/layout.ts';
import { centsToString, findAmounts, toCents } from '../../text/numbers.ts';
import type { PlaceField, PlaceHint } from '../../types.ts';
import { type Ctx, wordsBox } from '../context.ts';

/** A value read at a learned place: above every rule's candidate, below what two sources verified (1). */
export const MEMORY_CONFIDENCE = 0.97;
/** Label words kept, nearest the value: enough to tell "fecha de vencimiento" from "fecha". */
export const MAX_LABEL_WORDS = 4;
/** Lines looked through between a label and its value below it (a column's header and a few rows). */
export const MAX_LINES_DOWN = 4;
/** How far below its label a value may be, in label-line heights. */
export const MAX_DROP_LINES = 8;
/** The widest value looked for, in words (a company name). */
export const MAX_VALUE_WORDS = 8;
/** How far (page-width fraction) a value's column may lie from where the label's place puts it. */
export const COLUMN_SLACK = 0.04;

export const MONEY = new Set<PlaceField>(['tax_base', 'vat_total', 'total', 'amount_due']);
const DATES = new Set<PlaceField>(['issue_date', 'due_date']);
const TAX_IDS = new Set<PlaceField>(['issuer_tax_id', 'client_tax_id']);

/** A text's label tokens: lower-case letters without accents, split at anything else. */
export const tokens = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
/**
 * A word's tokens, worked out once per word (every hint looks for its label among the same words). Keyed
 * weakly by the document's own word objects, it keeps nothing once the document is read.
 */
const WORD_TOKENS = new WeakMap<Word, string[]>();
function wordTokens(w: Word): string[] {
  let out = WORD_TOKENS.get(w);
  if (!out) {
    out = tokens(w.text);
    WORD_TOKENS.set(w, out);
  }
  return out;
}
export const isLabelWord = (w: Word) => /\p{L}/u.test(w.text) && !/\d/.test(w.text);
/** Punctuation, a currency sign or a rate between a label and its value (":", "#", "€", "21%"). */
export const isFiller = (w: Word) =>
  !/[\p{L}\d]/u.test(w.text) ||
  /^(?:eur|€)$/i.test(w.text) ||
  /^\(?\d{1,2}(?:[.,]\d+)?\s?%\)?:?$/.test(w.text);
export const loose = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, '');
export const taxKey = (text: string) => normalizeTaxId(text).replace(/^ES(?=[0-9A-Z]{9}$)/, '');

/** Column gap between two neighbouring words of a line (as `splitCells` cuts cells). */
export const gapBetween = (line: Line, a: Word, b: Word) =>
  (b.x - (a.x + a.w)) * line.aspect > Math.max(a.h, b.h) * 1.2;

/** The words of the cell that begins at `start`: up to the next column gap. */
export function cellFrom(line: Line, start: number): Word[] {
  const out: Word[] = [];
  for (let k = start; k < line.words.length && out.length < MAX_VALUE_WORDS; k++) {
    const w = line.words[k]!;
    if (out.length && gapBetween(line, out[out.length - 1]!, w)) break;
    out.push(w);
  }
  return out;
}

/** The field's value as printed in these words, normalised as the result gives it; null when none. */
export function readValue(ctx: Ctx, field: PlaceField, words: Word[], negate = false): string | null {
  const text = words
    .map((w) => w.text)
    .join(' ')
    .replace(/^[\s:#.]+/, '')
    .trim();
  if (!text) return null;
  if (MONEY.has(field)) {
    const [amount] = findAmounts(text);
    return amount ? centsToString(Math.round(amount.value * (negate ? -100 : 100))) : null;
  }
  if (DATES.has(field)) return findDates(text, { monthFirst: ctx.monthFirst, ocr: ctx.ocr })[0]?.iso ?? null;
  if (TAX_IDS.has(field)) {
    const id = normalizeTaxId(text);
    return /^[A-Z0-9]{5,20}$/.test(id) && /\d/.test(id) ? id : null;
  }
  const value = text.replace(/[\s,;:]+$/, '');
  return value.length >= 1 ? value : null;
}

/** Whether two readings of a field are the same value. */
export function sameValue(field: PlaceField, a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (MONEY.has(field)) return toCents(a) !== null && toCents(a) === toCents(b);
  if (DATES.has(field)) return a === b;
  if (TAX_IDS.has(field)) return taxKey(a) === taxKey(b);
  return loose(a) !== '' && loose(a) === loose(b);
}

type Occurrence = { line: number; from: number; to: number };
/** Where a value is printed: words `from`..`to` of line `li`, its sign to be turned or not. */
export type Span = { li: number; from: number; to: number; negate: boolean };

/** Where the label's words are printed: runs of words whose tokens are exactly the label's. */
function labelOccurrences(lines: Line[], label: string[]): Occurrence[] {
  const out: Occurrence[] = [];
  lines.forEach((line, li) => {
    for (let a = 0; a < line.words.length; a++) {
      const seen: string[] = [];
      for (let b = a; b < line.words.length && seen.length < label.length; b++) {
        seen.push(...wordTokens(line.words[b]!));
        if (seen.length === label.length && seen.join(' ') === label.join(' '))
          out.push({ line: li, from: a, to: b });
      }
    }
  });
  return out;
}

/** The value at a hint's place beside one printing of its label, with the words it was read from. */
function readAt(ctx: Ctx, hint: PlaceHint, at: Occurrence): { value: string; words: Word[] } | null {
  const line = ctx.lines[at.line]!;
  const label = line.words.slice(at.from, at.to + 1);
  const take = (words: Word[]) => {
    const span = MONEY.has(hint.field) || DATES.has(hint.field) ? words : words.slice(0, hint.words);
    const value = span.length ? readValue(ctx, hint.field, span, hint.negate) : null;
    return value ? { value, words: span } : null;
  };
  if (hint.relation === 'right') {
    let k = at.to + 1;
    while (k < line.words.length && isFiller(line.words[k]!)) k++;
    return k < line.words.length ? take(cellFrom(line, k)) : null;
  }
  const left = label[0]!.x + hint.dx;
  const labelRight = Math.max(...label.map((w) => w.x + w.w));
  let seen = 0;
  for (let j = at.line + 1; j < ctx.lines.length; j++) {
    const below = ctx.lines[j]!;
    if (below.page !== line.page || below.y - line.y > line.h * MAX_DROP_LINES) break;
    const starts = below.words.findIndex(
      (w) =>
        Math.abs(w.x - left) <= COLUMN_SLACK ||
        (w.x < labelRight && w.x + w.w > label[0]!.x && w.x >= left - COLUMN_SLACK),
    );
    if (starts < 0) continue;
    seen++;
    if (seen === hint.offset) return take(cellFrom(below, starts));
    if (seen >= MAX_LINES_DOWN) break;
  }
  return null;
}

/**
 * Printings of part of the label (a run of its words, one of three letters or more at least) where the
 * whole label was learned: "Factura" where the first document said "Factura rectificativa".
 */
function partialOccurrences(ctx: Ctx, hint: PlaceHint, label: string[]): Occurrence[] {
  const out: Occurrence[] = [];
  ctx.lines.forEach((line, li) => {
    if (line.page !== hint.page || Math.abs(line.y - hint.y) > SAME_PLACE) return;
    for (let a = 0; a < line.words.length; a++) {
      if (Math.abs(line.words[a]!.x - hint.x) > SAME_PLACE) continue;
      const seen: string[] = [];
      for (let b = a; b < line.words.length && seen.length < label.length; b++) {
        seen.push(...wordTokens(line.words[b]!));
        const run = seen.join(' ');
        if (seen.some((t) => t.length >= 3) && ` ${label.join(' ')} `.includes(` ${run} `))
          out.push({ line: li, from: a, to: b });
      }
    }
  });
  return out;
}

/** Distance (page fractions) within which a label printed is at the place it was learned. */
export const SAME_PLACE = 0.03;

/** Where a hint's label is printed: the whole label anywhere, nearest the learned place first. */
function hintLabels(ctx: Ctx, hint: PlaceHint): Occurrence[] {
  const near = (o: Occurrence) => {
    const l = ctx.lines[o.line]!;
    return Math.abs(l.page - hint.page) * 2 + Math.hypot(l.words[o.from]!.x - hint.x, l.y - hint.y);
  };
  return labelOccurrences(ctx.lines, hint.label.split(' ')).sort((a, b) => near(a) - near(b));
}

/** Whether the hint's whole label is printed where it was learned (the same layout). */
export function labelInPlace(ctx: Ctx, hint: PlaceHint): boolean {
  const label = hint.label.split(' ');
  const nearby = ctx.lines.filter((l) => l.page === hint.page && Math.abs(l.y - hint.y) <= SAME_PLACE);
  return labelOccurrences(nearby, label).some(
    (o) => Math.abs(nearby[o.line]!.words[o.from]!.x - hint.x) <= SAME_PLACE,
  );
}

/**
 * Reads a hint's field on the page: at the printing of its label nearest where it was learned; else at
 * part of the label printed just there.
 */
export function readHint(ctx: Ctx, hint: PlaceHint): Evidence<string> | null {
  const found = [...hintLabels(ctx, hint), ...partialOccurrences(ctx, hint, hint.label.split(' '))];
  for (const at of found) {
    const read = readAt(ctx, hint, at);
    if (read)
      return {
        value: read.value,
        confidence: MEMORY_CONFIDENCE,
        source: 'memory',
        verified: false,
        box: wordsBox(read.words),
      };
  }
  return null;
}
