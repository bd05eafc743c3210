/** Money and decimal handling. Internally money is integer cents; out it is a 2-decimal string. */
import { centsToDecimal, toCents } from '@cuadra/shared';

// Cents ↔ decimal strings are the shared money module's (exact, half away from zero); this file keeps
// what is particular to reading printed documents: OCR-tolerant amount recognition.
export { toCents };
export const centsToString = centsToDecimal;

/** A decimal string in minimal form: "1.50" → "1.5", "2.000" → "2". */
export function minimalDecimal(value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return String(Number(n.toFixed(6)));
}

export function moneyString(value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value);
  return centsToString(Math.round(n * 100));
}

const AMOUNT_RE =
  /^[-−–(]?\s*(?:[€$£]|EUR|USD|RM)?\s*[-−–]?\s*\d{1,3}(?:[.,' \u00a0\u202f]\d{3})*(?:[.,]\d{1,4})?\s*(?:[€$£]|EUR|USD)?\s*[-)]?$|^[-−–(]?\s*(?:[€$£]|EUR|USD|RM)?\s*[-−–]?\d+(?:[.,]\d{1,4})?\s*(?:[€$£]|EUR|USD)?\s*[-)]?$/i;

/**
 * Parses a printed amount in es-ES (`1.234,56`) or en (`1,234.56`) style, with an optional currency
 * sign and a trailing or leading minus / parentheses. Returns a JS number or null.
 * A single separator followed by exactly three digits is read as a thousands separator.
 */
export function parseAmount(raw: string, opts: { decimalsHint?: ',' | '.' } = {}): number | null {
  const s = raw.trim();
  if (!s || s.length > 32 || !AMOUNT_RE.test(s)) return null;
  // A closing parenthesis is a minus only with its opening one: "(base 2.675,62 €)" keeps the "(" with
  // the word, and the amount is positive.
  const negative = /^[-−–(]|-$/.test(s) || /[€$£]\s*[-−–]/.test(s);
  const digits = s.replace(/[^\d.,' \u00a0\u202f]/g, '').replace(/[' \u00a0\u202f]/g, '');
  if (!/\d/.test(digits)) return null;
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  let normalized: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalSep = lastComma > lastDot ? ',' : '.';
    const thousandSep = decimalSep === ',' ? '.' : ',';
    normalized = digits.split(thousandSep).join('').replace(decimalSep, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = digits.split(sep);
    const tail = parts[parts.length - 1] ?? '';
    // "4.467.72": a last group of one or two digits is no thousands group; OCR read the comma as a dot.
    if (parts.length > 2 && tail.length <= 2) normalized = `${parts.slice(0, -1).join('')}.${tail}`;
    else if (parts.length > 2)
      normalized = parts.join(''); // 1.234.567
    else if (tail.length === 3 && opts.decimalsHint !== sep) normalized = parts.join('');
    else normalized = parts.join('.');
  } else normalized = digits;
  const n = Number(normalized);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/**
 * Finds amount-looking tokens in a text line, left to right. A minus may lead (also an en dash, as OCR
 * reads a minus sign) or trail ("235,84-", accounting print). A trailing minus followed by a digit is a
 * range or a subtraction ("1,50-2,00", "12,00 - 3"), unless a column gap comes first: a row of
 * accounting amounts ("1.808,39-   379,76-") prints each with its own minus.
 */
export function findAmounts(line: string): { value: number; raw: string; index: number }[] {
  const out: { value: number; raw: string; index: number }[] = [];
  const re =
    /(?<![\w.,/-])[-−–(]?\s?(?:[€$£]\s?)?-?\d{1,3}(?:[.,\u00a0 ]\d{3})*(?:[.,]\d{1,2})(?:\s?[€$£])?\)?(?:-(?!\s?\d))?(?![\w,./-]*\d)|(?<![\w.,/-])[-−–(]?\s?(?:[€$£]\s?)?-?\d+(?:[.,]\d{1,2})?(?:\s?[€$£])?\)?(?![\w.,/%-]*\d)(?!\s?%)/g;
  for (const m of line.matchAll(re)) {
    const raw = m[0].trim();
    const value = parseAmount(raw.replace(/(?<=\d)\s(?=\d{3}\b)/g, ''));
    if (value != null) out.push({ value, raw, index: m.index ?? 0 });
  }
  return out;
}

/**
 * "s/98,02" ("sobre 98,02"): the slash glued to a base inside a tax line's phrase hides it from
 * `findAmounts` (which skips numbers glued to a slash, as in dates and codes). Same length, so positions
 * still match the line's words.
 */
export const spaceInlineBase = (text: string): string => text.replace(/\bs\/(?=\s?-?\d)/gi, 's ');
