/**
 * Fields from positioned text (PDF text layer or OCR), one module per family: parties and tax ids
 * (`parties.ts`), dates (`dates.ts`), the document number (`number.ts`), amounts and taxes (`amounts.ts`,
 * ranked by the fitted model in `ranker.ts`), line items (`lines.ts`). Label words come from
 * `../labels/<language>.ts`; region words only where `region.ts` finds the region. Returns candidates;
 * the consistency checks then raise or lower their confidence and decide what is verified.
 */
import type { Evidence, FieldMap } from '../evidence.ts';
import { buildLabels } from '../labels/index.ts';
import { printedCurrency } from '../text/currency.ts';
import type { PageText } from '../text/layout.ts';
import type { Direction, KnownParty, PlaceField, PlaceHint, Source } from '../types.ts';
import {
  type AmountCand,
  type AmountCandidates,
  amountCandidates,
  amountDueField,
  amountFields,
  findVatBreakdown,
  labelledRatePairs,
  type Payment,
  rankAmounts,
} from './amounts/index.ts';
import { type Ctx, wordHeight } from './context.ts';
import { findDateFields } from './dates.ts';
import { fillLineRates, findLineItems } from './lines/index.ts';
import { applyHints } from './memory/apply.ts';
import { learnPlace } from './memory/learn.ts';
import { findInvoiceNumber } from './number-rank.ts';
import { findIban, findParties, type TaxIdCand } from './parties.ts';
import { detectLanguage, detectRegion, isMonthFirst } from './region.ts';

export { repairOcrAmounts } from './context.ts';
export { isMonthFirst } from './region.ts';
export type { AmountCand, AmountCandidates, Payment, TaxIdCand };

export type TextExtraction = {
  fields: FieldMap;
  language: 'es' | 'en' | 'other';
  /** Amount candidates per family, best first, for the reconciliation search. */
  amountCandidates: AmountCandidates;
  taxIds: TaxIdCand[];
  fullText: string;
  /** Receipts: tendered, change and what was paid (cents). */
  payment: Payment | null;
  /** Receipts: the printed cash-rounding adjustment (cents), when not zero. */
  rounding: number | null;
  /** Every amount printed (cents, unsigned, ascending). */
  printedCents: number[];
  /** With a known party found on the page: whether it issued or received the document. */
  direction: Direction | null;
  /** The values read at learned places (`ReadingOptions.hints`), for the checks to leave standing. */
  remembered: Partial<Record<PlaceField, Evidence<string>>>;
  /** The hint (its id) each remembered field was read by. */
  hintsUsed: Record<string, string>;
  /** Where each value of `ReadingOptions.learn` is printed (values not found are left out). */
  learned: PlaceHint[];
};

/**
 * What the caller knows beyond the page: the party it acts for, the date to judge plausibility by, the
 * places learned from corrections of the supplier's earlier documents, and corrected values to locate.
 */
export type ReadingOptions = {
  party?: KnownParty | null;
  today?: string;
  hints?: PlaceHint[];
  learn?: { field: PlaceField; value: string }[];
};

/** The shared reading context of a document: lines, language, region and its label expressions. */
export function readingContext(
  pages: PageText[],
  source: Source,
  { party, today }: ReadingOptions = {},
): { ctx: Ctx; fullText: string; language: TextExtraction['language'] } {
  const lines = pages.flatMap((p) => p.lines);
  const fullText = lines.map((l) => l.text).join('\n');
  const language = detectLanguage(fullText);
  const region = detectRegion(fullText);
  const heights = lines.map(wordHeight).sort((a, b) => a - b);
  const ctx: Ctx = {
    lines,
    pages,
    source,
    monthFirst: isMonthFirst(fullText, language),
    ocr: source === 'ocr',
    medH: heights[Math.floor(heights.length / 2)] ?? 0.01,
    L: buildLabels(region.my ? ['my'] : []),
    region,
    party,
    ...(today ? { today } : {}),
  };
  return { ctx, fullText, language };
}

export function extractFromText(
  pages: PageText[],
  source: Source,
  options: ReadingOptions = {},
): TextExtraction {
  const { ctx, fullText, language } = readingContext(pages, source, options);
  const fields: FieldMap = {};
  const baseConf = source === 'ocr' ? 0.75 : 0.85;

  findInvoiceNumber(ctx, fields, baseConf);
  findDateFields(ctx, fields, baseConf);
  const { taxIds, direction } = findParties(ctx, fields);

  const { cands, payment, rounding, printedCents, due } = amountCandidates(ctx);
  rankAmounts(cands, due, ctx.ocr);
  amountFields(cands, fields, source);
  amountDueField(ctx, due, fields, source, payment);

  const read = findVatBreakdown(ctx);
  const breakdown = read.length ? read : labelledRatePairs(cands.tax_base, cands.vat_total);
  if (breakdown.length) fields.vat_breakdown = { value: breakdown, confidence: 0.6, source, verified: false };

  const items = findLineItems(ctx);
  fillLineRates(ctx, items, breakdown);
  if (items.length) fields.line_items = { value: items, confidence: 0.6, source, verified: false };

  const currency = printedCurrency(fullText, { ocr: ctx.ocr, malaysia: ctx.region.my });
  if (currency)
    fields.currency = { value: currency.code, confidence: currency.conf, source, verified: false };

  findIban(ctx, fields);

  // Learned places last: what the accountant taught about this supplier wins over the rules.
  const memory = applyHints(ctx, fields, options.hints ?? [], fullText);
  const learned = (options.learn ?? []).flatMap(({ field, value }) => learnPlace(ctx, field, value) ?? []);

  return {
    remembered: memory.remembered,
    hintsUsed: memory.used,
    learned,
    fields,
    language,
    amountCandidates: cands,
    taxIds,
    fullText,
    payment,
    rounding,
    printedCents,
    direction,
  };
}

export type { Evidence };
