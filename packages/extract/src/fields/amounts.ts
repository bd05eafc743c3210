/**
 * Amounts and taxes: every labelled amount is a candidate for its family (base, VAT, total, withholding,
 * recargo) with features (label tier and language, layout, print size, OCR agreement, receipt payment
 * arithmetic); the ranker orders them and the consistency checks then pick the combination that adds up.
 */
import type { FieldMap } from '../evidence.ts';
import type { Line } from '../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal, toCents } from '../text/numbers.ts';
import type { Box, VatBreakdownEntry } from '../types.ts';
import {
  blankDates,
  bothEnginesRead,
  boxOf,
  type Ctx,
  lineBox,
  lineReadings,
  ocrAmounts,
  splitCells,
  wordHeight,
} from './context.ts';
import { FAMILIES, type Features, scoreFeatures, topProbability } from './ranker.ts';

export type AmountCand = {
  cents: number;
  /** The ranker's score (log-odds scale); filled by `rankAmounts`. */
  score: number;
  box: Box;
  rate?: number;
  /** Index of the line it was read on (in reading order), for layout rules. */
  line?: number;
  /** Printed without decimals ("2"), which receipts rarely do for money. */
  integer?: boolean;
  /** The payable total after cash rounding ("TOTAL ROUNDED", "Rounding  RM …", a bare line after "Rounding adj."). */
  rounded?: boolean;
  /** What the ranker sees (absent for sums the consistency checks form). */
  features?: Features;
};

export type AmountCandidates = Record<(typeof FAMILIES)[number], AmountCand[]>;

export type Payment = { tendered: number; change: number | null; paid: number; line: number };

const ROUNDED_TOTAL = /\bround(?:ed|ing)?\b(?!\s*ad[jil1.])|\btotal\s*rounded\b|\bnett?\s*total\b/i;
const STRONG_TOTAL =
  /\bround(?:ed|ing)?\b|\bredondeado\b|\bnett?\s*total\b|\bgrand\s*total\b|\btotal\s*a\s*pagar\b/i;

/** Both OCR engines read the words of this box the same (fused OCR), and how sure the engine was. */
function readingFeatures(line: Line, box: Box): Features {
  const words = line.words.filter((w) => w.x + w.w > box.x - 1e-4 && w.x < box.x + box.w + 1e-4);
  if (!words.length) return {};
  const f: Features = { wordConf: words.reduce((s, w) => s + w.conf, 0) / words.length };
  if (words.every(bothEnginesRead)) f.enginesAgree = 1;
  return f;
}

function allAmountLabels(ctx: Ctx): RegExp[] {
  return [
    ...ctx.L.taxBase,
    ctx.L.total[0]!,
    ...ctx.L.withholding,
    ...ctx.L.surcharge,
    /\b(?:i\.?v\.?a|vat|btw|mwst|tva)(?:\b|(?=\d))/i,
  ];
}

/** Every amount printed after one of `labels` (or just below it), with its features. */
export function collectAmounts(
  ctx: Ctx,
  labels: RegExp[],
  out: AmountCand[],
  exclude: RegExp[],
  isVat = false,
): void {
  const allLabels = allAmountLabels(ctx);
  for (let li = 0; li < labels.length; li++) {
    const label = labels[li]!;
    for (let i = 0; i < ctx.lines.length; i++) {
      const readings = lineReadings(ctx, ctx.lines[i]!);
      // A line any engine reads as an excluded label (a subtotal, the change) gives no candidate.
      if (
        readings.some((line) => {
          const own = ownCell(line.text, label);
          return exclude.some((re) => re.test(own) && !(isVat && /\btotal\s*(?:iva|vat|tax)/i.test(own)));
        })
      )
        continue;
      // Every engine's reading of the line, the chosen one first; one candidate per value.
      const found: AmountCand[] = [];
      readings.forEach((line, r) => {
        for (const c of amountsAfterLabel(ctx, label, li, line, i, allLabels)) {
          const same = found.find((x) => x.cents === c.cents);
          if (same) continue;
          if (r > 0) c.features = { ...c.features, altReading: 1 };
          found.push(c);
        }
      });
      out.push(...found);
    }
  }
}

