/** Line items' VAT rates, when the rows print none: from the VAT summary, or the rates printed by the VAT labels. */

import type { Line } from '../../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal } from '../../text/numbers.ts';
import type { LineItem, VatBreakdownEntry } from '../../types.ts';
import { type Ctx, lineReadings, ocrAmounts, splitCells } from '../context.ts';

/** A VAT label and the rate printed after it ("IVA 21%", "VAT (10"): the rate, and its % if printed. */
const VAT_LABEL_RATE = /\b(?:i\.?v\.?a|vat)\b\s*\(?(\d{1,2}(?:[.,]\d{1,2})?)\s*(%?)/gi;

const cents = (v: string | undefined) => (v == null ? null : Math.round(Number(v) * 100));

/**
 * Rows printed without a VAT column take their rate from the VAT summary: one rate, every row; several,
 * the one set of rows whose amounts close on each rate's base (prices before VAT), its base + VAT (prices
 * with VAT), or its VAT (amounts × rate). A rate no set of rows closes on, or two sets close on, stays out.
 */
export function fillLineRates(ctx: Ctx, items: LineItem[], breakdown: VatBreakdownEntry[]): void {
  const missing = items.filter((i) => i.vat_rate == null && i.line_total != null);
  let rates = breakdown.filter((b) => b.rate != null && !b.tax_type);
  if (!rates.length) {
    // No summary table: the rates printed beside the VAT labels ("IVA 21%"); on a line where the chosen
    // reading has none, as the other OCR engine read it ("TVA 21%" one engine, "IVA 21%" the other).
    const printed = new Map<number, string | undefined>();
    ctx.lines.forEach((line, i) => {
      const labelled = lineReadings(ctx, line)
        .map((reading) => ({ reading, found: [...reading.text.matchAll(VAT_LABEL_RATE)] }))
        .find((r) => r.found.length);
      if (!labelled) return;
      for (const m of labelled.found) {
        const rate = Number(m[1]!.replace(',', '.'));
        const below = amountBelow(ctx, i, labelled.reading, m);
        // "IVA 21" with the % lost (OCR): a rate only if the VAT under it is that rate of the lines' sum.
        if (!m[2] && !(ctx.ocr && below != null && closesOnAll(items, rate, below))) continue;
        if (!printed.has(rate) || printed.get(rate) == null) printed.set(rate, below);
      }
    });
    rates = [...printed].map(([rate, amount]) => ({ rate: String(rate), amount }) as VatBreakdownEntry);
  }
  if (!missing.length || !rates.length || missing.length !== items.length) return;
  if (new Set(rates.map((r) => Number(r.rate))).size === 1) {
    for (const i of missing) i.vat_rate = minimalDecimal(rates[0]!.rate);
    return;
  }
  if (missing.length > 14) return;
  const totals = missing.map((i) => cents(i.line_total)!);
  let free = (1 << missing.length) - 1;
  // A rate two sets of rows close on may have one left once the other rates took theirs: passes until
  // none gives a rate its rows.
  let open = rates;
  for (let progress = true; progress && open.length; ) {
    progress = false;
    open = open.filter((r) => {
      const found = uniqueClosingSet(r, totals, free);
      if (found == null) return true;
      for (let k = 0; k < missing.length; k++)
        if (found & (1 << k)) missing[k]!.vat_rate = minimalDecimal(Number(r.rate));
      free &= ~found;
      progress = true;
      return false;
    });
  }
}

/**
 * The one set of rows, among those still `free` (a bit mask over `totals`, in cents), whose amounts close
 * on the rate's base (prices before VAT), its base + VAT (prices with VAT), or its VAT (amounts × rate);
 * null when none or more than one does.
 */
function uniqueClosingSet(r: VatBreakdownEntry, totals: number[], free: number): number | null {
  const rate = Number(r.rate);
  const base = cents(r.base);
  const vat = cents(r.amount);
  const closes = (sum: number) =>
    (base != null && (Math.abs(sum - base) <= 1 || (vat != null && Math.abs(sum - base - vat) <= 1))) ||
    (base == null && vat != null && Math.abs(Math.round((sum * rate) / 100) - vat) <= 1);
  let found: number | null = null;
  for (let mask = free; mask > 0; mask = (mask - 1) & free) {
    let sum = 0;
    for (let k = 0; k < totals.length; k++) if (mask & (1 << k)) sum += totals[k]!;
    if (!closes(sum)) continue;
    if (found != null) return null;
    found = mask;
  }
  return found;
}

/**
 * The amount printed under a label in a row of labels ("Base imponible   IVA 21%   IVA 10%   TOTAL" over
 * their amounts): the one number on the next line that lies under the label's cell, or undefined.
 * `line` is line `i` as one engine read it.
 */
function amountBelow(ctx: Ctx, i: number, line: Line, m: RegExpMatchArray): string | undefined {
  const next = ctx.lines[i + 1];
  if (!next || next.page !== line.page || next.y - (line.y + line.h) > line.h * 2) return undefined;
  const cell = splitCells(line).find((c) => c.text.includes(m[0].trim()));
  if (!cell || splitCells(line).length < 2) return undefined;
  const under = splitCells(next).filter((c) => c.x < cell.x + cell.w + 0.02 && c.x + c.w > cell.x - 0.02);
  if (under.length !== 1) return undefined;
  const amounts = findAmounts(ocrAmounts(ctx, under[0]!.text));
  if (amounts.length !== 1) return undefined;
  return centsToString(Math.round(Math.abs(amounts[0]!.value) * 100));
}

/** Every row's amount together, at this rate, makes this VAT (to the cent). */
function closesOnAll(items: LineItem[], rate: number, vat: string): boolean {
  const sum = items.reduce((a, i) => a + (cents(i.line_total) ?? Number.NaN), 0);
  return Number.isFinite(sum) && Math.abs(Math.round((sum * rate) / 100) - (cents(vat) ?? -1)) <= 1;
}
