/** Line items: a table under a header row (description and amount columns), rows read by column. */

import { joinWords, type Line } from '../../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal, parseAmount } from '../../text/numbers.ts';
import type { LineItem } from '../../types.ts';
import { type Ctx, LEGAL_FOOTER, splitCells } from '../context.ts';
import {
  amountReadings,
  closingReadings,
  documentWords,
  isSpeck,
  rowCells,
  STOP_ROW,
  toCentsNum,
} from './cells.ts';
import { type Column, HEADER_DESC, headerColumns, isHeader, NOISE } from './header.ts';
import { closingRows, countedLines } from './headerless.ts';
import { dropTallSpecks, unstackDigits } from './stacked.ts';

/**
 * The running sum a paginated table carries from page to page ("Suma y sigue", "Suma anterior",
 * "Carried forward"): no item, and not the table's end.
 */
const CARRY_ROW =
  /\b(?:suma\s*y\s*sigue|suma\s*anterior|a\s*trasladar|carried\s*forward|brought\s*forward|übertrag)\b/i;

/** A receipt item's second line, under its description: the count times the unit price ("4 x 14,93"). */
const COUNT_TIMES_PRICE = /^(\d{1,4}(?:[.,]\d{1,3})?)\s*[x×*]\s*(\d[\d.,]*[.,]\d{2})\s*€?$/u;

/**
 * A word under the quantity's name (its name's extent, 0.01 either side) with no digit in any engine's
 * reading, no rule: a quantity OCR saw but could not read. False when the header names no quantity.
 */
function markInQuantity(row: Line, cols: Column[]): boolean {
  const qtyCol = cols.find((c) => c.kind === 'qty');
  if (!qtyCol) return false;
  return row.words.some((w) => {
    const cx = w.x + w.w / 2;
    const readings = [w.text, ...(w.alternatives ?? []).map((a) => a.text)];
    const under = cx >= qtyCol.x - 0.01 && cx <= qtyCol.right + 0.01;
    return under && !NOISE.test(w.text.trim()) && !readings.some((r) => /\d/.test(r));
  });
}

/** A rate as printed: up to 30 %. */
const asRate = (raw: string) => {
  const v = parseAmount(raw.replace(/%/g, '').trim(), { decimalsHint: ',' });
  return v != null && v >= 0 && v <= 30 ? v : null;
};

/** The rates a document prints with their sign ("21%"), by any engine. */
function printedRates(lines: Line[]): Set<number> {
  const memo = RATES.get(lines);
  if (memo) return memo;
  const out = new Set<number>();
  for (const l of lines)
    for (const w of l.words)
      for (const t of [w.text, ...(w.alternatives ?? []).map((a) => a.text)]) {
        const v = /^\d{1,2}(?:[.,]\d{1,2})?\s?%$/.test(t.trim()) ? asRate(t) : null;
        if (v != null) out.add(v);
      }
  RATES.set(lines, out);
  return out;
}
const RATES = new WeakMap<Line[], Set<number>>();

/**
 * A row's VAT rate: the first reading of its cell that is a rate (30 % at most); the other engine's when
 * the chosen one is none ("218" for "21%", the sign read as a digit). With no reading a rate, one whose
 * last character is the sign misread ("219", "21$") gives the rest, when the document prints that rate
 * with its sign elsewhere.
 */
function rateReading(raws: string[], printed: ReadonlySet<number>): number | null {
  for (const raw of raws) {
    const v = asRate(raw);
    if (v != null) return v;
  }
  for (const raw of raws) {
    const t = raw.trim();
    const v = /^\d{1,2}\S$/.test(t) ? asRate(t.slice(0, -1)) : null;
    if (v != null && printed.has(v)) return v;
  }
  return null;
}

/**
 * An amount OCR read short of its last digit ("771,1" for 771,12): one decimal printed, and quantity ×
 * price (`exact`) is that reading with one more digit.
 */