/** The amounts one reading of line `i` gives after `label` (or on the next line). */
function amountsAfterLabel(
  ctx: Ctx,
  label: RegExp,
  li: number,
  line: Line,
  i: number,
  allLabels: RegExp[],
): AmountCand[] {
  const out: AmountCand[] = [];
  const m = label.exec(line.text);
  if (!m) return out;
  const fullTail = withoutBareRates(line.text).slice((m.index ?? 0) + m[0].length);
  // The value belongs to this label up to the next labelled cell ("Excl. BTW 593,36   Subtotaal 717,97").
  const cells = fullTail.split(/ {3}/);
  let cut = cells.length;
  let seenAmount = false;
  for (let c = 1; c < cells.length; c++) {
    const cell = cells[c]!;
    const wordy = /\p{L}{4,}/u.test(cell.replace(/\b(?:euros?|eur|usd)\b/gi, ''));
    if (allLabels.some((re) => re.test(cell)) || (seenAmount && wordy)) {
      cut = c;
      break;
    }
    if (findAmounts(cell).length) seenAmount = true;
  }
  const joined = cells.slice(0, cut).join('   ');
  const tail = blankDates(ocrAmounts(ctx, joined));
  const rate = printedRate(line.text);
  // Read by OCR, one digit just after an amount ("5.983,78 6") is its currency sign misread.
  const amounts = findAmounts(tail.replace(/\d{1,2}(?:[.,]\d{1,2})?\s?%/g, ' ')).filter(
    (a, k, all) =>
      !(rate != null && Math.abs(Math.abs(a.value) - rate) < 1e-9 && !/[.,]\d{2}\b/.test(a.raw)) &&
      !(
        ctx.ocr &&
        k > 0 &&
        /^\d$/.test(a.raw) &&
        /[.,]\d{2}$/.test(all[k - 1]!.raw) &&
        a.index - (all[k - 1]!.index + all[k - 1]!.raw.length) <= 2 // a match may start at the space before it
      ),
  );
  const f: Features = { [`tier${Math.min(li, 2)}`]: 1 };
  if (/:\s*$/.test(line.text.slice(0, (m.index ?? 0) + m[0].length))) f.colon = 1;
  if (STRONG_TOTAL.test(line.text)) f.strongWord = 1;
  // Bigger print, more likely the headline total.
  f.bigPrint = ctx.ocr
    ? Math.max(0, Math.min(2, (wordHeight(line) / ctx.medH - 1) * 2))
    : Math.min(2, line.h * 60);
  f.lowOnPage = i / ctx.lines.length; // totals sit low on the page
  if (amounts.length) {
    const last = amounts[amounts.length - 1]!;
    const start = line.text.lastIndexOf(last.raw);
    const box = boxOf(line, start, last.raw.length);
    out.push({
      cents: Math.round(last.value * 100),
      score: 0,
      box,
      rate,
      line: i,
      integer: !/[.,]\d{1,2}\b/.test(last.raw),
      rounded: ROUNDED_TOTAL.test(line.text),
      features: { ...f, ...readingFeatures(line, box) },
    });
    return out;
  }
  // value on the next line, aligned under the label or to the right
  const next = ctx.lines[i + 1];
  if (!next || next.page !== line.page || next.y - (line.y + line.h) >= line.h * 1.5) return out;
  const headerRow = isHeaderRow(line.text);
  for (const nextLine of lineReadings(ctx, next)) {
    const nextText = ocrAmounts(ctx, nextLine.text);
    const a = findAmounts(nextText);
    if (a.length === 1 && nextText.replace(a[0]!.raw, '').trim().length < 4) {
      const box = lineBox(nextLine);
      out.push({
        cents: Math.round(a[0]!.value * 100),
        score: 0,
        box,
        rate,
        line: i + 1,
        integer: !/[.,]\d{1,2}\b/.test(a[0]!.raw),
        features: { ...f, nextLine: 1, ...readingFeatures(nextLine, box) },
      });
      break;
    }
    // Cells of table rules alone ("|", "[") are no cells.
    const labelled = splitCells(line).filter((c) => /[\p{L}\d]/u.test(c.text));
    if (a.length > 1 && headerRow && labelled.every((c) => allLabels.some((re) => re.test(c.text)))) {
      // A row of labels with their values in the row below ("Base imponible   IVA 21%   IVA 10%   Total"):
      // the value cell under each cell this label names (one per VAT rate).
      const labelCells = splitCells(line);
      const cells = splitCells(nextLine).filter((c) => findAmounts(ocrAmounts(ctx, c.text)).length === 1);
      const seen = new Set<number>();
      for (const hit of line.text.matchAll(new RegExp(label.source, `${label.flags.replace('g', '')}g`))) {
        const labelBox = boxOf(line, hit.index ?? 0, hit[0].length);
        // The middle of the label's whole cell ("Retención IRPF 15%"), not of the word matched.
        const cell = labelCells.find((c) => c.x <= labelBox.x + 1e-4 && labelBox.x < c.x + c.w);
        const mid = cell ? cell.x + cell.w / 2 : labelBox.x + labelBox.w / 2;
        const under = cells.find((c) => c.x - 0.02 <= mid && mid <= c.x + c.w + 0.02);
        const value = under && findAmounts(ocrAmounts(ctx, under.text))[0];
        if (!under || !value || seen.has(under.x)) continue;
        seen.add(under.x);
        const box = { page: nextLine.page, x: under.x, y: nextLine.y, w: under.w, h: nextLine.h };
        out.push({
          cents: Math.round(value.value * 100),
          score: 0,
          box,
          rate: printedRate(labelCell(line.text, hit.index ?? 0)),
          line: i + 1,
          integer: !/[.,]\d{1,2}\b/.test(value.raw),
          features: { ...f, nextLine: 1, ...readingFeatures(nextLine, box) },
        });
      }
      break;
    }
  }
  return out;
}

