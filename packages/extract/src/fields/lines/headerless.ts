/** Line items printed without a header row: rows that close on their own, and a ticket's counted rows. */

import { centsToString, minimalDecimal, parseAmount } from '../../text/numbers.ts';
import type { LineItem } from '../../types.ts';
import { type Ctx, splitCells } from '../context.ts';
import {
  amountReadings,
  closingReadings,
  isNumericCell,
  numericText,
  STOP_ROW,
  toCentsNum,
} from './cells.ts';

/**
 * Rows of a table printed without a header row: a description, then a quantity, a unit price and an
 * amount (a rate between them or not) in cells of their own. A row is kept only where quantity × price =
 * amount closes, and only two or more such rows on a page make a table.
 */
export function closingRows(ctx: Ctx): LineItem[] {
  const out: LineItem[] = [];
  let run: LineItem[] = [];
  let runPage = 0;
  const flush = () => {
    if (run.length >= 2) out.push(...run);
    run = [];
  };
  for (const line of ctx.lines) {
    if (line.page !== runPage) flush();
    runPage = line.page;
    const cells = splitCells(line).map((c) => c.text.trim());
    if (cells.length < 4 || STOP_ROW.test(cells[0]!)) continue;
    const desc = cells[0]!;
    if (!/\p{L}{3,}/u.test(desc)) continue;
    const rest = cells.slice(1).map((c) => numericText(c, ctx.ocr));
    if (rest.length > 4 || !rest.every((c) => isNumericCell(c))) continue;
    const rate = rest.find((c) => /%/.test(c));
    const nums = rest.filter((c) => !/%/.test(c));
    if (nums.length !== 3) continue;
    const qty = parseAmount(nums[0]!.replace(/\s*\p{L}+\.?$/u, ''), { decimalsHint: ',' });
    const prices = amountReadings(nums[1]!, ctx.ocr);
    const totals = amountReadings(nums[2]!, ctx.ocr);
    if (qty == null || !qty || !prices.length || !totals.length) continue;
    const hit = closingReadings(qty, prices.slice(0, 1), totals.slice(0, 1), 0);
    if (!hit) continue;
    const item: LineItem = {
      description: desc,
      quantity: minimalDecimal(qty),
      unit_price: minimalDecimal(hit.price),
      line_total: centsToString(toCentsNum(hit.total)),
    };
    const r = rate ? parseAmount(rate.replace(/%/g, '').trim(), { decimalsHint: ',' }) : null;
    if (r != null && r >= 0 && r <= 30) item.vat_rate = minimalDecimal(r);
    run.push(item);
  }
  flush();
  return out;
}

/** "3 x Pan de molde   41,79" or "2 x Café   1,20   2,40": a ticket's rows, printed without a table header. */
const COUNTED_ROW =
  /^\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*[x×*]\s+(\p{L}.*?)\s{3}(?:([-−]?\d[\d.,]*)\s*€?\s{3})?([-−]?\d[\d.,]*\d)\s*€?\s*$/u;

/** A ticket row's start: a count and "x" ("3 x …"). */
const COUNTED_START = /^\s*\d{1,3}(?:[.,]\d{1,3})?\s*[x×*]\s/;

/**
 * A ticket row wrapped over the lines under its first one (line `i`): its amount, on a line of its own or
 * after the description's end ("5 L   53,20"), and the wording around it. `amount` is one already read
 * on the first line; then only wording is taken. `end` is the first line not part of the row.
 */
