/**
 * Amounts and taxes: every labelled amount is a candidate for its family (base, VAT, total, withholding,
 * recargo) with features (label tier and language, layout, print size, OCR agreement, receipt payment
 * arithmetic); the ranker orders them and the consistency checks then pick the combination that adds up.
 */
import type { FieldMap } from '../../evidence.ts';
import type { Line } from '../../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal } from '../../text/numbers.ts';
import type { Source, VatBreakdownEntry } from '../../types.ts';
import { blankDates, boxOf, type Ctx, lineBox, ocrAmounts } from '../context.ts';
import { FAMILIES, type Features, rankedFeatures, scoreFeatures, topProbability } from '../ranker.ts';
import { RATE_PERCENT } from './breakdown.ts';
import {
  type AmountCand,
  type AmountCandidates,
  collectAmounts,
  phraseBase,
  readingFeatures,
} from './labelled.ts';
import {
  closureFeatures,
  findPayment,
  MAX_ROUNDING,
  type Payment,
  printedSumTotals,
  roundingAndPrinted,
  totalFeatures,
} from './receipt.ts';

export { breakdownRow, findVatBreakdown } from './breakdown.ts';
export type { AmountCand, AmountCandidates } from './labelled.ts';
export type { Payment } from './receipt.ts';

/** All amount candidates of the document, with features; not yet ranked. */
export function amountCandidates(ctx: Ctx): {
  cands: AmountCandidates;
  payment: Payment | null;
  /** The printed cash-rounding adjustment (cents), when not zero. */
  rounding: number | null;
  /** Every amount printed (cents, unsigned, ascending). */
  printedCents: number[];
  /** What is still to be paid ("Open amount", "Importe pendiente"), best first once ranked. */
  due: AmountCand[];
} {
  const { L, lines } = ctx;
  const cands: AmountCandidates = {
    tax_base: [],
    vat_total: [],
    total: [],
    withholding_total: [],
    surcharge_total: [],
  };
  collectAmounts(ctx, L.taxBase, cands.tax_base, [...L.discount]);
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
      // A discount's line names the VAT rate it reduces ("Rabattbetrag: -5,60, MwSt.-% 19,0").
      ...L.discount,
      // Tax registration numbers ("GST Reg No: 000123456789") and summary tables are not the VAT total.
      /\b(?:g[s5]t|sst|vat|tax)\s*(?:reg(?:istration)?\.?|id|no\.?|number|#)|\bsummary\b/i,
      /\b(?:ust|mwst|vat|tva|btw|iva)\.?\s*-?\s*id|steuer-?\s*n(?:umme)?r|\bhrb\b|handelsregister/i,
    ],
    true,
  );
  phraseBases(ctx, cands);
  if (!cands.tax_base.length && !cands.vat_total.length) grossRow(ctx, cands);
  // What is still to be paid is its own field; it stands in for the total only when no total is labelled.
  const due: AmountCand[] = [];
  collectAmounts(ctx, L.amountDue, due, [...L.discount]);
  collectAmounts(ctx, L.total, cands.total, [
    ...L.taxBase,
    ...L.amountDue,
    // The total of the goods at one rate ("Total 0% supplies", "Total 21 %") is a part of the total.
    /\btotal\s*\d{1,2}(?:[.,]\d{1,2})?\s*%/i,
    /\bsub\s*-?total|total\s*(?:iva|vat|tax(?:es)?|gst|impuestos|impostos)\b(?!\s*incl)|iva\s*total|total\s*(?:[qa][tr]y|quantity|items?|art[íi]culos|unidades|discount|descuento|savings?)|\btotal\s*(?:excl|net|ht)|rounding\s*ad[jil1.]|(?<!\bafter\s*)\bad[jil1](?:ustment)?\b|zuschl[äa]g|abschl[äa]g|anzahlung|rabatt|\bchange\b|\bcambio\b|\btendered\b|\bentregado\b/i,
  ]);
  if (!cands.total.some((c) => c.cents !== 0)) cands.total.push(...due.map((c) => ({ ...c })));
  // "Rounding  RM 12.30" after a rounding adjustment is the rounded total; the adjustment itself
  // ("Rounding Adjustments -0.02", its label misread) is under ten cents in every currency.
  const rounded: AmountCand[] = [];
  collectAmounts(ctx, [/^\W*round(?:ing|ed)?\b(?!\s*ad[jil1.])/i], rounded, [/\bad[jil1.]/i]);
  cands.total.push(...rounded.filter((c) => Math.abs(c.cents) >= MAX_ROUNDING));
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
  const { rounding, printedCents } = roundingAndPrinted(ctx, payment);
  if (ctx.ocr) printedSumTotals(ctx, cands, rounding);
  totalFeatures(ctx, cands.total, payment, cands.vat_total);
  closureFeatures(ctx, cands, rounding);
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
  dropImplausibleSurcharges(cands);
  return { cands, payment, rounding, printedCents, due };
}