/** A row of labels alone ("Base imponible   IVA 21%   Total"): several cells and no amount. */
function isHeaderRow(text: string): boolean {
  return text.includes('   ') && !findAmounts(blankDates(withoutBareRates(text))).length;
}

/** A usual rate glued to its tax's name without a percent sign ("IVA 21", "IRPF 15"): no amount. */
const BARE_RATE =
  /\b((?:i\.?v\.?a|vat|igic|irpf|gst|sst|tva|btw|mwst)\.?) ?(\d{1,2})(?![\d%]|[.,]\d| ?[€$£%])/gi;

const isUsualRate = (digits: string) => STANDARD_RATES.includes(Number(digits));

/** The text with each bare rate blanked (same length, so positions still match the line's words). */
function withoutBareRates(text: string): string {
  return text.replace(BARE_RATE, (all, name: string, digits: string) =>
    isUsualRate(digits) ? name.padEnd(all.length) : all,
  );
}

/** The rate printed in a text: a percent ("21 %"), else a bare rate after the tax's name ("IVA 21"). */
function printedRate(text: string): number | undefined {
  const percent = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
  if (percent) return Number(percent[1]!.replace(',', '.'));
  const bare = [...text.matchAll(BARE_RATE)].find((b) => isUsualRate(b[2]!));
  return bare ? Number(bare[2]) : undefined;
}

/**
 * What an exclusion is tested on: the label's own cell in a row of labels (nothing when this reading of
 * the row garbled the label: its other cells are other labels), else the whole line.
 */
function ownCell(text: string, label: RegExp): string {
  if (!isHeaderRow(text)) return text;
  const m = label.exec(text);
  return m ? labelCell(text, m.index ?? 0) : '';
}

/** The cell (3-space separated) of `text` holding position `at`. */
function labelCell(text: string, at: number): string {
  const start = text.lastIndexOf('   ', at);
  const end = text.indexOf('   ', at);
  return text.slice(start < 0 ? 0 : start + 3, end < 0 ? text.length : end);
}