function cutShort(raw: string, exact: number, read: number): boolean {
  if (!/^-?[\d.,]*[.,]\d$/.test(raw.replace(/[€\s]/g, ''))) return false;
  const cents = toCentsNum(exact);
  return cents !== toCentsNum(read) && Math.trunc(cents / 10) * 10 === toCentsNum(read);
}

/** One table row read by column, or null when it carries no amount. */
function readRow(
  ctx: Ctx,
  row: Line,
  cols: Column[],
  descCol: Column | undefined,
  qtyInDesc: boolean,
  lead: string | null = null,
): { item: LineItem | null; desc: string; numbers: number; closes: boolean; counted?: boolean } {
  const { desc: rawDesc, cells } = rowCells(row, cols, descCol, ctx.ocr, documentWords(ctx.lines));
  // Numbers with no words of their own: the description is the line printed above them. So is it for
  // "4 x 14,93" in the description's column: the count and the unit price of the line above.
  const times = lead ? COUNT_TIMES_PRICE.exec(rawDesc.trim()) : null;
  let desc = times ? lead! : rawDesc || lead || '';
  // "Menge Beschreibung" in one header cell: the quantity is printed at the start of the description.
  let glued: string | null = null;
  const hasQty = [...cells.keys()].some((c) => c.kind === 'qty');
  if (qtyInDesc && !hasQty) {
    const q = /^(\d{1,4}(?:[.,]\d{1,3})?)\s+(?=\p{L})/u.exec(desc);
    if (q) {
      glued = q[1]!;
      desc = desc.slice(q[0].length);
    }
  }
  const out = { item: null, desc, numbers: cells.size, closes: false };
  if (!cells.size || !desc || !/\p{L}{2,}/u.test(desc)) return out;
  const item: LineItem = { description: desc };
  const count = glued ?? times?.[1];
  let qty: number | null = count != null ? parseAmount(count, { decimalsHint: ',' }) : null;
  // Every engine's reading of the quantity, the chosen one first: the one that closes is taken.
  const qtys: number[] = [];
  let prices: number[] = [];
  let totals: number[] = [];
  let disc = 0;
  let totalRaw = '';
  for (const [col, cell] of cells) {
    let raws = [cell.raw, ...cell.readings];
    // A price or an amount OCR read with a "%" for its mark ("4713%€"): the engine's reading without it.
    const markAsPercent =
      (col.kind === 'price' || col.kind === 'total') &&
      /%/.test(cell.raw) &&
      cell.readings.some((r) => !/%/.test(r));
    if (markAsPercent) raws = cell.readings.filter((r) => !/%/.test(r));
    const percent = /%/.test(cell.raw) && !markAsPercent;
    if (col.kind === 'rate' || (percent && col.kind !== 'disc' && item.vat_rate == null)) {
      if (col.kind !== 'rate' && col.kind !== 'other') continue;
      const v = rateReading([cell.raw, ...cell.readings], printedRates(ctx.lines));
      if (v != null) item.vat_rate = minimalDecimal(v);
    } else if (col.kind === 'disc') {
      const v = parseAmount(cell.raw.replace(/%/g, '').trim(), { decimalsHint: ',' });
      if (v != null && v > 0 && v < 100) disc = v;
    } else if (col.kind === 'qty') {
      for (const r of raws) {
        const raw = r.replace(/\s*\p{L}+\.?$/u, '');
        const v = parseAmount(raw, { decimalsHint: raw.includes(',') ? ',' : '.' });
        if (v != null && !qtys.includes(v)) qtys.push(v);
      }
      qty = qtys[0] ?? qty;
    } else if (col.kind === 'price') {
      prices = [...new Set(raws.flatMap((r) => amountReadings(r, ctx.ocr)))];
    } else if (col.kind === 'total') {
      totals = [...new Set(raws.flatMap((r) => amountReadings(r, ctx.ocr)))];
      totalRaw = cell.raw;
    }
  }
  if (times && !prices.length) prices = amountReadings(times[2]!, ctx.ocr);
  // A column the header does not name ("oty" for "Qty", "INPORTE"): its number is the quantity, or the
  // amount, when quantity × price = amount closes with it.
  for (const [col, cell] of cells) {
    if (col.kind !== 'other' || /%/.test(cell.raw) || !prices.length) continue;
    if (qty == null && totals.length) {
      const v = parseAmount(cell.raw, { decimalsHint: ',' });
      if (v != null && v > 0 && closingReadings(v, prices, totals, disc)) qty = v;
    } else if (qty != null && !totals.length) {
      const readings = [cell.raw, ...cell.readings].flatMap((r) => amountReadings(r, ctx.ocr));
      const hit = closingReadings(qty, prices, readings, disc);
      if (hit) totals = [hit.total];
    }
  }
  // A "1" OCR read as a mark ("√") under the quantity's name: when the price is the amount, it is one.
  if (qty == null && !disc && prices.some((p) => totals.includes(p)) && markInQuantity(row, cols)) qty = 1;
  // A minus the quantity lost ("3" by "-2.637,33" on a credit note): the amount as read keeps its sign
  // when minus the quantity × price closes on it.
  if (qty != null && qty > 0 && totals[0] != null && totals[0] < 0 && prices.some((p) => p > 0)) {
    if (closingReadings(-qty, prices, [totals[0]], disc)) qty = -qty;
  }
  // The minus the amount lost ("-19" by "406,03"): on a scan, the amount takes the quantity's sign when
  // it closes so.
  if (ctx.ocr && qty != null && qty < 0 && totals[0] != null && totals[0] > 0 && prices.some((p) => p > 0)) {
    if (closingReadings(qty, prices, [-totals[0]], disc)) totals = totals.map((t) => -t);
  }
  let closes = false;
  if (qty != null && prices.length && totals.length) {
    // The chosen reading of the quantity first, the other engine's when only it closes.
    for (const q of qtys.length && qtys[0] === qty ? qtys : [qty]) {
      const hit = closingReadings(q, prices, totals, disc);
      if (!hit) continue;
      qty = q;
      prices = [hit.price];
      totals = [hit.total];
      closes = true;
      break;
    }
  }
  if (closes && ctx.ocr && cutShort(totalRaw, qty! * prices[0]! * (1 - disc / 100), totals[0]!))
    totals = [toCentsNum(qty! * prices[0]! * (1 - disc / 100)) / 100];
  if (qty != null) item.quantity = minimalDecimal(qty);
  if (prices.length) item.unit_price = minimalDecimal(prices[0]!);
  if (totals.length) item.line_total = centsToString(toCentsNum(totals[0]!));
  if (item.line_total == null && item.unit_price == null) return out;
  return { item, desc, numbers: cells.size, closes, counted: !!times };
}

