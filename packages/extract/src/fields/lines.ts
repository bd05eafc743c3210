/** Line items: a table under a header row (description and amount columns), rows read by column. */

import type { Line } from '../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal, parseAmount } from '../text/numbers.ts';
import type { LineItem, VatBreakdownEntry } from '../types.ts';
import { type Ctx, LEGAL_FOOTER, splitCells } from './context.ts';

const HEADER_DESC =
  /\b(?:descripci[óo]n|concepto|art[íi]culo|producto|detalle|description|item|items|product|service|servicio|bezeichnung|beschreibung|artikel|leistung|d[ée]signation|libell[ée]|omschrijving)\b/i;
const HEADER_AMOUNT =
  /\b(?:importe|total|amount|precio|price|betrag|gesamt|montant|prix|bedrag|prijs|subtotal|unit|uds|cantidad|qty|quantity|aantal|menge|preis)\b/i;
const STOP_ROW =
  /\b(?:base\s*imponible|subtotal|subtotaal|sub-total|total|totaal|suma|summe|netto|exclusief|iva\s*\d|vat\s*\d|btw\s*\d|forma\s*de\s*pago|payment|observaciones|notes?|iban|vencimiento)\b/i;

type Column = { kind: 'qty' | 'price' | 'total' | 'rate' | 'desc' | 'other'; x: number; right: number };

function headerColumns(line: Line): Column[] {
  const cols: Column[] = [];
  for (const cell of splitCells(line)) {
    const t = cell.text.toLowerCase();
    let kind: Column['kind'] = 'other';
    if (HEADER_DESC.test(t)) kind = 'desc';
    else if (/cant|qty|quantity|uds|unid|menge|qt[ée]|aantal|hoeveelheid|units?$|hours|horas/.test(t))
      kind = 'qty';
    else if (/rabatt|discount|descuento|dto\.?|korting|remise/.test(t)) kind = 'other';
    else if (/%|iva|vat|tax|mwst|tva|btw/.test(t) && !/total|importe|amount|prijs|preis|price|incl/.test(t))
      kind = 'rate';
    else if (/precio|price|unit|p\.\s*u|prix|rate|tarifa|pvp|per\s*stuk|einzel|stückpreis/.test(t))
      kind = 'price';
    // "Zeilenbetrag", "Gesamtpreis", "Bedrag" are line totals; a bare "Preis"/"Prijs" is the unit price.
    else if (/importe|total|amount|betrag|montant|bedrag|subtotal|net|gesamt|incl|inkl/.test(t))
      kind = 'total';
    else if (/prijs|preis/.test(t)) kind = 'price';
    cols.push({ kind, x: cell.x, right: cell.x + cell.w });
  }
  return cols;
}

