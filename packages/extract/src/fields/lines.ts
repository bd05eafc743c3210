/** Line items: a table under a header row (description and amount columns), rows read by column. */

import { joinWords, type Line } from '../text/layout.ts';
import { centsToString, findAmounts, minimalDecimal, parseAmount } from '../text/numbers.ts';
import type { LineItem, VatBreakdownEntry } from '../types.ts';
import { type Ctx, LEGAL_FOOTER, ocrAmounts, splitCells } from './context.ts';

const HEADER_DESC =
  /\b(?:descrip[a-zà-ÿ]*|concepto|art[íi]culo|producto|detalle|description|item|items|product|service|servicio|bezeichnung|beschreibung|artikel|leistung|d[ée]signation|libell[ée]|omschrijving)\b/i;
const HEADER_AMOUNT =
  /\b(?:importe|total|amount|precio|price|betrag|gesamt|montant|prix|bedrag|prijs|subtotal|unit|uds|cantidad|qty|quantity|aantal|menge|preis)\b/i;
const STOP_ROW =
  /\b(?:base\s*imponible|subtotal|subtotaal|sub-total|total|totaal|suma|summe|netto|exclusief|iva\s*\d|vat\s*\d|btw\s*\d|forma\s*de\s*pago|payment|observaciones|notes?|iban|vencimiento)\b/i;

type ColKind = 'qty' | 'price' | 'total' | 'rate' | 'desc' | 'disc' | 'ref' | 'other';
type Column = { kind: ColKind; x: number; right: number };

/** Column names a header word is read against when OCR garbled a letter or two ("Cantldad", "lmporte"). */
const HEADER_WORDS = [
  'descripción',
  'concepto',
  'artículo',
  'producto',
  'servicio',
  'cantidad',
  'unidades',
  'precio',
  'unitario',
  'importe',
  'subtotal',
  'descuento',
  'description',
  'quantity',
  'amount',
  'product',
];

/** Edit distance, stopping early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let low = i;
    for (let k = 1; k <= b.length; k++) {
      const v = Math.min(prev[k]! + 1, cur[k - 1]! + 1, prev[k - 1]! + (a[i - 1] === b[k - 1] ? 0 : 1));
      cur.push(v);
      low = Math.min(low, v);
    }
    if (low > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A header word OCR garbled, read as the column name it is nearest to: one character off in a word of
 * six or more, two in one of nine or more, and no other name as near. Letters and digits only.
 */