/**
 * A table row OCR cut into lines (a skewed scan's quantity, a description's first word set apart): the
 * lines after `lines[j]` that lie within its height, their words beside its words, not under them, join
 * it. `last` is the last line joined.
 */
function joinSplitRow(lines: Line[], j: number): { row: Line; last: number } {
  let row = lines[j]!;
  let k = j;
  for (let n = j + 1; n < lines.length; n++) {
    const next = lines[n]!;
    const within = next.y >= row.y - next.h * 0.25 && next.y + next.h <= row.y + row.h + next.h * 0.25;
    if (next.page !== row.page || !within) break;
    // A line no word of which both engines saw is dirt, not part of the row; a line past it may be ("IVA"
    // under the header's line, a speck read as "E" between them).
    const read = next.words.some((w) => new Set((w.alternatives ?? []).map((a) => a.engine)).size > 1);
    if (!read) continue;
    // Rules and specks ("|", "f———") may lie anywhere: only words of substance decide.
    const solid = (w: Line['words'][number]) => !isSpeck(w) && /[\p{L}\d]{2}|^\d$/u.test(w.text.trim());
    const under = next.words
      .filter(solid)
      .some((w) => row.words.filter(solid).some((v) => w.x < v.x + v.w && v.x < w.x + w.w));
    if (under) break;
    const words = [...row.words, ...next.words].sort((a, b) => a.x - b.x);
    const x = Math.min(row.x, next.x);
    const right = Math.max(row.x + row.w, next.x + next.w);
    row = { ...row, words, x, w: right - x, text: joinWords(words, row.aspect) };
    k = n;
  }
  return { row, last: k };
}

