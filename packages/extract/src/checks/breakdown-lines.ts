/**
 * The VAT breakdown from the line items: an invoice that prints its VAT once per rate ("IVA 21 %
 * 1.209,43", "IVA 4 % 61,10") and a rate on each line, but no base per rate. Each rate's base is the sum
 * of its lines; it stands only when that base at the rate gives the VAT printed for the rate, and the
 * bases and VAT add up to the base and VAT read. Computed, never verified: the rates' bases are inferred.
 */
import type { FieldMap } from '../evidence.ts';
import type { AmountCand } from '../fields/index.ts';
import { centsToString, minimalDecimal, toCents } from '../text/numbers.ts';
import type { VatBreakdownEntry } from '../types.ts';

/** Cents the sums may differ from the amounts read (each printed rounded). */
const TOL = 1;
/** Rates the breakdown needs at least: one rate's line comes from the sum check. */
const MIN_RATES = 2;

export function breakdownFromLines(fields: FieldMap, vats: AmountCand[]): void {
  if (fields.vat_breakdown) return;
  const items = fields.line_items?.value ?? [];
  const base = toCents(fields.tax_base?.value);
  const vat = toCents(fields.vat_total?.value);
  if (!items.length || base == null || vat == null) return;
  const byRate = new Map<number, number>();
  for (const item of items) {
    const total = toCents(item.line_total);
    if (total == null || item.vat_rate == null) return;
    const rate = Number(item.vat_rate);
    byRate.set(rate, (byRate.get(rate) ?? 0) + total);
  }
  if (byRate.size < MIN_RATES) return;
  const entries: VatBreakdownEntry[] = [];
  let vSum = 0;
  let bSum = 0;
  for (const [rate, cents] of [...byRate].sort((a, b) => b[0] - a[0])) {
    // The VAT printed for this rate that its lines' base gives (a rounding per line allowed).
    const slack = TOL + items.filter((i) => Number(i.vat_rate) === rate).length / 2;
    const v = vats.find(
      (c) =>
        c.rate === rate &&
        c.cents * cents >= 0 &&
        Math.abs((Math.abs(cents) * rate) / 100 - Math.abs(c.cents)) <= slack,
    );
    if (!v) return;
    entries.push({ rate: minimalDecimal(rate), base: centsToString(cents), amount: centsToString(v.cents) });
    vSum += v.cents;
    bSum += cents;
  }
  if (Math.abs(bSum - base) > TOL || Math.abs(vSum - vat) > TOL) return;
  fields.vat_breakdown = { value: entries, confidence: 0.7, source: 'computed', verified: false };
}