/** All amount candidates of the document, with features; not yet ranked. */
export function amountCandidates(ctx: Ctx): { cands: AmountCandidates; payment: Payment | null } {
  const { L, lines } = ctx;
  const cands: AmountCandidates = {
    tax_base: [],
    vat_total: [],
    total: [],
    withholding_total: [],
    surcharge_total: [],
  };
  collectAmounts(ctx, L.taxBase, cands.tax_base, []);
  collectAmounts(ctx, L.withholding, cands.withholding_total, []);
  collectAmounts(ctx, L.surcharge, cands.surcharge_total, []);
  collectAmounts(
    ctx,
    L.vatTotal,
    cands.vat_total,
    [
      ...L.taxBase,
      ...L.total.slice(0, 1),
      ...L.withholding,
      ...L.surcharge,
      // Tax registration numbers ("GST Reg No: 000123456789") and summary tables are not the VAT total.
      /\b(?:g[s5]t|sst|vat|tax)\s*(?:reg(?:istration)?\.?|id|no\.?|number|#)|\bsummary\b/i,
      /\b(?:ust|mwst|vat|tva|btw|iva)\.?\s*-?\s*id|steuer-?\s*n(?:umme)?r|\bhrb\b|handelsregister/i,
    ],
    true,
  );
  collectAmounts(ctx, L.total, cands.total, [
    ...L.taxBase,
    /\bsub\s*-?total|total\s*(?:iva|vat|tax|gst)\b(?!\s*incl)|iva\s*total|total\s*(?:[qa][tr]y|quantity|items?|art[íi]culos|unidades|discount|descuento|savings?)|\btotal\s*(?:excl|net|ht)|rounding\s*ad[jil1.]|\bad[jil1](?:ustment)?\b|zuschl[äa]g|abschl[äa]g|anzahlung|rabatt|\bchange\b|\bcambio\b|\btendered\b|\bentregado\b/i,
  ]);
  // "Rounding  RM 12.30" after a rounding adjustment is the rounded total.
  collectAmounts(ctx, [/^\W*round(?:ing|ed)?\b(?!\s*ad[jil1.])/i], cands.total, [/\bad[jil1.]/i]);
  // A receipt's subtotal is often the payable total (prices include tax): a weak candidate.
  const subtotals: AmountCand[] = [];
  collectAmounts(ctx, [/\bsub\s*-?\s*t[o0u]t[a4]l?\b/i], subtotals, []);
  for (const c of subtotals) cands.total.push({ ...c, features: { ...c.features, subtotalAsTotal: 1 } });
  // After "Rounding adj.", a line with only a currency and an amount is the rounded total.
  for (let i = 0; i < lines.length - 1; i++) {
    if (!/\bround(?:ing)?\b.*\bad[jil1.]|\bround(?:ing)?\s*\(/i.test(lines[i]!.text)) continue;
    for (const j of [i + 1, i + 2]) {
      const l = lines[j];
      const text = l && ocrAmounts(ctx, l.text);
      if (!l || !text || !/^\W*(?:RM|MYR|\$|€|EUR)?\s*-?\d[\d.,]*\d\W*$/i.test(text)) continue;
      const a = findAmounts(text).at(-1);
      if (a && /[.,]\d{2}\b/.test(a.raw)) {
        const box = lineBox(l);
        cands.total.push({
          cents: Math.round(a.value * 100),
          score: 0,
          box,
          line: j,
          rounded: true,
          features: { afterRoundingAdj: 1, ...readingFeatures(l, box) },
        });
      }
      break;
    }
  }
  if (ctx.ocr) impliedDecimals(cands);
  const payment = findPayment(ctx);
  totalFeatures(ctx, cands.total, payment, cands.vat_total);
  closureFeatures(ctx, cands, payment);
  // No total label could be read on a receipt: the largest amount printed more than once (total, then
  // what was paid) is the best guess, with a low score.
  if (ctx.ocr && !cands.total.length) {
    const seen = new Map<number, { n: number; line: Line }>();
    for (const line of lines) {
      for (const a of findAmounts(blankDates(ocrAmounts(ctx, line.text)))) {
        if (!/[.,]\d{2}$/.test(a.raw) || a.value <= 0) continue;
        const cents = Math.round(a.value * 100);
        seen.set(cents, { n: (seen.get(cents)?.n ?? 0) + 1, line });
      }
    }
    const best = [...seen].filter(([, v]) => v.n >= 2).sort((a, b) => b[0] - a[0])[0];
    if (best)
      cands.total.push({
        cents: best[0],
        score: 0,
        box: lineBox(best[1].line),
        features: { repeatedLargest: 1 },
      });
  }
  printedElsewhere(ctx, cands);
  return { cands, payment };
}

/** OCR drops a decimal point ("3045" for 30.45): an integer of three to six digits is also read as cents. */
function impliedDecimals(cands: AmountCandidates): void {
  for (const family of FAMILIES) {
    for (const c of [...cands[family]]) {
      if (!c.integer || c.cents < 10_000 || c.cents >= 100_000_000 || c.features?.paidFallback) continue;
      const features: Features = { ...c.features, impliedDecimals: 1 };
      delete features.ocrInteger;
      cands[family].push({ ...c, cents: c.cents / 100, integer: false, features });
    }
  }
}

/** The same amount printed on another line too (a total repeated by the payment or tax summary). */
function printedElsewhere(ctx: Ctx, cands: AmountCandidates): void {
  const lines = new Map<number, Set<number>>();
  ctx.lines.forEach((line, i) => {
    for (const a of findAmounts(blankDates(ocrAmounts(ctx, line.text)))) {
      if (!/[.,]\d{2}\b/.test(a.raw)) continue;
      const cents = Math.abs(Math.round(a.value * 100));
      if (!lines.has(cents)) lines.set(cents, new Set());
      lines.get(cents)!.add(i);
    }
  });
  for (const family of FAMILIES)
    for (const c of cands[family]) {
      // The fallbacks are defined by where they are printed already.
      if (c.features?.repeatedLargest || c.features?.paidFallback) continue;
      const at = lines.get(Math.abs(c.cents));
      if (at && [...at].some((i) => i !== c.line)) {
        c.features ??= {};
        c.features.printedElsewhere = 1;
      }
    }
}

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
      if (c !== 0 && Math.abs(c) < 10) rounding = c;
    }
  }
  return { rounding, printedCents: [...printed].sort((a, b) => a - b) };
}

