/**
 * Cells of a line read as a table: a label's own cell, the value cell under it, rates printed in a cell,
 * and rows of labels (shared by the labelled-amount readers).
 */
import type { Line } from '../../text/layout.ts';
import { findAmounts } from '../../text/numbers.ts';
import type { Box } from '../../types.ts';
import { blankDates, type Ctx, ocrAmounts } from '../context.ts';
import { RATE_PERCENT, STANDARD_RATES } from './breakdown.ts';

/** Beside a label row's cell, a value cell whose box does not overlap any: nearest within this (page width). */
export const COLUMN_SLACK = 0.03;

export type Cell = { text: string; x: number; w: number };

/**
 * The cell of a row of labels that holds the label at `labelBox`. Labels printed close together read as
 * one cell ("Cuota IVA.  R.Equivalencia  TOTAL Fra."): when the words before this label in its cell name
 * another amount, the label's own cell starts at its first word, so it is not paired with their value.
 */
export function ownLabelCell(
  ctx: Ctx,
  allLabels: RegExp[],
  line: Line,
  labelCells: Cell[],
  labelBox: Box,
): Cell | undefined {
  const cell = labelCells.find((c) => c.x <= labelBox.x + 1e-4 && labelBox.x < c.x + c.w);
  if (!cell || labelBox.x <= cell.x + 1e-4) return cell;
  const before = line.words.filter((w) => w.x >= cell.x - 1e-4 && w.x + w.w <= labelBox.x + 1e-4);
  if (!before.length || !isRowLabel(ctx, allLabels, before.map((w) => w.text).join(' '))) return cell;
  const own = line.words.filter((w) => w.x >= labelBox.x - 1e-4 && w.x < cell.x + cell.w);
  return { text: own.map((w) => w.text).join(' '), x: labelBox.x, w: cell.x + cell.w - labelBox.x };
}

/** The one amount a value cell holds (a rate cell, "10%", holds none). */
export function singleAmount(ctx: Ctx, text: string): { value: number; raw: string } | undefined {
  const found = findAmounts(ocrAmounts(ctx, text));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The value cell of a row of values that belongs to a label cell of the row above: with as many values as
 * labels, the one at the same place in the row; else the value whose box overlaps the label's most, else
 * the nearest one whose nearest label is this one (values are right-aligned, labels left-aligned).
 */
export function valueUnder(labels: Cell[], values: Cell[], label: Cell): Cell | undefined {
  if (labels.length === values.length) return values[labels.indexOf(label)];
  const overlap = (a: Cell, b: Cell) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const best = [...values].sort((a, b) => overlap(b, label) - overlap(a, label))[0];
  if (best && overlap(best, label) > 0) return best;
  const gap = (a: Cell, b: Cell) => -overlap(a, b);
  const near = [...values].sort((a, b) => gap(a, label) - gap(b, label))[0];
  if (!near || gap(near, label) > COLUMN_SLACK) return undefined;
  const nearestLabel = [...labels].sort((a, b) => gap(near, a) - gap(near, b))[0];
  return nearestLabel === label ? near : undefined;
}

/**
 * A cell of a row of amount labels: any amount label, or a bare total word ("Base imponible   IVA 21%
 * TOTAL"), which in a row where every other cell is an amount label can only name the total.
 */
export function isRowLabel(ctx: Ctx, allLabels: RegExp[], text: string): boolean {
  return allLabels.some((re) => re.test(text)) || ctx.L.total.some((re) => re.test(text));
}

/** A row of labels alone ("Base imponible   IVA 21 %   R.E. 5,2 %   Total"): several cells, no amount but rates. */
export function isHeaderRow(text: string): boolean {
  const rates = new RegExp(RATE_PERCENT.source, 'g');
  return (
    text.includes('   ') && !findAmounts(blankDates(withoutBareRates(text)).replace(rates, blank)).length
  );
}

/** A usual rate glued to its tax's name without a percent sign ("IVA 21", "IRPF 15"): no amount. */
export const BARE_RATE =
  /\b((?:i\.?v\.?a|vat|igic|irpf|gst|sst|tva|btw|mwst)\.?) ?(\d{1,2})(?![\d%]|[.,]\d| ?[€$£%])/gi;

export const isUsualRate = (digits: string) => STANDARD_RATES.includes(Number(digits));

/** The text with each bare rate blanked (same length, so positions still match the line's words). */
export function withoutBareRates(text: string): string {
  return text.replace(BARE_RATE, (all, name: string, digits: string) =>
    isUsualRate(digits) ? name.padEnd(all.length) : all,
  );
}

/**
 * A postcode and its town ("04770 ADRA", "28005 MADRID"): beside a label on a text layer, an address,
 * never an amount (OCR may have lost the point of "124.50 EUR").
 */
export const POSTCODE_TOWN = /\b\d{5}(?=\s+\p{Lu}{2,}\b)/gu;
export const blank = (m: string) => ' '.repeat(m.length);

/** A rate with its percent sign after it ("21 %"), or before it in a rate label's cell ("MwSt.-% 19,0"). */
export const PERCENT_AFTER = new RegExp(RATE_PERCENT.source, 'g');
export const PERCENT_BEFORE = /%\s?:?\s?\d{1,2}(?:[.,]\d{1,2})?(?![\d.,]\d)/g;

/** The rate printed in a text: a percent ("21 %", "% 19,0"), else a bare rate after the tax's name ("IVA 21"). */
export function printedRate(text: string): number | undefined {
  const percent = RATE_PERCENT.exec(text) ?? /%\s?:?\s?(\d{1,2}(?:[.,]\d{1,2})?)(?![\d.,]\d)/.exec(text);
  if (percent) return Number(percent[1]!.replace(',', '.'));
  const bare = [...text.matchAll(BARE_RATE)].find((b) => isUsualRate(b[2]!));
  return bare ? Number(bare[2]) : undefined;
}

/** The first match of `label` in `text` at or after `from`. */
export function labelAt(label: RegExp, text: string, from: number): RegExpExecArray | null {
  const re = new RegExp(label.source, `${label.flags.replace('g', '')}g`);
  re.lastIndex = from;
  return re.exec(text);
}

/** The cell (3-space separated) of `text` holding position `at`. */
export function labelCell(text: string, at: number): string {
  const start = text.lastIndexOf('   ', at);
  const end = text.indexOf('   ', at);
  return text.slice(start < 0 ? 0 : start + 3, end < 0 ? text.length : end);
}