/**
 * The base a tax line prints in its own phrase ("IVA 21 % s/98,02   20,58"): a base candidate, labelled
 * by the tax's label (a weaker label than "Base imponible"); the VAT candidate keeps it to tell its line
 * from another line at the same rate.
 */
function phraseBases(ctx: Ctx, cands: AmountCandidates): void {
  const seen = new Set<number>();
  for (const v of cands.vat_total) {
    if (v.line == null || seen.has(v.line)) continue;
    const line = ctx.lines[v.line]!;
    const base = phraseBase(line.text);
    if (!base || Math.abs(base.cents) <= Math.abs(v.cents)) continue;
    seen.add(v.line);
    for (const c of cands.vat_total) if (c.line === v.line) c.onBase = base.cents;
    const features: Features = { ...v.features, tier1: 1 };
    delete features.tier0;
    const box = boxOf(line, base.index, base.raw.length);
    cands.tax_base.push({ cents: base.cents, score: 0, box, line: v.line, features });
  }
}

/** Cents a row's gross may differ from its net + VAT (each printed rounded). */
const ROW_ROUNDING = 1;

/**
 * No base or VAT labelled anywhere, and one line that prints its own arithmetic: a net, a rate, the VAT
 * at that rate and their sum ("Envío (7 pedidos)   106,20   21%   22,30   128,50" under "Precio   IVA
 * Importe"): an invoice of one line whose only tax figures are in its row. The net and VAT become
 * candidates; they count only when the sum check closes them on the total. With several such lines
 * (an items table) none is taken.
 */
function grossRow(ctx: Ctx, cands: AmountCandidates): void {
  const found: { line: number; base: Amount; vat: Amount; rate: number }[] = [];
  ctx.lines.forEach((line, i) => {
    const text = blankDates(ocrAmounts(ctx, line.text));
    const rates = [...text.matchAll(new RegExp(RATE_PERCENT.source, 'g'))];
    if (rates.length !== 1) return;
    const rate = Number(rates[0]![1]!.replace(',', '.'));
    const amounts = findAmounts(text.replace(rates[0]![0], (m) => ' '.repeat(m.length))).filter((a) =>
      /[.,]\d{2}\b/.test(a.raw),
    );
    for (let k = 0; k + 2 < amounts.length; k++) {
      const [b, v, g] = [amounts[k]!, amounts[k + 1]!, amounts[k + 2]!].map((a) => ({
        ...a,
        cents: Math.round(a.value * 100),
      })) as [Amount, Amount, Amount];
      if (b.cents <= 0 || Math.abs(b.cents + v.cents - g.cents) > ROW_ROUNDING) continue;
      if (Math.abs((b.cents * rate) / 100 - v.cents) > ROW_ROUNDING || rate <= 0) continue;
      found.push({ line: i, base: b, vat: v, rate });
      break;
    }
  });
  if (found.length !== 1) return;
  const { line: i, base, vat, rate } = found[0]!;
  const line = ctx.lines[i]!;
  const cand = (a: Amount): AmountCand => {
    const at = line.text.indexOf(a.raw);
    const box = boxOf(line, at >= 0 ? at : a.index, a.raw.length);
    return {
      cents: a.cents,
      score: 0,
      box,
      line: i,
      rate,
      features: { grossRow: 1, lowOnPage: i / ctx.lines.length, ...readingFeatures(line, box) },
    };
  };
  cands.tax_base.push(cand(base));
  cands.vat_total.push(cand(vat));
}