/** A line's words as one text, rules and specks left out. */
const wordsOf = (row: Line) =>
  row.words
    .map((w) => w.text.trim())
    .filter((t) => t && !NOISE.test(t))
    .join(' ');

/** Past this share of the page's width a table's header leaves room for a sidebar at its left. */
const INSET_TABLE_X = 0.3;

/**
 * A sidebar beside the table ("Número de   A2023/0207" left of "Descripción   Cantidad …"): when the
 * header's first named column is the description's and only unnamed cells come before it, those cells and
 * the words under them (from halfway to the description leftwards) are no part of the table; under a
 * header that starts past INSET_TABLE_X, neither are words that end left of it (0.02: a gutter). A row
 * left empty is skipped.
 */
function besideSidebar(header: Line, cols: Column[]): { cols: Column[]; clip: (row: Line) => Line | null } {
  const first = cols.findIndex((c) => c.kind !== 'other');
  const sidebarCells = first >= 1 && cols[first]!.kind === 'desc';
  const keep = sidebarCells
    ? (w: Line['words'][number]) => w.x >= (cols[first - 1]!.right + cols[first]!.x) / 2
    : header.x > INSET_TABLE_X
      ? (w: Line['words'][number]) => w.x + w.w > header.x - 0.02
      : null;
  if (!keep) return { cols, clip: (row) => row };
  const clip = (row: Line): Line | null => {
    const words = row.words.filter(keep);
    if (words.length === row.words.length) return row;
    if (!words.length) return null;
    const x = words[0]!.x;
    const right = Math.max(...words.map((w) => w.x + w.w));
    return { ...row, words, x, w: right - x, text: joinWords(words, row.aspect) };
  };
  return { cols: sidebarCells ? cols.slice(first) : cols, clip };
}

