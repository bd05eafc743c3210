/**
 * Labelled amounts: every amount printed after a label of its family (or under it, in a row of labels),
 * with the features the ranker reads (label tier, layout, print size, OCR agreement).
 */
import type { Line } from '../../text/layout.ts';
import { findAmounts, spaceInlineBase } from '../../text/numbers.ts';
import type { Box } from '../../types.ts';
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
} from '../context.ts';
import type { FAMILIES, Features } from '../ranker.ts';
import { ITEMS_HEADER_WORD } from './breakdown.ts';
import {
  blank,
  type Cell,
  COLUMN_SLACK,
  isHeaderRow,
  isRowLabel,
  labelAt,
  labelCell,
  ownLabelCell,
  PERCENT_AFTER,
  PERCENT_BEFORE,
  POSTCODE_TOWN,
  printedRate,
  singleAmount,
  valueUnder,
  withoutBareRates,
} from './cells.ts';

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
  /**
   * Only a reading fusion set aside holds this amount on its line ("2.50" where the chosen reading has
   * "92.50"): a candidate, but no proof in arithmetic.
   */
  setAside?: boolean;
  /** Tried with the opposite sign of its reading (a credit note whose minus OCR may have lost). */
  signFlipped?: boolean;
  /** The base printed inside a tax line's own phrase ("IVA 21 % s/98,02   20,58"), in cents. */
  onBase?: number;
  /** A sum of the VAT printed once per rate: each rate and its amount (cents), for the base they imply. */
  parts?: { rate: number; cents: number }[];
  /** What the ranker sees (absent for sums the consistency checks form). */
  features?: Features;
};

export type AmountCandidates = Record<(typeof FAMILIES)[number], AmountCand[]>;

/**
 * How far below a row of labels its row of values may start, in label-line heights: a table's padding
 * puts the values more than a line under their labels.
 */
const VALUE_ROW_GAP = 2.5;

/**
 * The base a tax line prints inside its own phrase: "s/98,02", "sobre 98,02", "on 98.02", "auf 100,00",
 * "sur 250,00", "base 98,02", "IVA (21 %) de 355,23" (the amount comes right after the word; OCR may glue
 * the Spanish words to it: "IVA[21%]de355,23").
 */
const PHRASE_BASE =
  /(?:\bs\/|\b(?:sobre|base|de)\s*(?=[€\d-]|eur\s)|\b(?:on|of|auf|sur|su|over|op)\s+)(?:€\s?|eur\s+)?(-?\d{1,3}(?:[.,\u00a0 ]\d{3})*[.,]\d{2}|-?\d+[.,]\d{2})(?!\d)/i;

/**
 * A ticket's tax line that opens with its base, then the rate and the tax's name ("41,33   21,00 % IVA
 * 8,68"; OCR may glue the base to the rate: "41.3321.00% IVA").
 */
const LEADING_BASE =
  /^\W*(-?\d{1,3}(?:[.,\u00a0 ]\d{3})*[.,]\d{2}|-?\d+[.,]\d{2})\s*\d{1,2}(?:[.,]\d{1,3})?\s?%\s*(?:i\.?v\.?a|vat|igic)\b/i;

/** The base printed in a tax line's phrase, in cents, and where it is. */
export function phraseBase(text: string): { cents: number; index: number; raw: string } | null {
  const phrase = PHRASE_BASE.exec(text);
  const m = phrase ?? LEADING_BASE.exec(text);
  if (!m) return null;
  const value = findAmounts(m[1]!)[0];
  if (!value) return null;
  // The phrase's base ends its match; the leading base opens it.
  const at = phrase ? m[0].length - m[1]!.length : m[0].indexOf(m[1]!);
  return { cents: Math.round(value.value * 100), index: m.index + at, raw: m[1]! };
}

const ROUNDED_TOTAL = /\bround(?:ed|ing)?\b(?!\s*ad[jil1.])|\btotal\s*rounded\b|\bnett?\s*total\b/i;
const STRONG_TOTAL =
  /\bround(?:ed|ing)?\b|\bredondeado\b|\bnett?\s*total\b|\bgrand\s*total\b|\btotal\s*a\s*pagar\b/i;