function headerWord(word: string): string {
  const w = word.toLowerCase().replace(/[.:]+$/, '');
  if (w.length < 6 || !/^[\p{L}\d]+$/u.test(w) || HEADER_WORDS.includes(w)) return word;
  // A plural ("Servicios", "Productos") is a word of its own, not a misread.
  if (HEADER_WORDS.some((h) => w.startsWith(h) && /^e?s$/.test(w.slice(h.length)))) return word;
  const max = w.length >= 9 ? 2 : 1;
  let best: string | null = null;
  let bestD = max + 1;
  let tie = false;
  for (const h of HEADER_WORDS) {
    const d = editDistance(w, h, max);
    if (d < bestD) {
      best = h;
      bestD = d;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  return best && !tie ? best : word;
}

const headerWords = (text: string) => text.split(/(\s+)/).map(headerWord).join('');

/** What a header cell (or one word of it) names. */
function columnKind(text: string): ColKind {
  // OCR's digits for letters inside a word ("PRECI0")
  const t = headerWords(text.toLowerCase().replace(/(?<=\p{L})0|0(?=\p{L})/gu, 'o'));
  if (HEADER_DESC.test(t)) return 'desc';
  if (/cant|qty|quantity|uds|unid|menge|qt[ée]|aantal|hoeveelheid|units?$|hours|horas/.test(t)) return 'qty';
  if (/rabatt|discount|descuento|dto\.?|korting|remise/.test(t)) return 'disc';
  if (/%|iva|vat|tax|mwst|tva|btw/.test(t) && !/total|importe|amount|prijs|preis|price|incl/.test(t))
    return 'rate';
  if (/precio|price|unit|p\.\s*u|prix|rate|tarifa|pvp|per\s*stuk|einzel|stückpreis/.test(t)) return 'price';
  // "Zeilenbetrag", "Gesamtpreis", "Bedrag" are line totals; a bare "Preis"/"Prijs" is the unit price.
  if (/importe|total|amount|betrag|montant|bedrag|subtotal|net|gesamt|incl|inkl/.test(t)) return 'total';
  if (/prijs|preis/.test(t)) return 'price';
  if (/^(?:ref\b|ref\.|c[óo]d|code\b|sku\b|art\.?\s*n)/.test(t)) return 'ref';
  return 'other';
}

/** Column names inside a header cell run together ("P.unit.Dto.%IVA"), longest first per column. */
const COLUMN_WORDS: [ColKind, string][] = [
  [
    'desc',
    'descripci[óo]n|concepto|art[íi]culo|producto|detalle|description|items?|product|servicio|service',
  ],
  ['price', 'precio\\s?unit(?:ario)?\\.?|p\\.\\s?unit\\.?|p\\.\\s?u\\.|unit\\s?price|precio|price|prix|pvp'],
  ['qty', 'cant(?:idad|\\.)?|qty|quantity|uds\\.?|unid(?:ades|\\.)?|units|horas|hours'],
  ['disc', 'descuento|dto\\.?|discount'],
  ['rate', '%\\s?iva|iva\\s?%|%\\s?vat|vat\\s?%|iva|vat|%'],
  ['total', 'importe|total|amount|subtotal'],
  ['ref', 'ref\\.?|c[óo]d(?:igo)?\\.?|code|sku'],
];
const COLUMN_SCAN = new RegExp(COLUMN_WORDS.map(([k, w]) => `(?<${k}>${w})`).join('|'), 'giu');

/**
 * The header's columns. A cell whose words name different columns ("Ref. Descripción", "P.unit. Dto.",
 * run together by OCR or a tight layout) is split into one column per word; a cell OCR read letter by
 * letter ("I m p o r t e") is read as one word and split by the column names in it, each placed by its
 * share of the characters. A header word OCR misread is named by its other reading ("oty": "Qty").
 */
function headerColumns(line: Line): Column[] {
  const cols: Column[] = [];
  const words = line.words.filter((w) => !NOISE.test(w.text) || w.text.length === 1);
  const kindOf = (w: Line['words'][number]) => {
    const k = columnKind(w.text);
    if (k !== 'other') return k;
    for (const a of w.alternatives ?? []) {
      const alt = columnKind(a.text);
      if (alt !== 'other') return alt;
    }
    return k;
  };
  const add = (kind: ColKind, x: number, right: number, join: boolean) => {
    const prev = cols[cols.length - 1];
    if (join && prev && prev.kind === kind) prev.right = right;
    else cols.push({ kind, x, right });
  };
  for (const cell of splitCells({ ...line, words })) {
    const inCell = words.filter((w) => w.x >= cell.x - 1e-9 && w.x + w.w <= cell.x + cell.w + 1e-9);
    const short = inCell.filter((w) => w.text.trim().length <= 2).length;
    if (inCell.length >= 3 && short >= inCell.length * 0.6) {
      const text = inCell.map((w) => w.text.trim()).join('');
      const found = [...text.matchAll(COLUMN_SCAN)];
      if (found.length) {
        const per = cell.w / text.length;
        found.forEach((m, k) => {
          const kind = (Object.entries(m.groups ?? {}).find(([, v]) => v)?.[0] ?? 'other') as ColKind;
          const from = k === 0 ? 0 : (m.index ?? 0);
          const to = found[k + 1]?.index ?? text.length;
          add(kind, cell.x + from * per, cell.x + to * per, k > 0);
        });
        continue;
      }
    }
    const named = inCell.filter((w) => !NOISE.test(w.text));
    const kinds = named.map(kindOf);
    // "Menge Beschreibung": the quantity is printed at the start of the description, one column.
    const qtyThenDesc = kinds.length === 2 && kinds[0] === 'qty' && kinds[1] === 'desc';
    if (named.length > 1 && new Set(kinds).size > 1 && !kinds.includes('other') && !qtyThenDesc) {
      named.forEach((w, k) => {
        add(kinds[k]!, w.x, w.x + w.w, k > 0);
      });
    } else {
      let whole = columnKind(named.map((w) => w.text).join(' '));
      // "Prec io": a name OCR cut in two
      if (whole === 'other') whole = columnKind(named.map((w) => w.text).join(''));
      const kind = whole === 'other' && named.length === 1 ? kindOf(named[0]!) : whole;
      cols.push({ kind, x: cell.x, right: cell.x + cell.w });
    }
  }
  return cols;
}

/** A unit of measure printed in a column of its own. */
const UNIT_WORD =
  /^(?:uds?|u|unid|und|ud\/s|h|hrs?|horas?|kg|g|gr|t|m|m2|m²|m3|m³|ml|l|lt|cm|mm|km|pcs?|pza|pzas|st|stk|hr|hours?|days?|d[íi]as?)\.?$/i;

/** Table rules and specks OCR reads as characters. */
const NOISE = /^[|[\]{}()—–\-_=.,:;'"`~»«*!¡]+$/;

/** A cell's text in numeric form, rules stripped; on OCR, letters read for digits (O, l, B), ¢ for €. */
function numericText(raw: string, ocr = true): string {
  let t = raw.replace(/^[|[\]{}'"`]+|[|[\]{}'"`]+$/g, '').trim();
  if (!ocr || !/\d/.test(t)) return t;
  t = t.replace(/¢/g, '€').replace(/€+/g, '€');
  // A long dash before a number is a rule or a minus: dropped, the sign is the amount's (see readRow).
  t = t.replace(/^[—–~]+(?=\d)/, '');
  // The euro sign read as a C before an amount ("C24.27").
  t = t.replace(/^[Cc](?=\d[\d.,]*\d$)/, '€').replace(/(?<=\d[.,]\d{2})[Cc]$/, '€');
  // letters read for digits, only where they touch a digit
  t = t.replace(/[Oo](?=[\d.,])|(?<=[\d.,])[Oo]/g, '0').replace(/[lI|](?=[\d.,])|(?<=[\d.,])[lI|]/g, '1');
  if (/^[B]$/.test(t)) t = '8';
  return t;
}

const NUMERIC_CELL =
  /^[-−(]?\s?[€$£]?\s?-?[\d.,\s]+\s?(?:%|%?€|EUR|\$|pcs|pc|uds?|st(?:k|ck)?|x|units?|h)?\.?\)?$/i;

function isNumericCell(text: string): boolean {
  return NUMERIC_CELL.test(text.trim()) && /\d/.test(text);
}

/**
 * An amount as printed, with the readings OCR leaves when it loses or misreads a mark: every separator
 * a comma or every one a point ("2,057,28" for 2.057,28), the currency sign read as a digit ("884,396" for
 * 884,39 €), the decimal mark dropped ("6032€" for 60,32 €), most likely first (the plain reading, or a
 * lost mark where digits end in a currency sign). All but the first are only taken when quantity × price =
 * amount says so.
 */
function amountReadings(raw: string, ocr: boolean): number[] {
  const t = raw
    .replace(/[€$£]|EUR/gi, '')
    .replace(/\s+/g, '')
    .replace(/\.$/, '');
  const out: number[] = [];
  const push = (v: number | null) => {
    if (v != null && Number.isFinite(v) && !out.includes(v)) out.push(v);
  };
  // Digits and a currency sign, no mark ("6032€"): printed money has cents, so the mark was lost.
  if (ocr && /^-?\d{3,7}$/.test(t) && /[€$£]|EUR/i.test(raw)) push(Number(t) / 100);
  const plain = parseAmount(t, { decimalsHint: t.includes(',') ? ',' : '.' });
  // A reading in fractions of a cent is a misread; it stays last.
  const fractional = plain != null && Math.abs(plain * 100 - Math.round(plain * 100)) > 1e-6;
  if (!fractional || !ocr) push(plain);
  if (!ocr) return out;
  const m = /^(-?)([\d.,]*?)[.,](\d{2})$/.exec(t);
  if (m) push(Number(`${m[1]}${m[2]!.replace(/[.,]/g, '')}.${m[3]}`));
  const extra = /^(-?[\d.,]*[.,]\d{2})\d$/.exec(t);
  if (extra) push(amountReadings(extra[1]!, false)[0] ?? null);
  if (/^-?\d{3,7}$/.test(t)) push(Number(t) / 100);
  // The thousands mark kept, the decimal mark lost ("1.54332" for 1.543,32).
  const lost = /^(-?\d{1,3})[.,](\d{3})(\d{2})$/.exec(t);
  if (lost) push(Number(`${lost[1]}${lost[2]}.${lost[3]}`));
  push(plain);
  return out;
}

type Cell = { raw: string; readings: string[] };

/**
 * `short` is `long` with characters dropped, no more than half of them ("Botellaguminl)" from
 * "Botellaaguamineral1,5L(35)"): an engine that read a cramped cell in one gulp.
 */
function droppedFrom(short: string, long: string): boolean {
  if (long.length <= short.length || long.length > short.length * 2) return false;
  let k = 0;
  for (const c of long) if (c === short[k]) k++;
  return k === short.length;
}

/**
 * A word's reading for the row, when one engine did better than the chosen text: a rule or speck ("|")
 * the other engine read as a letter or digit ("L"), or words run together ("Arrozredondo1kg") the other
 * engine read with their spaces, the same characters give or take two.
 */
function descReading(w: Line['words'][number]): string {
  const text = w.text.trim();
  const alts = (w.alternatives ?? []).map((a) => a.text.trim()).filter(Boolean);
  if (NOISE.test(text)) return alts.find((a) => /^[\p{L}\d]$/u.test(a)) ?? text;
  if (text.length >= 10 && !/\s/.test(text) && /\p{L}{3}/u.test(text)) {
    const spaced = alts.find(
      (a) =>
        /\s/.test(a) &&
        (editDistance(a.replace(/\s+/g, ''), text, 2) <= 2 || droppedFrom(text, a.replace(/\s+/g, ''))),
    );
    if (spaced) return spaced;
  }
  // A word and the number after it run together ("liquido3L"): the space goes back before the number.
  return text.replace(/(?<=\p{Ll}{3})(?=\d)/gu, ' ');
}

/**
 * A speck one engine read with little confidence, the other engine seeing nothing there: on the fitting
 * scans such words alone are almost never a word of the document (a table rule, dirt, a letter's ghost).
 */
const isSpeck = (w: Line['words'][number]) =>
  w.conf < 0.3 && !(w.alternatives ?? []).some((a) => a.engine !== w.engine);

/** A row's words by column: the description's words and, per numeric column, its text and other readings. */
function rowCells(
  row: Line,
  cols: Column[],
  descCol: Column | undefined,
  ocr: boolean,
): { desc: string; cells: Map<Column, Cell> } {
  const numeric = cols.filter((c) => c.kind !== 'desc' && c.kind !== 'ref').sort((a, b) => a.x - b.x);
  const refCol = cols.find((c) => c.kind === 'ref' && descCol && c.right <= descCol.x);
  // Zone edges: halfway between neighbouring header columns.
  const sorted = [...cols].sort((a, b) => a.x - b.x);
  const zoneOf = (cx: number): Column | undefined => {
    for (let k = 0; k < sorted.length; k++) {
      const next = sorted[k + 1];
      if (!next || cx < (sorted[k]!.right + next.x) / 2) return sorted[k];
    }
    return sorted[sorted.length - 1];
  };
  const descParts: string[] = [];
  type Group = { x: number; right: number; raw: string; readings: string[] };
  const groups: Group[] = [];
  const firstNumX = Math.min(...numeric.map((c) => c.x), 1);
  // Where the values right of the description begin: words left of it are the description's.
  const valuesX = Math.min(...numeric.filter((c) => !descCol || c.x > descCol.x).map((c) => c.x), 1);
  for (const w of row.words) {
    const text = ocr ? descReading(w) : w.text.trim();
    if (!text || NOISE.test(text)) continue;
    if (ocr && isSpeck(w)) continue;
    const cx = w.x + w.w / 2;
    const num = numericText(text, ocr);
    const zone = zoneOf(cx);
    const inDescZone = !zone || zone.kind === 'desc' || zone.kind === 'ref';
    // Words left of the first numeric column's edge belong to the description ("5 L", "100 m").
    const leftOfNumbers = w.x + w.w < firstNumX - 0.02;
    if (refCol && descCol && cx < (refCol.right + descCol.x) / 2) continue;
    const sign = /^(?:[€$£%]|EUR)$/i.test(num);
    if ((isNumericCell(num) || sign) && zone && !inDescZone && !leftOfNumbers) {
      const last = groups[groups.length - 1];
      // A currency sign or "%" set apart from its number is part of that cell.
      if (sign && last && (w.x - last.right) * row.aspect < w.h * 1.5) {
        last.raw += num;
        last.right = w.x + w.w;
        continue;
      }
      if (sign) continue;
      const alts = (w.alternatives ?? []).map((a) => numericText(a.text.trim(), ocr)).filter(isNumericCell);
      groups.push({ x: w.x, right: w.x + w.w, raw: num, readings: alts });
    } else if (UNIT_WORD.test(text) && descCol && !inDescZone && !leftOfNumbers && cx > valuesX) {
      // A unit of measure in its own column, right of the description ("ud", "h", "kg"): not the description's.
    } else if (inDescZone || leftOfNumbers || !descCol || zone?.kind === 'other' || cx < valuesX - 0.02) {
      descParts.push(text.replace(/^[|[\]{}]+|[|[\]{}]+$/g, ''));
    }
  }
  const cells = new Map<Column, Cell>();
  const put = (col: Column, g: Group) => {
    const cell = cells.get(col) ?? { raw: '', readings: [] };
    cell.raw = `${cell.raw} ${g.raw}`.trim();
    cell.readings.push(...g.readings);
    cells.set(col, cell);
  };
  if (groups.length === numeric.length) {
    // One number per numeric column: by order, whatever a skewed scan does to their x.
    groups.forEach((g, k) => {
      put(numeric[k]!, g);
    });
  } else {
    for (const g of groups) {
      // The column whose header overlaps the number most, else the nearest one.
      let best = numeric[0]!;
      let bestD = Number.POSITIVE_INFINITY;
      for (const c of numeric) {
        const d = Math.max(c.x - g.right, g.x - c.right, -Math.min(g.right, c.right) + Math.max(g.x, c.x));
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      put(best, g);
    }
  }
  const desc = descParts.join(' ').replace(/\s+/g, ' ').trim();
  return { desc, cells };
}

const toCentsNum = (v: number) => Math.round(v * 100);

/**
 * Quantity × unit price (less a discount) = amount, to the cent or within the rounding of a unit price
 * printed to the cent: the readings of price and amount that close, when some do.
 */
function closingReadings(
  qty: number,
  prices: number[],
  totals: number[],
  disc: number,
): { price: number; total: number } | null {
  let best: { price: number; total: number; score: number } | null = null;
  for (const [i, p] of prices.entries()) {
    for (const [k, t] of totals.entries()) {
      if (!p || !t) continue;
      const off = Math.abs(toCentsNum(qty * p * (1 - disc / 100)) - toCentsNum(t));
      if (off > Math.max(1, Math.abs(qty) * 0.5)) continue;
      // Exact first, then the readings nearest the plain one.
      const score = (off > 1 ? 100 : 0) + i + k;
      if (!best || score < best.score) best = { price: p, total: t, score };
    }
  }
  return best;
}

/** One table row read by column, or null when it carries no amount. */
function readRow(
  ctx: Ctx,
  row: Line,
  cols: Column[],
  descCol: Column | undefined,
  qtyInDesc: boolean,
): { item: LineItem | null; desc: string; numbers: number; closes: boolean } {
  const { desc: rawDesc, cells } = rowCells(row, cols, descCol, ctx.ocr);
  let desc = rawDesc;
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
  let qty: number | null = glued != null ? parseAmount(glued, { decimalsHint: ',' }) : null;
  // Every engine's reading of the quantity, the chosen one first: the one that closes is taken.
  const qtys: number[] = [];
  let prices: number[] = [];
  let totals: number[] = [];
  let disc = 0;
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
      const v = parseAmount(cell.raw.replace(/%/g, '').trim(), { decimalsHint: ',' });
      if (v != null && v >= 0 && v <= 30) item.vat_rate = minimalDecimal(v);
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
    }
  }
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
  if (qty != null) item.quantity = minimalDecimal(qty);
  if (prices.length) item.unit_price = minimalDecimal(prices[0]!);
  if (totals.length) item.line_total = centsToString(toCentsNum(totals[0]!));
  if (item.line_total == null && item.unit_price == null) return out;
  return { item, desc, numbers: cells.size, closes };
}

/**
 * A table row OCR cut into lines (a skewed scan's quantity, a description's first word set apart): the
 * lines after `lines[j]` that lie within its height, their words beside its words, not under them, join
 * it. `last` is the last line joined.
 */
function joinSplitRow(lines: Line[], j: number): { row: Line; last: number } {
  let row = lines[j]!;
  let k = j;
  for (let next = lines[k + 1]; next; next = lines[k + 1]) {
    const within = next.y >= row.y - next.h * 0.25 && next.y + next.h <= row.y + row.h + next.h * 0.25;
    // A line no word of which both engines saw is dirt, not part of the row.
    const read = next.words.some((w) => new Set((w.alternatives ?? []).map((a) => a.engine)).size > 1);
    if (next.page !== row.page || !within || !read) break;
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
    k++;
  }
  return { row, last: k };
}

export function findLineItems(ctx: Ctx): LineItem[] {
  const items: LineItem[] = [];
  // One table per page; a table continued on the next page repeats its header there, or (a scan cut
  // into pages) goes on under the same columns.
  let lastTablePage = 0;
  for (let i = 0; i < ctx.lines.length; i++) {
    const header = ctx.lines[i]!;
    if (!isHeader(header)) continue;
    const cols = headerColumns(header);
    if (!cols.some((c) => c.kind === 'total' || c.kind === 'price')) continue;
    if (items.length && header.page <= lastTablePage) continue;
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
    for (let j = i + 1; j < ctx.lines.length; j++) {
      const joined = ctx.ocr ? joinSplitRow(ctx.lines, j) : { row: ctx.lines[j]!, last: j };
      const row = joined.row;
      j = joined.last;
      if (row.page !== page) {
        // The table reached the page's end: it may go on at the top of the next page.
        if (row.page !== page + 1 || !ctx.ocr) break;
        page = row.page;
        carried = true;
        pending = null;
      } else if (!carried && row.y - (prev.y + prev.h) > 0.08) break;
      if (carried && isHeader(row)) break;
      if (STOP_ROW.test(row.text) && findAmounts(row.text).length <= 2 && !/^\s*\d/.test(row.text)) break;
      const read = readRow(ctx, row, cols, descCol, qtyInDesc);
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
      if (!read.numbers) {
        // continuation of the previous description
        if (LEGAL_FOOTER.test(row.text)) break;
        const desc = read.desc;
        const inColumn =
          (!descCol || row.x >= descCol.x - 0.02) &&
          (!ctx.ocr || row.x + row.w < Math.min(...cols.filter((c) => c.x > row.x).map((c) => c.x), 1));
        // Specks read as letters: a line far flatter than the print, or one engine's unsure reading alone.
        const speck =
          ctx.ocr &&
          (row.h < ctx.medH * 0.4 ||
            row.words.every((w) => w.conf < 0.5 && (w.alternatives ?? []).length <= 1));
        const wording =
          !speck &&
          !!desc &&
          inColumn &&
          desc.length < 80 &&
          !/^(?:ref|sku|art)/i.test(desc) &&
          (!ctx.ocr || /\p{L}{3,}/u.test(desc));
        // The first line of the next row's description, printed above its numbers: the row right under
        // it carries an amount, and it sits nearer that row than the row before (or no row is before).
        const next = ctx.lines[j + 1];
        const leads =
          wording &&
          !!next &&
          next.page === row.page &&
          next.y - row.y < 0.03 &&
          (!pending || next.y - row.y < row.y - prev.y - 0.003) &&
          readRow(ctx, next, cols, descCol, qtyInDesc).item != null;
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
      if (before) read.item.description = `${before} ${read.item.description}`;
      items.push(read.item);
      pending = read.item;
    }
  }
  if (items.length) return items;
  const counted = countedLines(ctx);
  return counted.length ? counted : closingRows(ctx);
}

/**
 * Rows of a table printed without a header row: a description, then a quantity, a unit price and an
 * amount (a rate between them or not) in cells of their own. A row is kept only where quantity × price =
 * amount closes, and only two or more such rows on a page make a table.
 */
function closingRows(ctx: Ctx): LineItem[] {
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

function isHeader(line: Line): boolean {
  const text = headerText(line);
  return HEADER_DESC.test(text) && HEADER_AMOUNT.test(text);
}

/** A header row's text with cells OCR read letter by letter ("C a n t i d a d") joined up, "0" as "o". */
function headerText(line: Line): string {
  const cells = splitCells(line).map((cell) => {
    const words = cell.text.split(' ');
    const short = words.filter((w) => w.length <= 2).length;
    const spaced = words.length >= 3 && short >= words.length * 0.6;
    const cut = columnKind(cell.text) === 'other' && columnKind(words.join('')) !== 'other';
    return spaced || cut ? words.join('') : cell.text;
  });
  return headerWords(cells.join('   ').replace(/(?<=\p{L})0|0(?=\p{L})/gu, 'o'));
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
    const printed = new Map<number, string | undefined>();
    ctx.lines.forEach((line, i) => {
      for (const m of line.text.matchAll(/\b(?:i\.?v\.?a|vat)\b\s*\(?(\d{1,2}(?:[.,]\d{1,2})?)\s*(%?)/gi)) {
        const rate = Number(m[1]!.replace(',', '.'));
        const below = amountBelow(ctx, i, m);
        // "IVA 21" with the % lost (OCR): a rate only if the VAT under it is that rate of the lines' sum.
        if (!m[2] && !(ctx.ocr && below != null && closesOnAll(items, rate, below))) continue;
        if (!printed.has(rate) || printed.get(rate) == null) printed.set(rate, below);
      }
    });
    rates = [...printed].map(([rate, amount]) => ({ rate: String(rate), amount }) as VatBreakdownEntry);
  }
  if (!missing.length || !rates.length || missing.length !== items.length) return;
  if (new Set(rates.map((r) => Number(r.rate))).size === 1) {
    for (const i of missing) i.vat_rate = minimalDecimal(rates[0]!.rate);
    return;
  }
  if (missing.length > 14) return;
  const totals = missing.map((i) => cents(i.line_total)!);
  let free = (1 << missing.length) - 1;
  // A rate two sets of rows close on may have one left once the other rates took theirs: passes until
  // none gives a rate its rows.
  let open = rates;
  for (let progress = true; progress && open.length; ) {
    progress = false;
    open = open.filter((r) => {
      const found = uniqueClosingSet(r, totals, free);
      if (found == null) return true;
      for (let k = 0; k < missing.length; k++)
        if (found & (1 << k)) missing[k]!.vat_rate = minimalDecimal(Number(r.rate));
      free &= ~found;
      progress = true;
      return false;
    });
  }
}

/**
 * The one set of rows, among those still `free` (a bit mask over `totals`, in cents), whose amounts close
 * on the rate's base (prices before VAT), its base + VAT (prices with VAT), or its VAT (amounts × rate);
 * null when none or more than one does.
 */
function uniqueClosingSet(r: VatBreakdownEntry, totals: number[], free: number): number | null {
  const rate = Number(r.rate);
  const base = cents(r.base);
  const vat = cents(r.amount);
  const closes = (sum: number) =>
    (base != null && (Math.abs(sum - base) <= 1 || (vat != null && Math.abs(sum - base - vat) <= 1))) ||
    (base == null && vat != null && Math.abs(Math.round((sum * rate) / 100) - vat) <= 1);
  let found: number | null = null;
  for (let mask = free; mask > 0; mask = (mask - 1) & free) {
    let sum = 0;
    for (let k = 0; k < totals.length; k++) if (mask & (1 << k)) sum += totals[k]!;
    if (!closes(sum)) continue;
    if (found != null) return null;
    found = mask;
  }
  return found;
}

/**
 * The amount printed under a label in a row of labels ("Base imponible   IVA 21%   IVA 10%   TOTAL" over
 * their amounts): the one number on the next line that lies under the label's cell, or undefined.
 */
function amountBelow(ctx: Ctx, i: number, m: RegExpMatchArray): string | undefined {
  const line = ctx.lines[i]!;
  const next = ctx.lines[i + 1];
  if (!next || next.page !== line.page || next.y - (line.y + line.h) > line.h * 2) return undefined;
  const cell = splitCells(line).find((c) => c.text.includes(m[0].trim()));
  if (!cell || splitCells(line).length < 2) return undefined;
  const under = splitCells(next).filter((c) => c.x < cell.x + cell.w + 0.02 && c.x + c.w > cell.x - 0.02);
  if (under.length !== 1) return undefined;
  const amounts = findAmounts(ocrAmounts(ctx, under[0]!.text));
  if (amounts.length !== 1) return undefined;
  return centsToString(Math.round(Math.abs(amounts[0]!.value) * 100));
}

/** Every row's amount together, at this rate, makes this VAT (to the cent). */
function closesOnAll(items: LineItem[], rate: number, vat: string): boolean {
  const sum = items.reduce((a, i) => a + (cents(i.line_total) ?? Number.NaN), 0);
  return Number.isFinite(sum) && Math.abs(Math.round((sum * rate) / 100) - (cents(vat) ?? -1)) <= 1;
}