export function findLineItems(ctx: Ctx): LineItem[] {
  const items: LineItem[] = [];
  // Specks as tall as several rows left out; a column's digits OCR read as one word across rows: one per row.
  const lines = ctx.ocr ? unstackDigits(dropTallSpecks(ctx.lines)) : ctx.lines;
  // One table per page; a table continued on the next page repeats its header there, or (a scan cut
  // into pages) goes on under the same columns.
  let lastTablePage = 0;
  for (let i = 0; i < lines.length; i++) {
    let header = lines[i]!;
    // A header OCR cut in two lines on a skewed scan ("Concepto" set just under "Ref.   Uds. …", "Precio"
    // under "Descripción   Cantidad   Importe").
    if (ctx.ocr) {
      const joined = joinSplitRow(lines, i);
      if (joined.last > i && isHeader(joined.row)) {
        header = joined.row;
        i = joined.last;
      }
    }
    if (!isHeader(header)) continue;
    const headerCols = headerColumns(header);
    if (!headerCols.some((c) => c.kind === 'total' || c.kind === 'price')) continue;
    if (items.length && header.page <= lastTablePage) continue;
    const { cols, clip } = besideSidebar(header, headerCols);
    const descCol = cols.find((c) => c.kind === 'desc');
    // "Menge Beschreibung" in one header cell, or a quantity column just left of the description's: the
    // quantity is printed at the start of the description.
    const qtyCol = cols.find((c) => c.kind === 'qty');
    const qtyInDesc =
      splitCells(header).some(
        (c) => HEADER_DESC.test(c.text) && /cant|qty|quantity|menge|aantal|hoeveelheid/i.test(c.text),
      ) ||
      (!!qtyCol && !!descCol && qtyCol.right <= descCol.x);
    lastTablePage = header.page;
    let pending: LineItem | null = null;
    let lead: string | null = null;
    let page = header.page;
    // On a page the table goes on to without a header: rows only once one reads as a full row.
    let carried = false;
    let prev: Line = header;
    for (let j = i + 1; j < lines.length; j++) {
      const joined = ctx.ocr ? joinSplitRow(lines, j) : { row: lines[j]!, last: j };
      j = joined.last;
      const row = clip(joined.row);
      if (!row) continue;
      if (row.page !== page) {
        // The table reached the page's end: it may go on at the top of the next page.
        if (row.page !== page + 1 || !ctx.ocr) break;
        page = row.page;
        carried = true;
        pending = null;
      } else if (!carried && row.y - (prev.y + prev.h) > 0.08) break;
      if (carried && isHeader(row)) break;
      if (CARRY_ROW.test(row.text)) {
        prev = row;
        continue;
      }
      if (STOP_ROW.test(row.text) && findAmounts(row.text).length <= 2 && !/^\s*\d/.test(row.text)) break;
      const read = readRow(ctx, row, cols, descCol, qtyInDesc, lead);
      if (carried) {
        // Letterhead repeated at the top of the page: skipped until a row closes (quantity × price =
        // amount) or fills two numeric columns; past the top third, the table is not there.
        if (!read.item || !(read.closes || read.numbers >= 3)) {
          if (row.y > 0.35) break;
          continue;
        }
        carried = false;
        lastTablePage = page;
      }
      // A description line ending in a number set near the next column ("… rollo 100"), no row of its own.
      const wordsEndingInNumber = !read.item && read.numbers === 1 && /\p{L}{3,}/u.test(read.desc);
      if (!read.numbers || wordsEndingInNumber) {
        // continuation of the previous description
        if (LEGAL_FOOTER.test(row.text)) break;
        const desc = wordsEndingInNumber ? wordsOf(row) : read.desc;
        // Within the description's column (a skewed scan may start it a little left of its header) and
        // clear of the next column right of it.
        const nextCols = cols.filter((c) => c !== descCol && c.x > row.x);
        const inColumn =
          (!descCol || row.x >= descCol.x - 0.02) &&
          (!ctx.ocr || row.x + row.w < Math.min(...nextCols.map((c) => c.x), 1));
        // Specks read as letters: a line far flatter than the print, or one engine's unsure reading alone.
        const speck =
          ctx.ocr &&
          (row.h < ctx.medH * 0.4 ||
            row.words.every((w) => w.conf < 0.5 && (w.alternatives ?? []).length <= 1));
        const wordy =
          !speck &&
          !!desc &&
          desc.length < 80 &&
          !/^(?:ref|sku|art)/i.test(desc) &&
          (!ctx.ocr || /\p{L}{3,}/u.test(desc));
        const wording = wordy && inColumn;
        // The first line of the next row's description, printed above its numbers: the row right under
        // it carries an amount, and it sits nearer that row than the row before (or no row is before), or
        // that row is the count times the price ("4 x 14,93"), which never goes on from a row above (on a
        // till roll a long description runs under the amount's column). That row as OCR may have cut it (its
        // numbers on a line of their own inside a taller word's).
        const next = j + 1 < lines.length && ctx.ocr ? joinSplitRow(lines, j + 1).row : lines[j + 1];
        const below =
          wordy && next && next.page === row.page && next.y - row.y < 0.03
            ? readRow(ctx, clip(next) ?? next, cols, descCol, qtyInDesc, desc)
            : null;
        const leads =
          !!below?.item &&
          (below.counted || (wording && (!pending || next!.y - row.y < row.y - prev.y - 0.003)));
        if (leads) lead = desc;
        else if (pending && wording && row.y - prev.y < 0.03 && items.length < 200) {
          if (pending.description.length < 160) pending.description = `${pending.description} ${desc}`.trim();
        }
        prev = row;
        continue;
      }
      prev = row;
      const before = lead;
      lead = null;
      if (!read.item) continue;
      if (before && read.item.description !== before)
        read.item.description = `${before} ${read.item.description}`;
      items.push(read.item);
      pending = read.item;
    }
  }
  if (items.length) return items;
  const counted = countedLines(ctx);
  return counted.length ? counted : closingRows(ctx);
}