type Amount = { value: number; raw: string; index: number; cents: number };

/**
 * The recargo de equivalencia has a few legal rates (Ley 37/1992, art. 161; 0,62 % and 0,26 % went with
 * the temporary 5 % and 2 % VAT; 4 % and 1 % are the rates before 2012), and it is never more than the VAT
 * of its base. A "surcharge" read otherwise (a cashier's "105 1" after an "R.E." look-alike) is no recargo.
 */
export const LEGAL_RECARGO_RATES = [5.2, 1.75, 1.4, 0.5, 0.62, 0.26, 4, 1];

function dropImplausibleSurcharges(cands: AmountCandidates): void {
  const maxVat = Math.max(0, ...cands.vat_total.map((c) => Math.abs(c.cents)));
  cands.surcharge_total = cands.surcharge_total.filter(
    (c) =>
      (c.rate == null || LEGAL_RECARGO_RATES.includes(c.rate)) &&
      (c.cents === 0 || Math.abs(c.cents) <= maxVat),
  );
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
 * Scores every candidate with the ranker and sorts each family best first (text-layer candidates by the
 * `pdf.` weights, OCR-read ones by the others). The amount due is scored as a total (its candidates are read and placed like one; it has no weights of its own to fit yet).
 */
export function rankAmounts(cands: AmountCandidates, due: AmountCand[] = [], ocr = true): void {
  const score = (family: (typeof FAMILIES)[number], c: AmountCand) =>
    scoreFeatures(family, rankedFeatures(c.features ?? {}, ocr));
  for (const family of FAMILIES) {
    for (const c of cands[family]) c.score = score(family, c);
    cands[family].sort((a, b) => b.score - a.score);
  }
  for (const c of due) c.score = score('total', c);
  due.sort((a, b) => b.score - a.score);
}

/**
 * The amount still to be paid: the one labelled as such; with none labelled, nothing paid in advance or
 * at the till printed, the total (computed, unverified).
 */
export function amountDueField(
  ctx: Ctx,
  due: AmountCand[],
  fields: FieldMap,
  source: Source,
  payment: Payment | null,
): void {
  const best = due[0];
  if (!best) {
    const total = fields.total;
    const prepaid = ctx.lines.some((l) => ctx.L.prepaid.some((re) => re.test(l.text)));
    if (total && !payment && !prepaid)
      fields.amount_due = { value: total.value, confidence: 0.5, source: 'computed', verified: false };
    return;
  }
  fields.amount_due = {
    value: centsToString(best.cents),
    confidence: Math.min(0.8, 0.35 + 0.45 / (1 + Math.exp(-best.score))),
    source,
    verified: false,
    box: best.box,
  };
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

/** Cents base × rate may differ from the VAT printed (each rounded). */
const PAIR_ROUNDING = 1.01;

/**
 * Bases and VAT labelled with their rate on lines of their own ("Base imponible 10 %   40,00" and
 * "IVA 10 %   4,00"): one entry per rate whose base, labelled as a base, gives that rate's VAT. Only with
 * two rates or more: a single rate's entry comes from the sum check.
 */
export function labelledRatePairs(bases: AmountCand[], vats: AmountCand[]): VatBreakdownEntry[] {
  const byRate = new Map<number, { entry: VatBreakdownEntry; line: number }>();
  for (const b of bases) {
    if (b.rate == null || !b.features?.tier0 || b.cents === 0 || byRate.has(b.rate)) continue;
    const rate = b.rate;
    const v = vats.find(
      (c) =>
        c.rate === rate &&
        c.cents * b.cents >= 0 &&
        Math.abs((Math.abs(b.cents) * rate) / 100 - Math.abs(c.cents)) <= PAIR_ROUNDING,
    );
    if (!v) continue;
    const entry = {
      rate: minimalDecimal(rate),
      base: centsToString(b.cents),
      amount: centsToString(v.cents),
    };
    byRate.set(rate, { entry, line: b.line ?? 0 });
  }
  // In the order printed.
  const pairs = [...byRate.values()].sort((a, b) => a.line - b.line);
  return pairs.length >= 2 ? pairs.map((p) => p.entry) : [];
}
