/** Line items: a table under a header row (description and amount columns), rows read by column. */

import type { Line } from '../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal, parseAmount } from '../text/numbers.ts';
import type { LineItem } from '../types.ts';
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
    const qtyInDesc = splitCells(header).some(
      (c) => HEADER_DESC.test(c.text) && /cant|qty|quantity|menge|aantal|hoeveelheid/i.test(c.text),
    );
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
  return items;
}
