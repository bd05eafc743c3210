/** The document number: the value beside or under a number label, strongest label first. */

import { checkTaxId } from '../checks/tax-id.ts';
import type { FieldMap } from '../evidence.ts';
import { findDates } from '../text/dates.ts';
import { joinWords, type Line, pullWordUp, type Word } from '../text/layout.ts';
import { type Ctx, findLabeled, splitCells } from './context.ts';

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

/**
 * Numbers wrapped in a narrow cell ("FAC-2024-" over "00554"): a one-word cell ending in a hyphen or a
 * slash takes the word at the head of the same column on the next line (its box grows to cover both),
 * which leaves the line below. Other lines are returned as they are.
 */
export function joinWrappedNumbers(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i < out.length - 1; i++) {
    const line = out[i]!;
    for (const cell of splitCells(line)) {
      if (!/^[A-Z0-9][A-Z0-9._/-]*\d[A-Z0-9._/-]*[-/]$|^[A-Z]{1,5}[-/]$/i.test(cell.text)) continue;
      const last = line.words.find((w) => Math.abs(w.x - cell.x) < 1e-6);
      if (!last || last.text.trim() !== cell.text) continue;
      const below = out[i + 1]!;
      if (below.page !== line.page || below.y - (line.y + line.h) > line.h * 1.5) continue;
      const tail = below.words.find((w) => w.x < cell.x + cell.w && w.x + w.w > cell.x - line.h);
      if (!tail || !/^[A-Z0-9][A-Z0-9._/-]*$/i.test(tail.text.trim()) || !/\d/.test(tail.text)) continue;
      // Only the leftmost word of the column below (nothing of another cell before it).
      if (below.words.some((w) => w !== tail && w.x < tail.x && w.x + w.w > cell.x - line.h)) continue;
      pullWordUp(out, i, last, tail, '');
      break;
    }
  }
  return out;
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

export function findInvoiceNumber(docCtx: Ctx, fields: FieldMap, baseConf: number): void {
  const wrapped = joinWrappedNumbers(docCtx.ocr ? withoutRules(docCtx.lines) : docCtx.lines);
  const ctx: Ctx = { ...docCtx, lines: docCtx.ocr ? joinSplitLabels(docCtx, wrapped) : wrapped };
  const { L } = ctx;
  const number = findLabeled(
    ctx,
    L.number,
    INVOICE_NUMBER_RE,
    (v) => isPlausibleNumber(v),
    undefined,
    (line) =>
      !/\b(?:total|importe|base|iva|vat|subtotal|fecha|date)\b[^:]*$/i.test(line.text.split(/ {3}/)[0] ?? ''),
  );
  if (number)
    fields.invoice_number = { ...number, value: cleanNumber(number.value), confidence: baseConf * number.q };
}
