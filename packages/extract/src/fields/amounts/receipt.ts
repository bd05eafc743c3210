/**
 * Receipts around the total: what was tendered and given back, the cash rounding, and the features of
 * each total candidate that come from them and from the arithmetic with the other amounts.
 */
import { findAmounts } from '../../text/numbers.ts';
import { blankDates, type Ctx, lineBox, ocrAmounts } from '../context.ts';
import { type AmountCand, type AmountCandidates, readingFeatures } from './labelled.ts';

/** A cash rounding moves less than this many cents (5-cent rounding at most 2, 10-cent at most 5). */
export const MAX_ROUNDING = 10;

export type Payment = { tendered: number; change: number | null; paid: number; line: number };

/**
 * A receipt's cash-rounding adjustment ("Rounding Adj: -0.02", "Rounding 0.01"; a rounded total is
 * larger), in cents, when one is printed and not zero; and every amount printed on the page (cents, unsigned), to find the rounded total among them.
 */
export function roundingAndPrinted(
  ctx: Ctx,
  payment: Payment | null,
): { rounding: number | null; printedCents: number[] } {
  let rounding: number | null = null;
  const printed = new Set<number>();
  for (const [i, line] of ctx.lines.entries()) {
    const text = blankDates(ocrAmounts(ctx, line.text));
    const amounts = findAmounts(text);
    for (const a of amounts) printed.add(Math.abs(Math.round(a.value * 100)));
    // Printed among the payment lines (after what was tendered), the rounding is of the payment, and
    // the total above it is the total.
    const beforePayment = !payment || i < payment.line;
    if (rounding == null && beforePayment && /\bround(?:ing)?\b|\bredondeo\b/i.test(line.text)) {
      const last = amounts.at(-1);
      const c = last ? Math.round(last.value * 100) : 0;
      if (c !== 0 && Math.abs(c) < MAX_ROUNDING) rounding = c;
    }
  }
  return { rounding, printedCents: [...printed].sort((a, b) => a - b) };
}

/** A discount for paying with something ("Member card disc -7.45"), not what was handed over. */
const DISCOUNT = /\bdisc(?:ount)?\b|\bdescuento\b|\brabatt\b|\bremise\b|\bkorting\b/i;

/** What is owed, not what was handed over ("Amount to be paid", "Total payable", "Importe a pagar"). */
const AMOUNT_OWED = /\bto\s*be\s*paid\b|\bpayable\b|\bdue\b|\ba\s*pagar\b/i;

/**
 * Tendered and change on a receipt ("CASH 100.00", "CHANGE 56.10"): tendered − change is what was paid.
 * Null unless a tendered amount is printed.
 */
export function findPayment(ctx: Ctx): Payment | null {
  let tendered: { cents: number; line: number } | null = null;
  let change: number | null = null;
  for (let i = 0; i < ctx.lines.length; i++) {
    const text = ocrAmounts(ctx, ctx.lines[i]!.text);
    const last = findAmounts(blankDates(text)).at(-1);
    if (!last || !/[.,]\d{2}\b/.test(last.raw)) continue;
    const cents = Math.round(Math.abs(last.value) * 100);
    if (ctx.L.change[0]!.test(text) && tendered && change == null) change = cents;
    else if (
      ctx.L.tendered[0]!.test(text) &&
      !ctx.L.change[0]!.test(text) &&
      !AMOUNT_OWED.test(text) &&
      !DISCOUNT.test(text) &&
      !tendered &&
      cents > 0
    )
      tendered = { cents, line: i };
  }
  if (!tendered) return null;
  if (change != null && change >= tendered.cents) change = null;
  return { tendered: tendered.cents, change, paid: tendered.cents - (change ?? 0), line: tendered.line };
}

/**
 * Receipt layout around the total: a candidate equal to tendered − change, below the payment lines or
 * inside a tax summary table, zero, printed without decimals by OCR, or whose included tax matches the
 * printed tax; and what was paid as a candidate of its own.
 */