/** Scores every candidate with the ranker and sorts each family best first. */
export function rankAmounts(cands: AmountCandidates): void {
  for (const family of FAMILIES) {
    for (const c of cands[family]) c.score = scoreFeatures(family, c.features ?? {});
    cands[family].sort((a, b) => b.score - a.score);
  }
}

/** The best candidate of each family becomes the field (unverified: the checks decide that). */
export function amountFields(
  cands: AmountCandidates,
  fields: FieldMap,
  source: FieldMap['total'] extends infer E ? (E extends { source: infer S } ? S : never) : never,
): void {
  for (const k of FAMILIES) {
    const list = cands[k];
    const best = list[0];
    if (!best) continue;
    // One probability per distinct value: the same amount read twice is one choice.
    const byValue = new Map<number, number>();
    for (const c of list) if (!byValue.has(c.cents)) byValue.set(c.cents, c.score);
    // Sure when it beats the other values (softmax) and is a strong candidate on its own (sigmoid).
    const p = topProbability([...byValue.values()]) / (1 + Math.exp(-best.score));
    // A withholding takes the sign of the base it is withheld from (negative on a credit note).
    const negativeBase = (cands.tax_base[0]?.cents ?? 0) < 0;
    fields[k] = {
      value: centsToString(
        k === 'withholding_total' ? (negativeBase ? -1 : 1) * Math.abs(best.cents) : best.cents,
      ),
      confidence: Math.min(0.8, 0.35 + 0.45 * p),
      source,
      verified: false,
      box: best.box,
    };
  }
  const wRate = cands.withholding_total[0]?.rate;
  if (wRate && fields.withholding_total)
    fields.withholding_rate = { value: minimalDecimal(wRate), confidence: 0.7, source, verified: false };
}

/**
 * Tendered and change on a receipt ("CASH 100.00", "CHANGE 56.10"): tendered − change is what was paid.
 * Null unless a tendered amount is printed.
 */