/** Both OCR engines read the words of this box the same (fused OCR), and how sure the engine was. */
export function readingFeatures(line: Line, box: Box): Features {
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
    ...ctx.L.amountDue,
    ...ctx.L.discount,
    /\b(?:i\.?v\.?a|vat|btw|mwst|ust|tva)(?:\b|(?=\d))/i,
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
      const excluded = (text: string, at: number) => {
        const own = ownCell(text, label, at);
        return exclude.some((re) => re.test(own) && !(isVat && /\btotal\s*(?:iva|vat|tax)/i.test(own)));
      };
      // Each place the label is printed on the line ("Valor sem IVA 4610,10 · IVA 23 % 1060,32", a row
      // "Total neto   IVA 21 %   Total"), less those inside an excluded label.
      const all = readings.map((line) => hitsOf(label, line.text));
      const kept = readings.map((line, r) => all[r]!.filter((at) => !excluded(line.text, at)));
      // A line any engine reads as an excluded label only (a subtotal, the change) gives no candidate; a
      // reading without the label is tested as a whole.
      if (
        readings.some((line, r) =>
          all[r]!.length ? !kept[r]!.length : excluded(line.text, line.text.length),
        )
      )
        continue;
      // Every engine's reading of the line, the chosen one first; one candidate per value.
      const found: AmountCand[] = [];
      const chosen = amountsIn(ctx, readings[0]!.text);
      readings.forEach((line, r) => {
        const hits = kept[r]!;
        // A row of labels pairs every kept label cell with its value at once.
        const starts = isHeaderRow(line.text) ? hits.slice(0, 1) : hits;
        const cands = starts.flatMap((at) =>
          amountsAfterLabel(ctx, labels, li, line, i, allLabels, at, (h) => hits.includes(h)),
        );
        for (const c of cands) {
          const same = found.find((x) => x.cents === c.cents);
          if (same) continue;
          if (r > 0) {
            c.features = { ...c.features, altReading: 1 };
            const cents = Math.abs(c.cents);
            if (!chosen.has(cents) && amountsIn(ctx, line.text).has(cents)) c.setAside = true;
          }
          found.push(c);
        }
      });
      out.push(...found);
    }
  }
}

/** The amounts a line's text holds, as cents without sign. */
function amountsIn(ctx: Ctx, text: string): Set<number> {
  return new Set(
    findAmounts(blankDates(ocrAmounts(ctx, text))).map((a) => Math.round(Math.abs(a.value) * 100)),
  );
}

/** Where `label` is printed in `text` (every start). */
function hitsOf(label: RegExp, text: string): number[] {
  return [...text.matchAll(new RegExp(label.source, `${label.flags.replace('g', '')}g`))].map(
    (m) => m.index ?? 0,
  );
}

/**
 * The amounts one reading of line `i` gives after `label` printed at `at` (or on the next line); in a
 * row of labels, only the label cells `kept` accepts are paired with values.
 */