export function totalFeatures(
  ctx: Ctx,
  totals: AmountCand[],
  payment: Payment | null,
  vats: AmountCand[],
): void {
  // Prices that include tax: the printed tax at its rate is total × rate / (100 + rate).
  const included = vats.filter((v) => v.rate != null && v.rate > 0 && v.cents > 0);
  const summary = ctx.lines.findIndex((l) =>
    /\b(?:g[s5]t|sst|tax|vat|iva)\s*summary\b|\bresumen\s*(?:de\s*)?iva\b/i.test(l.text),
  );
  for (const c of totals) {
    c.features ??= {};
    const f = c.features;
    if (c.cents === 0) f.zero = 1;
    if (c.cents < 0) f.negative = 1;
    if (ctx.ocr && c.integer) f.ocrInteger = 1;
    if (c.rounded) f.rounded = 1;
    if (c.line == null) continue;
    if (summary >= 0 && c.line > summary) f.belowTaxSummary = 1;
    if (payment && c.line > payment.line) f.belowPayment = 1;
    // The tendered amount's own line ("Paid Amount: 10.00") is what was handed over: equal to what was
    // paid by definition, which proves nothing.
    if (payment && c.line === payment.line) f.onTenderedLine = 1;
    else if (payment && c.cents === payment.paid)
      f[payment.change ? 'equalsPaidWithChange' : 'equalsPaidNoChange'] = 1;
    const inc = (v: AmountCand) => (c.cents * v.rate!) / (100 + v.rate!);
    if (included.some((v) => Math.abs(inc(v) - v.cents) <= Math.max(1.5, v.cents * 0.015)))
      f.includedTaxMatches = 1;
  }
  if (payment && (payment.change != null || !totals.some((c) => c.cents > 0))) {
    // What was paid (tendered − change): a candidate of its own, for when no labelled total can be read;
    // with no change printed, only when nothing else is labelled as a total (a total read as zero is
    // a misreading: nothing is paid for nothing).
    const line = ctx.lines[payment.line]!;
    totals.push({
      cents: payment.paid,
      score: 0,
      box: lineBox(line),
      line: payment.line,
      features: { paidFallback: 1 },
    });
  }
}

/**
 * Arithmetic around each total candidate, over amounts read on other lines: a base and a tax that add up
 * to it (or do so with the printed cash rounding), and the largest of the amounts labelled as totals.
 */
export function closureFeatures(ctx: Ctx, cands: AmountCandidates, rounding: number | null): void {
  const bases = cands.tax_base.filter((c) => c.cents > 0 && c.line != null);
  const vats = cands.vat_total.filter((c) => c.cents > 0 && c.line != null);
  const labelled = cands.total.filter(
    (c) => (c.features?.tier0 || c.features?.tier1) && !c.features.subtotalAsTotal && c.cents > 0,
  );
  const largest = Math.max(0, ...labelled.map((c) => c.cents));
  const roundingLines = ctx.lines.flatMap((l, i) =>
    /\bround(?:ing)?\b|\bredondeo\b/i.test(l.text) ? [i] : [],
  );
  const printedAt = ctx.ocr ? new Map<number, Set<number>>() : amountLines(ctx);
  for (const c of cands.total) {
    if (c.line == null || c.cents <= 0 || !c.features) continue;
    const f = c.features;
    for (const b of bases) {
      for (const v of vats) {
        if (b.line === v.line || b.line === c.line || v.line === c.line || v.cents >= b.cents) continue;
        const d = b.cents + v.cents - c.cents;
        if (Math.abs(d) <= 1) f.baseTaxSum = 1;
        else if (rounding != null && Math.abs(d + rounding) <= 1) f.baseTaxRounded = 1;
      }
    }
    if (labelled.length > 1 && labelled.includes(c) && c.cents === largest) f.largestLabelled = 1;
    // The sum of two other totals printed above it (taxed and untaxed goods): the grand total.
    const at = c.line;
    const above = labelled.filter((o) => o.line != null && o.line < at && o.cents < c.cents);
    if (above.some((a) => above.some((b) => b.line !== a.line && a.cents + b.cents === c.cents)))
      f.sumOfTotals = 1;
    // Read from a text layer, the sum of another labelled total and an amount printed on a third line,
    // anywhere in the document (a bill's summary page over its detail pages: energy + other services,
    // ads + regulatory fees).
    else if (!ctx.ocr && (f.tier0 || f.tier1))
      for (const o of labelled) {
        if (o.line == null || o.line === at || o.cents >= c.cents) continue;
        // The other part is a total too (its line says so): not any amount that happens to make the sum.
        const rest = printedAt.get(c.cents - o.cents);
        const isTotalLine = (l: number) => TOTAL_WORD.test(ctx.lines[l]!.text);
        if (rest && [...rest].some((l) => l !== at && l !== o.line && isTotalLine(l))) {
          f.sumOfTotals = 1;
          break;
        }
      }
    // The total printed just under a cash-rounding line is the rounded, payable one.
    if (roundingLines.some((r) => c.line! > r && c.line! - r <= 2)) f.belowRounding = 1;
  }
}