/** What is owed, not what was handed over ("Amount to be paid", "Total payable", "Importe a pagar"). */
const AMOUNT_OWED = /\bto\s*be\s*paid\b|\bpayable\b|\bdue\b|\ba\s*pagar\b/i;

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
function totalFeatures(ctx: Ctx, totals: AmountCand[], payment: Payment | null, vats: AmountCand[]): void {
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
  if (payment && (payment.change != null || !totals.length)) {
    // What was paid (tendered − change): a candidate of its own, for when no labelled total can be read;
    // with no change printed, only when nothing else is labelled as a total.
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
function closureFeatures(ctx: Ctx, cands: AmountCandidates, payment: Payment | null): void {
  const { rounding } = roundingAndPrinted(ctx, payment);
  const bases = cands.tax_base.filter((c) => c.cents > 0 && c.line != null);
  const vats = cands.vat_total.filter((c) => c.cents > 0 && c.line != null);
  const labelled = cands.total.filter(
    (c) => (c.features?.tier0 || c.features?.tier1) && !c.features.subtotalAsTotal && c.cents > 0,
  );
  const largest = Math.max(0, ...labelled.map((c) => c.cents));
  const roundingLines = ctx.lines.flatMap((l, i) =>
    /\bround(?:ing)?\b|\bredondeo\b/i.test(l.text) ? [i] : [],
  );
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
    // The total printed just under a cash-rounding line is the rounded, payable one.
    if (roundingLines.some((r) => c.line! > r && c.line! - r <= 2)) f.belowRounding = 1;
  }
}

const STANDARD_RATES = [21, 10, 4, 5, 2, 0, 19, 7, 20, 5.5, 8.5, 9, 6, 12, 13, 16, 23, 24, 25, 3, 7.5, 15];
/** Words a tax summary row may hold; any other word of four letters or more makes it a goods row. */
const TAX_ROW_WORDS =
  /\b(?:bases?|imponibles?|cuotas?|tipos?|impuestos?|sobre|iva|i\.v\.a|vat|tax|taxes|rates?|net|neto|netto|amounts?|importes?|total|recargo|equivalencia|mwst|ust|tva|btw|igic|ipsi|gst|sst|summary|incl|inclusive|excl|exclusive|rated|exempt|zero|standard|euros?|eur|steuer|betrag|taux|montant|over|on)\b/giu;

/** The Spanish recargo de equivalencia rates (5,2 % on goods at 21 % VAT, 1,4 %, 0,5 %, 1,75 % on tobacco). */
const RECARGO_RATES = [5.2, 1.4, 0.5, 1.75];

const PERCENT = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g;

/**
 * One row of a VAT summary ("IVA 21% (base 2.675,62 €)   561,88 €", "3.546,84 €   21%   744,84 €   5,2%
 * 184,44 €"): the VAT rate, base and amount (base × rate = amount), and the recargo printed beside them
 * (base × its rate = its amount). Amounts keep their sign only when base and VAT carry the same one (a
 * credit note); a parenthesis or a stray minus on one of them does not flip it alone. Read by OCR (`ocr`),
 * an integer of three digits or more may have lost its decimal comma ("321€" for 3,21 €): with a printed
 * rate, it is read both ways and base × rate = amount tells which.
 */
export function breakdownRow(text: string, ocr = false): VatBreakdownEntry | null {
  const percents = [...text.matchAll(PERCENT)].map((m) => Number(m[1]!.replace(',', '.')));
  const readings = findAmounts(text.replace(PERCENT, (m) => ' '.repeat(m.length))).map((a) => {
    const cents = Math.round(a.value * 100);
    const lostComma = ocr && percents.length > 0 && !/[.,]\d{1,2}\b/.test(a.raw) && Math.abs(cents) >= 10_000;
    return lostComma ? [cents, cents / 100] : [cents];
  });
  if (readings.length < 2) return null;
  const fits = (base: number, rate: number, amount: number) =>
    Math.abs((Math.abs(base) * rate) / 100 - Math.abs(amount)) <= 1.01;
  let found: { a: number; b: number; base: number; vat: number; rate: number } | null = null;
  // The VAT rate is the first printed percent that fits a (base, amount) pair (the recargo's percent comes
  // after it); without a printed percent, the one usual rate that fits.
  const pair = (ok: (base: number, vat: number) => number | null) => {
    for (let a = 0; a < readings.length; a++) {
      for (let b = 0; b < readings.length; b++) {
        if (a === b) continue;
        for (const base of readings[a]!) {
          for (const vat of readings[b]!) {
            if (base === 0 || Math.abs(vat) > Math.abs(base)) continue;
            const rate = ok(Math.abs(base), Math.abs(vat));
            if (rate != null) return { a, b, base, vat, rate };
          }
        }
      }
    }
    return null;
  };
  // A recargo rate is never the VAT rate: with the VAT percent lost (printed on a line of its own), a row
  // holding only the recargo's is read by the usual rate that fits.
  const vatPercents = percents.filter((p) => !RECARGO_RATES.includes(p));
  for (const rate of vatPercents) {
    found = pair((base, vat) => (fits(base, rate, vat) ? rate : null));
    if (found) break;
  }
  if (!found && !vatPercents.length)
    found = pair((base, vat) => {
      const usual = STANDARD_RATES.filter((r) => fits(base, r, vat));
      return usual.length === 1 && base >= 100 ? usual[0]! : null;
    });
  if (!found) return null;
  const { base, vat } = found;
  const sign = base < 0 && vat <= 0 ? -1 : 1;
  const entry: VatBreakdownEntry = {
    rate: minimalDecimal(found.rate),
    base: centsToString(sign * Math.abs(base)),
    amount: centsToString(sign * Math.abs(vat)),
  };
  // A second percent with an amount that is the base at that rate: the recargo of this VAT rate.
  const others = readings.filter((_, k) => k !== found.a && k !== found.b).flat();
  for (const reRate of percents.filter((r) => r !== found.rate)) {
    const re = others.find((x) => x !== 0 && fits(base, reRate, x));
    if (re != null) {
      entry.surcharge_rate = minimalDecimal(reRate);
      entry.surcharge_amount = centsToString(sign * Math.abs(re));
      break;
    }
  }
  return entry;
}

/** A row that names goods (a description of four letters or more that is no tax word): a line item. */
function isGoodsRow(text: string): boolean {
  const rest = text.replace(TAX_ROW_WORDS, ' ');
  return /\p{L}{4,}/u.test(rest);
}

/**
 * The VAT breakdown: rows that name the tax ("IVA 21% …"), and the rows of a tax summary table under its
 * header ("Base imponible   % IVA   Cuota IVA"). Goods rows (a description, a rate column) are line items,
 * not the breakdown, even when base × rate happens to fit. One entry per rate, the first read.
 */
export function findVatBreakdown(ctx: Ctx): VatBreakdownEntry[] {
  const out: VatBreakdownEntry[] = [];
  let tableUntil = -1;
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    const text = line.text;
    // A VAT summary table header ("IVA  Base  Cuota", "VAT rate  Net  VAT") opens a few rows without labels.
    if (
      /\b(?:i\.?v\.?a|vat|tax|mwst|tva|btw)\b/i.test(text) &&
      /\b(?:base|cuota|net|neto|netto|amount|importe|betrag)\b/i.test(text) &&
      findAmounts(blankDates(text)).length === 0
    ) {
      tableUntil = i + 5;
      continue;
    }
    const keyword = /\b(?:i\.?v\.?a|vat|tax|mwst|ust|tva|btw|igic)\b/i.test(text);
    const inTable = i <= tableUntil;
    if (!keyword && !inTable && !/%/.test(text)) continue;
    if (ctx.L.withholding.some((re) => re.test(text)) || ctx.L.surcharge.some((re) => re.test(text)))
      continue;
    // A row naming the tax is a tax row whatever else it says; a row with only a rate, or under a header
    // (which may be the goods table's own), must not name goods.
    if (!keyword && isGoodsRow(text)) continue;
    const entry = breakdownRow(blankDates(ocrAmounts(ctx, text)), ctx.ocr);
    if (!entry) continue;
    if (out.some((e) => Number(e.rate) === Number(entry.rate))) continue;
    out.push(entry);
  }
  attachSurchargeLines(ctx, out);
  return out;
}

/** Recargo printed on lines of its own ("Recargo de equivalencia 5,2%   184,44 €"): to the rate whose base fits. */
function attachSurchargeLines(ctx: Ctx, entries: VatBreakdownEntry[]): void {
  if (!entries.length) return;
  for (const line of ctx.lines) {
    if (!ctx.L.surcharge.some((re) => re.test(line.text))) continue;
    const text = blankDates(ocrAmounts(ctx, line.text));
    const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
    if (!m) continue;
    const reRate = Number(m[1]!.replace(',', '.'));
    const amount = findAmounts(text.replace(m[0], ' ')).at(-1);
    if (!amount) continue;
    const cents = Math.round(amount.value * 100);
    const entry = entries.find(
      (e) =>
        e.surcharge_amount == null &&
        Math.abs((Math.abs(toCents(e.base) ?? 0) * reRate) / 100 - Math.abs(cents)) <= 1.01,
    );
    if (!entry) continue;
    const sign = (toCents(entry.base) ?? 0) < 0 ? -1 : 1;
    entry.surcharge_rate = minimalDecimal(reRate);
    entry.surcharge_amount = centsToString(sign * Math.abs(cents));
  }
}