function amountsAfterLabel(
  ctx: Ctx,
  family: RegExp[],
  li: number,
  line: Line,
  i: number,
  allLabels: RegExp[],
  at = 0,
  kept: (hit: number) => boolean = () => true,
): AmountCand[] {
  const out: AmountCand[] = [];
  const label = family[li]!;
  const m = labelAt(label, line.text, at);
  if (!m) return out;
  const fullTail = withoutBareRates(line.text).slice((m.index ?? 0) + m[0].length);
  // The value belongs to this label up to the next labelled cell ("Excl. BTW 593,36   Subtotaal 717,97").
  const cells = fullTail.split(/ {3}/);
  let cut = cells.length;
  // The label's own cell may hold its amount already ("IVA: 0,00 €   TOTAL:   30,00 €").
  let seenAmount = findAmounts(blankDates((cells[0] ?? '').replace(PERCENT_AFTER, ' '))).length > 0;
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
  // Inline, a bare total word ends the value too ("IVA 10 % 10,00 € · Total 352,00 €").
  const tail = inlineCut(
    [...allLabels, ...ctx.L.total],
    blankDates(ocrAmounts(ctx, spaceInlineBase(joined))),
  );
  // The rate printed in the label's own stretch ("IVA 23 % € 1004,33 · IVA 13 % € 14763,40": each its
  // own); the line's when the label is printed once.
  const from = m.index ?? 0;
  const rate =
    printedRate(line.text.slice(from, from + m[0].length + joined.length)) ??
    (hitsOf(label, line.text).length > 1 ? undefined : printedRate(line.text));
  // Read by OCR, one digit just after an amount ("5.983,78 6") is its currency sign misread.
  const amounts = findAmounts(
    ctx.ocr
      ? tail.replace(PERCENT_AFTER, ' ').replace(PERCENT_BEFORE, ' ')
      : tail.replace(PERCENT_AFTER, ' ').replace(PERCENT_BEFORE, ' ').replace(POSTCODE_TOWN, blank),
  ).filter(
    (a, k, all) =>
      // A text layer never prints money with a leading zero and no decimals ("04770": a postcode); OCR
      // may have lost the point of "0.50".
      !(!ctx.ocr && /^0\d+$/.test(a.raw)) &&
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
  if (!next || next.page !== line.page) return out;
  const headerRow = isHeaderRow(line.text);
  // A row of labels may have its values further down than a label's own value line.
  if (next.y - (line.y + line.h) >= line.h * (headerRow ? VALUE_ROW_GAP : 1.5)) return out;
  for (const nextLine of lineReadings(ctx, next)) {
    const nextText = ocrAmounts(ctx, nextLine.text);
    const a = findAmounts(nextText);
    const rest = a.length === 1 ? nextText.replace(a[0]!.raw, '').trim() : '';
    if (a.length === 1 && (rest.length < 4 || wrapsLabel(family, line.text, rest))) {
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
    if (a.length > 1 && headerRow && labelled.every((c) => isRowLabel(ctx, allLabels, c.text))) {
      // A row of labels with their values in the row below ("Base imponible   IVA 21%   IVA 10%   Total"):
      // the value cell under each cell this label names (one per VAT rate).
      const labelCells = splitCells(line).filter((c) => /[\p{L}\d]/u.test(c.text));
      // Every cell with a figure (a rate too) takes part in pairing; only an amount is read.
      const cells = splitCells(nextLine).filter((c) => /\d/.test(c.text));
      const seen = new Set<number>();
      for (const hit of line.text.matchAll(new RegExp(label.source, `${label.flags.replace('g', '')}g`))) {
        if (!kept(hit.index ?? 0)) continue;
        const labelBox = boxOf(line, hit.index ?? 0, hit[0].length);
        // The label's whole cell ("Retención IRPF 15%"), not the word matched.
        const cell = ownLabelCell(ctx, allLabels, line, labelCells, labelBox);
        const under = cell ? valueUnder(labelCells, cells, cell) : undefined;
        const value = under && singleAmount(ctx, under.text);
        if ((!under || seen.has(under.x)) && cell && !ctx.ocr) {
          // A row of values shorter than its row of labels: the last label's value (the total, in bigger
          // print) printed alone on a line below, in its column.
          const below = valueInColumn(ctx, line, i + 2, cell);
          const rate = printedRate(labelCell(line.text, hit.index ?? 0));
          if (below && !seen.has(below.cell.x)) out.push(columnCand(ctx, below, f, rate));
          continue;
        }
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
  if (!out.length && headerRow) out.push(...underTableHeader(ctx, label, line, i, f, allLabels, kept));
  if (!out.length && !ctx.ocr) out.push(...underLabelColumn(ctx, label, line, i, f, m.index ?? 0));
  return out;
}

/** Lines below a label its value may stand on, in its column, when nothing is beside or right under it. */
const COLUMN_LINES = 3;

/**
 * A text layer's value printed alone in the label's column a few lines down ("TOTAL" at the end of a row
 * of values, or of a row of labels with fewer values than labels, and "157,30 €" under it past a payment
 * line): the first cell below that overlaps the label's span and holds one amount and no words.
 */
function underLabelColumn(
  ctx: Ctx,
  label: RegExp,
  line: Line,
  i: number,
  f: Features,
  from: number,
): AmountCand[] {
  const m = labelAt(label, line.text, from);
  // An items table's header: the values under its "Total" column are line totals.
  if (!m || ITEMS_HEADER_WORD.test(line.text)) return [];
  const at = boxOf(line, m.index ?? 0, m[0].length);
  const cell = ownLabelCell(ctx, allAmountLabels(ctx), line, splitCells(line), at) ?? at;
  const found = valueInColumn(ctx, line, i + 1, cell);
  return found ? [columnCand(ctx, found, f)] : [];
}

type ColumnValue = { value: { value: number; raw: string }; cell: Cell; j: number };

/**
 * The value printed alone in a label cell's column on one of the COLUMN_LINES lines from `from` on: the
 * first cell that overlaps the label's span and holds one amount and no words. None when the column holds
 * several such values one under another (a table's, read as such elsewhere).
 */
function valueInColumn(
  ctx: Ctx,
  line: Line,
  from: number,
  cell: { x: number; w: number },
): ColumnValue | null {
  const valueUnderLabel = (row: Line) => {
    const under = splitCells(row).filter(
      (c) => c.x < cell.x + cell.w + COLUMN_SLACK && c.x + c.w > cell.x - COLUMN_SLACK,
    );
    if (under.length !== 1) return null;
    const value = singleAmount(ctx, under[0]!.text);
    if (!value || /\p{L}{2,}/u.test(under[0]!.text.replace(/\b(?:euros?|eur)\b/gi, ''))) return null;
    return { value, cell: under[0]! };
  };
  let prev = ctx.lines[from - 1] ?? line;
  for (let j = from; j < Math.min(ctx.lines.length, from + COLUMN_LINES); j++) {
    const row = ctx.lines[j]!;
    if (row.page !== line.page || row.y - (prev.y + prev.h) >= line.h * VALUE_ROW_GAP) break;
    prev = row;
    const found = valueUnderLabel(row);
    if (!found) continue;
    const after = ctx.lines[j + 1];
    if (
      after &&
      after.page === row.page &&
      after.y - (row.y + row.h) < line.h * VALUE_ROW_GAP &&
      valueUnderLabel(after)
    )
      return null;
    return { ...found, j };
  }
  return null;
}

function columnCand(ctx: Ctx, { value, cell, j }: ColumnValue, f: Features, rate?: number): AmountCand {
  const row = ctx.lines[j]!;
  const box = { page: row.page, x: cell.x, y: row.y, w: cell.w, h: row.h };
  return {
    cents: Math.round(value.value * 100),
    score: 0,
    box,
    ...(rate != null ? { rate } : {}),
    line: j,
    integer: !/[.,]\d{1,2}\b/.test(value.raw),
    features: { ...f, nextLine: 1, lowOnPage: j / ctx.lines.length, ...readingFeatures(row, box) },
  };
}

/** Rows of values a summary table may print under its header (one per rate, then the sums). */
const MAX_VALUE_ROWS = 4;
/** A table header names at least this many amount cells to be read as a summary table's. */
const MIN_TABLE_LABELS = 2;

/**
 * A summary table: a header row naming several amounts among other cells ("Warenwert   Zu-/Abschlag
 * Nettobetrag   MwSt-Betrag   MwSt-%   Endbetrag") over rows of values only (no words: not a goods
 * table), one per rate and the sums last. Each row's value in this label's column is a candidate, placed
 * on its own row (the sums, lowest, rank first).
 */
function underTableHeader(
  ctx: Ctx,
  label: RegExp,
  line: Line,
  i: number,
  f: Features,
  allLabels: RegExp[],
  kept: (hit: number) => boolean,
): AmountCand[] {
  const out: (AmountCand & { hit: number })[] = [];
  const labelCells = splitCells(line).filter((c) => /[\p{L}\d]/u.test(c.text));
  const named = labelCells.filter((c) => isRowLabel(ctx, allLabels, c.text)).length;
  if (labelCells.length < 3 || named < MIN_TABLE_LABELS) return out;
  const hits = [...line.text.matchAll(new RegExp(label.source, `${label.flags.replace('g', '')}g`))].filter(
    (h) => kept(h.index ?? 0),
  );
  let prev = line;
  for (let j = i + 1; j < Math.min(ctx.lines.length, i + 1 + MAX_VALUE_ROWS); j++) {
    const row = ctx.lines[j]!;
    if (row.page !== line.page || row.y - (prev.y + prev.h) >= line.h * VALUE_ROW_GAP) break;
    const text = ocrAmounts(ctx, row.text);
    const words = text.replace(/\b(?:euros?|eur|usd|gbp|chf)\b/gi, '');
    if (/\p{L}{3,}/u.test(words) || findAmounts(blankDates(text)).length < 2) break;
    prev = row;
    const cells = splitCells(row).filter((c) => /\d/.test(c.text));
    for (const hit of hits) {
      const labelBox = boxOf(line, hit.index ?? 0, hit[0].length);
      const cell = ownLabelCell(ctx, allLabels, line, labelCells, labelBox);
      const under = cell ? valueUnder(labelCells, cells, cell) : undefined;
      const value = under && singleAmount(ctx, under.text);
      if (!under || !value) continue;
      const box = { page: row.page, x: under.x, y: row.y, w: under.w, h: row.h };
      out.push({
        hit: hit.index ?? 0,
        cents: Math.round(value.value * 100),
        score: 0,
        box,
        rate: printedRate(labelCell(line.text, hit.index ?? 0)),
        line: j,
        integer: !/[.,]\d{1,2}\b/.test(value.raw),
        features: { ...f, nextLine: 1, lowOnPage: j / ctx.lines.length, ...readingFeatures(row, box) },
      });
    }
  }
  return [...out.map(({ hit: _, ...c }) => c), ...columnSums(out)];
}

/**
 * A summary table's rows without a row of sums (a ticket's "Tipo   Base   Iva   Total" with one row per
 * rate): the sum of each label's column is a candidate too, on the last row, unless that last row already
 * prints the sum of the rows above it.
 */
function columnSums(cands: (AmountCand & { hit: number })[]): AmountCand[] {
  const byHit = new Map<number, (AmountCand & { hit: number })[]>();
  for (const c of cands) byHit.set(c.hit, [...(byHit.get(c.hit) ?? []), c]);
  const out: AmountCand[] = [];
  for (const rows of byHit.values()) {
    if (rows.length < 2 || rows.some((c) => c.integer)) continue;
    const last = rows.at(-1)!;
    const above = rows.slice(0, -1).reduce((sum, c) => sum + c.cents, 0);
    if (last.cents === above) continue;
    const { hit: _, rate: __, ...c } = last;
    out.push({
      ...c,
      cents: above + last.cents,
      features: { ...c.features, columnSum: 1 },
    });
  }
  return out;
}

/**
 * The words beside the value on the next line finish the label ("TOTAL" over "FACTURA   8.753,85 €",
 * a narrow cell's label wrapped around its value): together they make a label of the same family the
 * line alone is not.
 */
function wrapsLabel(family: RegExp[], text: string, rest: string): boolean {
  const joined = `${text.trim()} ${rest}`;
  return family.some((re) => re.test(joined) && !re.test(text));
}

/**
 * An inline block of labelled amounts ("Base imponible: 200,00, IVA 21%: 42,00, Total: 242,00"): the
 * label's value ends where the next amount label starts after its first amount.
 */
function inlineCut(allLabels: RegExp[], tail: string): string {
  const first = findAmounts(tail)[0];
  if (!first) return tail;
  const from = first.index + first.raw.length + 1;
  let cut = tail.length;
  for (const re of allLabels) {
    const m = new RegExp(re.source, re.flags.replace('g', '')).exec(tail.slice(from));
    if (m && from + m.index < cut) cut = from + m.index;
  }
  return tail.slice(0, cut);
}

/**
 * What an exclusion is tested on: the label's own cell in a row of labels (nothing when this reading of
 * the row garbled the label: its other cells are other labels); on a line that holds several labelled
 * amounts inline, the label's own stretch (from the amount before it to the first amount after it);
 * else the whole line.
 */
function ownCell(text: string, label: RegExp, from = 0): string {
  const m = labelAt(label, text, from);
  if (!isHeaderRow(text)) {
    if (!m) return text;
    const at = m.index ?? 0;
    const before = findAmounts(blankDates(text.slice(0, at))).at(-1);
    const start = before ? before.index + before.raw.length : 0;
    const after = findAmounts(blankDates(spaceInlineBase(text.slice(at)))).at(0);
    return text.slice(start, after ? at + after.index + after.raw.length : text.length);
  }
  return m ? labelCell(text, m.index ?? 0) : '';
}
