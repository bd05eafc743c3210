/**
 * Money, the one module: integer cents everywhere, parsing of what people and engines write, rounding half
 * away from zero, and allocation that never loses a cent. Browser-safe; formatting lives in `format.ts`.
 * Arithmetic is on integers and on the digits themselves, never `x * 100` in floats (`1.005 * 100` is
 * 100.4999…).
 */
import type { Locale } from './locale';

/** numerator / denominator rounded to the nearest integer, halves away from zero; denominator > 0. */
export function roundDiv(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  return sign * Math.floor((2 * n + denominator) / (2 * denominator));
}

/** A percentage of an amount in cents, the rate in basis points (21 % = 2100), rounded to the cent. */
export function percentOf(cents: number, basisPoints: number): number {
  return roundDiv(cents * basisPoints, 10_000);
}

/**
 * A plain decimal with a point (`1234.56`, `-0.125`, `12.3`, `7`): the engine's and the API's form →
 * cents, rounded half away from zero on the third decimal. Null when absent or not such a decimal.
 */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim();
  const match = /^([-−]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const digits = `${match[3] ?? ''}000`;
  let cents = Number(match[2] || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] && cents !== 0 ? -cents : cents;
}

/** Cents → the engine's and the API's decimal string: `-1234.5` → `"-1234.50"`. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money typed by a person → cents: `1.234,56`, `1,234.56`, `1234.56`, `-12,50`, `12,34 €`, `1 234,56`.
 * When both separators appear the later one is the decimal mark; a lone comma is the decimal mark unless it
 * groups thousands twice or more (`1,234,567`), and so is a lone point (`1.234.567` groups). Given the
 * writer's language, its own grouping mark before exactly three digits groups too: `1.234` is 1234 € in
 * Spanish, `1,234` in English. Empty text is null; text that is not an amount is NaN, so a form can say so
 * instead of saving a wrong figure.
 */
export function parseAmount(text: string, locale?: Locale): number | null {
  let value = text
    .replace(/[€\s\u00a0\u202f]/g, '')
    .replace(/EUR/i, '')
    .replace(/^[−–]/, '-');
  if (value === '') return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    value = lastComma > lastDot ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  } else if (locale && /^-?\d{1,3}[.,]\d{3}$/.test(value) && value.includes(locale === 'es' ? '.' : ',')) {
    value = value.replace(/[.,]/, '');
  } else if (lastComma >= 0) {
    value = /^-?\d{1,3}(,\d{3}){2,}$/.test(value) ? value.replace(/,/g, '') : value.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(value)) {
    value = value.replace(/\./g, '');
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) return Number.NaN;
  return toCents(value) ?? Number.NaN;
}

/**
 * Splits a total across parts in proportion to their weights (bases per VAT rate, for instance) so that the
 * parts add up to the total exactly: each part is rounded down, and the cents left over go one each to the
 * parts with the largest remainders (ties to the earlier part). Signs follow the total, so a credit note's
 * negative total splits into negative parts. Weights of zero get nothing; all-zero weights split evenly.
 */
export function allocate(totalCents: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sign = totalCents < 0 ? -1 : 1;
  const total = Math.abs(totalCents);
  const w = weights.map((x) => Math.abs(x));
  const sumWeights = w.reduce((s, x) => s + x, 0);
  const shares = sumWeights === 0 ? w.map(() => 1) : w;
  const denominator = sumWeights === 0 ? w.length : sumWeights;
  const parts = shares.map((x) => Math.floor((total * x) / denominator));
  const remainders = shares.map((x, i) => ({ i, r: (total * x) % denominator }));
  let left = total - parts.reduce((s, x) => s + x, 0);
  for (const { i } of remainders.sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((x) => sign * x || 0);
}

/** Sum of integer cents, treating null as nothing. */
export function sumCents(values: (number | null | undefined)[]): number {
  return values.reduce<number>((s, v) => s + (v ?? 0), 0);
}