function wrappedRow(
  ctx: Ctx,
  i: number,
  first: string,
  amount: string | null,
): { desc: string; amount: string | null; end: number } {
  const lines = ctx.lines;
  let desc = first;
  let j = i + 1;
  for (; j < Math.min(lines.length, i + 3); j++) {
    const next = lines[j]!;
    if (next.page !== lines[i]!.page || next.y - lines[j - 1]!.y > 0.03) break;
    let t = next.text.trim();
    // The decimal mark OCR lost between an amount's digits ("5 72"), on a line of its own.
    if (ctx.ocr && !amount && /^\d{1,5} \d{2}$/.test(t)) t = t.replace(' ', ',');
    // The description's end and the amount on one line ("5 L   53,20").
    const tail = amount ? null : /^(\S.*?)\s{2,}([-−]?\d[\d.,]*[.,]\d{2})\s*€?$/u.exec(t);
    if (!amount && /^[-−]?\d[\d.,]*[.,]\d{2}\s*€?$/.test(t)) amount = t.replace(/\s*€$/, '');
    else if (tail && tail[1]!.length < 40 && !STOP_ROW.test(tail[1]!) && !COUNTED_START.test(tail[1]!)) {
      desc = `${desc} ${tail[1]}`;
      amount = tail[2]!;
      j++;
      break;
    } else if (
      amount &&
      !COUNTED_ROW.test(t) &&
      !COUNTED_START.test(t) &&
      !STOP_ROW.test(t) &&
      /\p{L}/u.test(t) &&
      t.length < 40
    )
      desc = `${desc} ${t}`;
    else break;
  }
  return { desc, amount, end: j };
}

/**
 * A line's last cell, an amount OCR read with spaces between its characters ("1 x Menú   1 1, 21"), put
 * back together; single spaces only, so two cells ("1,20   2,40") stay apart.
 */
function unspacedAmount(text: string): string {
  return text.replace(
    /(?<=\S {3})([-−]?\d(?:[\d.,]| (?! ))*\d)(\s*€?\s*)$/u,
    (_, num: string, end: string) =>
      /^[-−]?\d{1,3}(?: \d{3})*(?:,\d{2})?$/.test(num) ? num + end : num.replace(/ /g, '') + end,
  );
}

/**
 * Rows of a table with no header: a count, "x", a description and the amount. Two or more in a row make a
 * table; where quantity × unit price = the amount, the unit price is kept (read or derived exactly).
 */
export function countedLines(ctx: Ctx): LineItem[] {
  const rows: LineItem[] = [];
  let run: LineItem[] = [];
  const flush = () => {
    if (run.length >= 2) rows.push(...run);
    run = [];
  };
  const lines = ctx.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A speck OCR read as a mark ("’") between two rows does not end them.
    if (!/[\p{L}\d]/u.test(line.text)) continue;
    const text = ctx.ocr ? unspacedAmount(line.text) : line.text;
    let m = COUNTED_ROW.exec(text);
    // A row wrapped by a narrow ticket: "3 x Cable eléctrico 2,5 mm rollo" / "38,91" / "100 m".
    const head = m ? null : /^\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*[x×*]\s+(\p{L}.*?)\s*$/u.exec(text);
    if (head) {
      let row = wrappedRow(ctx, i, head[2]!, null);
      // The amount OCR set on the description's first line, a word's width from its end ("… rollo 38,91"),
      // taken only when no line under it carries one.
      const own = ctx.ocr ? /^(.*\p{L}.*?)\s+([-−]?\d[\d.,]*[.,]\d{2})$/u.exec(head[2]!) : null;
      if (!row.amount && own) row = wrappedRow(ctx, i, own[1]!, own[2]!);
      if (row.amount) {
        m = COUNTED_ROW.exec(`${head[1]} x ${row.desc}   ${row.amount}`);
        i = row.end - 1;
      }
    }
    if (!m || STOP_ROW.test(m[2]!)) {
      flush();
      continue;
    }
    const qty = parseAmount(m[1]!, { decimalsHint: ',' });
    const total = parseAmount(m[4]!.replace('−', '-'));
    if (qty == null || total == null || qty === 0) {
      flush();
      continue;
    }
    const totalCents = Math.round(total * 100);
    const item: LineItem = {
      description: m[2]!.trim(),
      quantity: minimalDecimal(qty),
      line_total: centsToString(totalCents),
    };
    const unit = m[3] ? parseAmount(m[3].replace('−', '-')) : null;
    const unitCents = unit != null ? Math.round(unit * 100) : totalCents / qty;
    // Kept only when it closes: quantity × unit price = the amount, to the cent.
    if (Number.isInteger(unitCents) && Math.abs(Math.round(unitCents * qty) - totalCents) < 1)
      item.unit_price = minimalDecimal(unitCents / 100);
    run.push(item);
  }
  flush();
  return rows;
}