/**
 * A total whose label OCR could not read ("TORS, .   RM 73. 00" under "Sub Total 68.87" and "GST 4.13"):
 * the first amount printed below a base and its tax that equals their sum (with the printed cash
 * rounding, when one is read), on a line with no label that can be read, becomes a total candidate of its
 * own. Only when no labelled total holds that amount already.
 */
export function printedSumTotals(ctx: Ctx, cands: AmountCandidates, rounding: number | null): void {
  const bases = cands.tax_base.filter((c) => c.cents > 0 && c.line != null);
  const vats = cands.vat_total.filter((c) => c.cents > 0 && c.line != null);
  // A line with a label that can be read is that label's: a tendered amount, a total left out as a
  // part ("Total 6% supplies (Inc. GST)"), a subtotal.
  const { L } = ctx;
  const labels = [...L.total, ...L.taxBase, ...L.vatTotal, ...L.tendered, ...L.change];
  const sums = new Map<number, number>(); // cents → first line after both parts
  for (const b of bases)
    for (const v of vats) {
      if (b.line === v.line || v.cents >= b.cents) continue;
      const after = Math.max(b.line!, v.line!) + 1;
      const sum = b.cents + v.cents;
      for (const cents of rounding ? [sum, sum + rounding] : [sum])
        sums.set(cents, Math.min(sums.get(cents) ?? after, after));
    }
  for (const [cents, from] of sums) {
    if (cands.total.some((c) => c.cents === cents && !c.features?.subtotalAsTotal)) continue;
    for (let i = from; i < ctx.lines.length; i++) {
      const line = ctx.lines[i]!;
      const text = ocrAmounts(ctx, line.text);
      if (labels.some((re) => re.test(text))) continue;
      const hit = findAmounts(blankDates(text)).find(
        (a) => /[.,]\d{2}\b/.test(a.raw) && Math.round(a.value * 100) === cents,
      );
      if (!hit) continue;
      const box = lineBox(line);
      cands.total.push({
        cents,
        score: 0,
        box,
        line: i,
        features: { printedSum: 1, ...readingFeatures(line, box) },
      });
      break;
    }
  }
}

/** A line naming a total, in the languages read. */
const TOTAL_WORD = /\b(?:total|totale?|summe|gesamt\w*|totaal)\b/i;

/** The lines each amount with cents is printed on (cents, unsigned). */
function amountLines(ctx: Ctx): Map<number, Set<number>> {
  const at = new Map<number, Set<number>>();
  ctx.lines.forEach((line, i) => {
    for (const a of findAmounts(blankDates(line.text))) {
      if (!/[.,]\d{2}\b/.test(a.raw)) continue;
      const cents = Math.abs(Math.round(a.value * 100));
      if (!at.has(cents)) at.set(cents, new Set());
      at.get(cents)!.add(i);
    }
  });
  return at;
}