export function findLineItems(ctx: Ctx): LineItem[] {
  const items: LineItem[] = [];
  // One table per page; a table continued on the next page repeats its header there.
  let lastTablePage = 0;
  for (let i = 0; i < ctx.lines.length; i++) {
    const header = ctx.lines[i]!;
    if (!HEADER_DESC.test(header.text) || !HEADER_AMOUNT.test(header.text)) continue;
    const cols = headerColumns(header);
    if (!cols.some((c) => c.kind === 'total' || c.kind === 'price')) continue;
    if (items.length && header.page <= lastTablePage) continue;
    const descCol = cols.find((c) => c.kind === 'desc');
    const numericCols = cols.filter((c) => c.kind !== 'desc');
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
    for (let j = i + 1; j < ctx.lines.length; j++) {
      const row = ctx.lines[j]!;
      if (row.page !== header.page) break;
      // A wide vertical gap ends the table (totals usually sit further down).
      if (row.y - (ctx.lines[j - 1]!.y + ctx.lines[j - 1]!.h) > 0.08) break;
      if (STOP_ROW.test(row.text) && findAmounts(row.text).length <= 2 && !/^\s*\d/.test(row.text)) break;
      const cells = splitCells(row);
      const numbers: { col: Column; raw: string }[] = [];
      const descParts: string[] = [];
      for (const cell of cells) {
        const isNum =
          /^[-−(]?\s?[€$£]?\s?-?[\d.,\s]+\s?(?:%|€|EUR|\$|pcs|pc|uds?|st(?:k|ck)?|x|units?|h)?\.?\)?$/i.test(
            cell.text.trim(),
          ) && /\d/.test(cell.text);
        const center = cell.x + cell.w / 2;
        if (isNum && numericCols.length) {
          // nearest numeric column by horizontal overlap / distance of right edges (numbers are right-aligned)
          let best = numericCols[0]!;
          let bestD = Number.POSITIVE_INFINITY;
          for (const c of numericCols) {
            const d = Math.min(Math.abs(c.right - (cell.x + cell.w)), Math.abs((c.x + c.right) / 2 - center));
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
          if (
            descCol &&
            cell.x < (numericCols[0]?.x ?? 1) - 0.05 &&
            cell.x + cell.w < (numericCols[0]?.x ?? 1) - 0.02
          )
            descParts.push(cell.text);
          else numbers.push({ col: best, raw: cell.text });
        } else descParts.push(cell.text);
      }
      let desc = descParts.join(' ').replace(/\s+/g, ' ').trim();
      // "Menge Beschreibung" in one header cell: the quantity is printed at the start of the description.
      let glued: string | null = null;
      if (qtyInDesc && !numbers.some((n) => n.col.kind === 'qty')) {
        const q = /^(\d{1,4}(?:[.,]\d{1,3})?)\s+(?=\p{L})/u.exec(desc);
        if (q) {
          glued = q[1]!;
          desc = desc.slice(q[0].length);
        }
      }
      if (!numbers.length) {
        // continuation of the previous description
        if (LEGAL_FOOTER.test(row.text)) break;
        if (pending && desc && row.y - (ctx.lines[j - 1]?.y ?? 0) < 0.03 && items.length < 200) {
          const inColumn = !descCol || row.x >= descCol.x - 0.02;
          if (
            inColumn &&
            desc.length < 80 &&
            pending.description.length < 160 &&
            !/^(?:ref|sku|art)/i.test(desc)
          )
            pending.description = `${pending.description} ${desc}`.trim();
        }
        continue;
      }
      if (!desc || !/\p{L}{2,}/u.test(desc)) continue;
      const item: LineItem = { description: desc };
      if (glued) item.quantity = minimalDecimal(parseAmount(glued, { decimalsHint: ',' }) ?? glued);
      for (const n of numbers) {
        if (n.col.kind === 'rate' || (/%/.test(n.raw) && item.vat_rate == null)) {
          const v = parseAmount(n.raw.replace('%', ''), { decimalsHint: ',' });
          if (v != null) item.vat_rate = minimalDecimal(v);
        } else if (n.col.kind === 'qty') {
          const raw = n.raw.replace(/\s*\p{L}+\.?$/u, '');
          const v = parseAmount(raw, { decimalsHint: raw.includes(',') ? ',' : '.' });
          if (v != null) item.quantity = minimalDecimal(v);
        } else if (n.col.kind === 'price') {
          const v = parseAmount(n.raw.replace(/[€$£]|EUR/g, ''), {
            decimalsHint: n.raw.includes(',') ? ',' : '.',
          });
          if (v != null) item.unit_price = minimalDecimal(v);
        } else if (n.col.kind === 'total') {
          const v = parseAmount(n.raw.replace(/[€$£]|EUR/g, ''));
          if (v != null) item.line_total = centsToString(Math.round(v * 100));
        }
      }
      if (item.line_total == null && item.unit_price != null && item.quantity != null) {
        // keep as read; the total column may be missing
      }
      if (item.line_total == null && item.unit_price == null) continue;
      items.push(item);
      pending = item;
    }
  }
  return items.length ? items : countedLines(ctx);
}

/** "3 x Pan de molde   41,79" or "2 x Café   1,20   2,40": a ticket's rows, printed without a table header. */
const COUNTED_ROW =
  /^\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*[x×*]\s+(\p{L}.*?)\s{3}(?:([-−]?\d[\d.,]*)\s*€?\s{3})?([-−]?\d[\d.,]*\d)\s*€?\s*$/u;

/**
 * Rows of a table with no header: a count, "x", a description and the amount. Two or more in a row make a
 * table; where quantity × unit price = the amount, the unit price is kept (read or derived exactly).
 */
function countedLines(ctx: Ctx): LineItem[] {
  const rows: LineItem[] = [];
  let run: LineItem[] = [];
  const flush = () => {
    if (run.length >= 2) rows.push(...run);
    run = [];
  };
  const lines = ctx.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let m = COUNTED_ROW.exec(line.text);
    // A row wrapped by a narrow ticket: "3 x Cable eléctrico 2,5 mm rollo" / "38,91" / "100 m".
    const head = m ? null : /^\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*[x×*]\s+(\p{L}.*?)\s*$/u.exec(line.text);
    if (head) {
      let desc = head[2]!;
      let amount: string | null = null;
      let j = i + 1;
      for (; j < Math.min(lines.length, i + 3); j++) {
        const next = lines[j]!;
        if (next.page !== line.page || next.y - lines[j - 1]!.y > 0.03) break;
        const t = next.text.trim();
        if (!amount && /^[-−]?\d[\d.,]*[.,]\d{2}\s*€?$/.test(t)) amount = t.replace(/\s*€$/, '');
        else if (amount && !COUNTED_ROW.test(t) && !STOP_ROW.test(t) && /\p{L}/u.test(t) && t.length < 40)
          desc = `${desc} ${t}`;
        else break;
      }
      if (amount) {
        m = COUNTED_ROW.exec(`${head[1]} x ${desc}   ${amount}`);
        i = j - 1;
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
    // No summary table: the rates printed beside the VAT labels ("IVA 21%").
    const printed = new Set<number>();
    for (const line of ctx.lines)
      for (const m of line.text.matchAll(/\b(?:i\.?v\.?a|vat)\b\s*\(?(\d{1,2}(?:[.,]\d{1,2})?)\s*%/gi))
        printed.add(Number(m[1]!.replace(',', '.')));
    rates = [...printed].map((rate) => ({ rate: String(rate) }) as VatBreakdownEntry);
  }
  if (!missing.length || !rates.length || missing.length !== items.length) return;
  if (new Set(rates.map((r) => Number(r.rate))).size === 1) {
    for (const i of missing) i.vat_rate = minimalDecimal(rates[0]!.rate);
    return;
  }
  if (missing.length > 14) return;
  const totals = missing.map((i) => cents(i.line_total)!);
  let free = (1 << missing.length) - 1;
  for (const r of rates) {
    const rate = Number(r.rate);
    const base = cents(r.base);
    const vat = cents(r.amount);
    const closes = (sum: number) =>
      (base != null && (Math.abs(sum - base) <= 1 || (vat != null && Math.abs(sum - base - vat) <= 1))) ||
      (base == null && vat != null && Math.abs(Math.round((sum * rate) / 100) - vat) <= 1);
    let found = -1;
    let count = 0;
    for (let mask = free; mask > 0; mask = (mask - 1) & free) {
      let sum = 0;
      for (let k = 0; k < missing.length; k++) if (mask & (1 << k)) sum += totals[k]!;
      if (closes(sum)) {
        found = mask;
        if (++count > 1) break;
      }
    }
    if (count !== 1) continue;
    for (let k = 0; k < missing.length; k++)
      if (found & (1 << k)) missing[k]!.vat_rate = minimalDecimal(rate);
    free &= ~found;
  }
}
