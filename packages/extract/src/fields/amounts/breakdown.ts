/** The VAT breakdown: one entry per rate (base, amount, and the recargo printed beside them). */
import { centsToString, findAmounts, minimalDecimal, spaceInlineBase, toCents } from '../../text/numbers.ts';
import type { VatBreakdownEntry } from '../../types.ts';
import { blankDates, type Ctx, ocrAmounts } from '../context.ts';

/** A word of an items table's header row (quantity, price, description…), in the languages read. */
export const ITEMS_HEADER_WORD =
  /\b(?:cant(?:idad)?|cant\.|uds?\.?|unidades|precio|descripci[óo]n|concepto|art[íi]culo|qty|quantity|price|description|item|menge|preis|beschreibung|quantit[ée]|prix|d[ée]signation)\b/i;

/** VAT rates in use, the usual ones first. */
export const STANDARD_RATES = [
  21, 10, 4, 5, 2, 0, 19, 7, 20, 5.5, 8.5, 9, 6, 12, 13, 16, 23, 24, 25, 3, 7.5, 15,
];
/** Words a tax summary row may hold; any other word of four letters or more makes it a goods row. */
const TAX_ROW_WORDS =
  /\b(?:bases?|imponibles?|cuotas?|tipos?|impuestos?|sobre|iva|i\.v\.a|vat|tax|taxes|rates?|net|neto|netto|amounts?|importes?|total|recargo|equivalencia|mwst|ust|tva|btw|igic|ipsi|gst|sst|summary|incl|inclusive|excl|exclusive|rated|exempt|zero|standard|euros?|eur|steuer|betrag|taux|montant|over|on)\b/giu;

/** A tax's name in a VAT summary table's header. */
const TAX_WORD = /\b(?:i\.?v\.?a|vat|tax|mwst|tva|btw)\b/i;
/** The rate column's header of a tax table that names no tax ("TIPO   BASE   CUOTA", "%   BASE"). */
const RATE_HEADER = /\btipos?\b|\btasa\b|\brate\b|(?:^|\s)%(?:\s|$)/i;

/** The recargo de equivalencia that goes with each VAT rate (Ley 37/1992, art. 161). */
const RECARGO_OF_RATE: Readonly<Record<number, number>> = { 21: 5.2, 10: 1.4, 4: 0.5 };

/** The Spanish recargo de equivalencia rates (5,2 % on goods at 21 % VAT, 1,4 %, 0,5 %, 1,75 % on tobacco). */
const RECARGO_RATES = [5.2, 1.4, 0.5, 1.75];

/**
 * A rate and its percent sign ("21%", "5,2 %", and "21,000 %" as accounting programs print it with three
 * decimals; read from the left, the whole of "21,000 %", not its "00 %").
 */
export const RATE_PERCENT = /(\d{1,2}(?:[.,]\d{1,3})?)\s?%/;
const PERCENT = new RegExp(RATE_PERCENT.source, 'g');

/**
 * An amount in cents, and, where OCR may have lost its decimal comma (`lossy`: read by OCR beside a
 * printed rate, an integer of three digits or more, "948€" for 9,48 €), the reading with it put back.
 */
function centsReadings(a: { value: number; raw: string }, lossy: boolean): number[] {
  const cents = Math.round(a.value * 100);
  const lostComma = lossy && !/[.,]\d{1,2}\b/.test(a.raw) && Math.abs(cents) >= 10_000;
  return lostComma ? [cents, cents / 100] : [cents];
}

/**
 * One row of a VAT summary ("IVA 21% (base 2.675,62 €)   561,88 €", "3.546,84 €   21%   744,84 €   5,2%
 * 184,44 €"): the VAT rate, base and amount (base × rate = amount), and the recargo printed beside them
 * (base × its rate = its amount). Amounts keep their sign only when base and VAT carry the same one (a
 * credit note); a parenthesis or a stray minus on one of them does not flip it alone. Read by OCR (`ocr`),
 * an integer of three digits or more may have lost its decimal comma ("321€" for 3,21 €, "1.97941" for
 * 1.979,41): with a printed rate, it is read both ways and base × rate = amount tells which.
 */
export function breakdownRow(printed: string, ocr = false): VatBreakdownEntry | null {
  // A thousands group then five digits ("1.97941" for 1.979,41): the decimal comma lost after the dot.
  const text = ocr ? printed.replace(/(?<![\d.,])(\d{1,3})[.,](\d{5})(?![\d.,])/g, '$1$2') : printed;
  const percents = [...text.matchAll(PERCENT)].map((m) => Number(m[1]!.replace(',', '.')));
  const amounts = findAmounts(text.replace(PERCENT, (m) => ' '.repeat(m.length)));
  const readings = amounts.map((a) => centsReadings(a, ocr && percents.length > 0));
  // A figure printed with decimals is money; a bare integer beside it ("B.Imp. 1   18,70") is a count or
  // a line number, the base only when no decimal amount makes the pair.
  const withDecimals = amounts.map((a) => /[.,]\d{2}\b/.test(a.raw));
  if (readings.length < 2) return null;
  const fits = (base: number, rate: number, amount: number) =>
    Math.abs((Math.abs(base) * rate) / 100 - Math.abs(amount)) <= 1.01;
  let found: { a: number; b: number; base: number; vat: number; rate: number } | null = null;
  // The VAT rate is the first printed percent that fits a (base, amount) pair (the recargo's percent comes
  // after it); without a printed percent, the one usual rate that fits.
  const pairOf = (ok: (base: number, vat: number) => number | null, skip: number, decimalBase: boolean) => {
    for (let a = 0; a < readings.length; a++) {
      if (decimalBase && !withDecimals[a]) continue;
      for (let b = 0; b < readings.length; b++) {
        if (a === b || a === skip || b === skip) continue;
        for (const base of readings[a]!) {
          for (const vat of readings[b]!) {
            // A figure of the other sign is a withholding ("1.000,00   -150,00"), never the base's VAT.
            if (base === 0 || Math.abs(vat) > Math.abs(base) || base * vat < 0) continue;
            const rate = ok(Math.abs(base), Math.abs(vat));
            if (rate != null) return { a, b, base, vat, rate };
          }
        }
      }
    }
    return null;
  };
  const pair = (ok: (base: number, vat: number) => number | null, skip = -1) =>
    pairOf(ok, skip, true) ?? pairOf(ok, skip, false);
  // The one usual rate that a base of a euro or more and an amount fit (0 % with a zero: the exempt
  // lines of a ticket print no rate); null when none or several do.
  const onlyUsual = (base: number, vat: number) => {
    const usual = STANDARD_RATES.filter((r) => fits(base, r, vat));
    return usual.length === 1 && base >= 100 ? usual[0]! : null;
  };
  // A recargo rate is never the VAT rate: with the VAT percent lost (printed on a line of its own), a row
  // holding only the recargo's is read by the usual rate that fits.
  const vatPercents = percents.filter((p) => !RECARGO_RATES.includes(p));
  for (const rate of vatPercents.filter((p) => p > 0)) {
    found = pair((base, vat) => (fits(base, rate, vat) ? rate : null));
    if (found) break;
  }
  // A rate column printed without its sign ("50,00   10,00   5,00" under "Base   % IVA   Cuota"): a figure
  // equal to a usual rate that two other amounts fit is the rate, before a rate two amounts fit by chance
  // and before a printed 0 % (any amount and a zero fit it: "339,34   21   71,26   0 %   0,00").
  // A figure printed as a rate ("21", "21,0") is tried before one printed as money ("12,00"): with both
  // in a row, either may be the rate of the other two ("12,00   21,0   2,52").
  const asMoney = (k: number) => (/[.,]\d{2}\b/.test(amounts[k]!.raw) ? 1 : 0);
  const rateFirst = readings.map((_, k) => k).sort((a, b) => asMoney(a) - asMoney(b));
  for (const k of rateFirst) {
    if (found || vatPercents.some((p) => p > 0)) break;
    const rate = readings[k]!.length === 1 ? readings[k]![0]! / 100 : 0;
    // Only where no other usual rate fits the pair too (a base of cents fits several: 0,87 and 0,03).
    if (rate > 0 && STANDARD_RATES.includes(rate))
      found = pair((base, vat) => (onlyUsual(base, vat) === rate ? rate : null), k);
  }
  if (!found && vatPercents.includes(0)) found = pair((base, vat) => (fits(base, 0, vat) ? 0 : null));
  if (!found && !vatPercents.length) {
    // A positive rate before 0 %: a zero beside a base fits 0 % whatever column it is ("Descuento 0,00").
    found =
      pair((base, vat) => ((onlyUsual(base, vat) ?? 0) > 0 ? onlyUsual(base, vat) : null)) ?? pair(onlyUsual);
    // A rate-less 0 % row prints its base before its zero ("12,48   0,00"); a base after the zeros is
    // another column's figure ("0,00   0   0,00   Total impuestos   38,29").
    if (found && found.rate === 0 && found.a > found.b) found = null;
  }
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
  // No percent printed ("100,00   21,00   21,00   5,20   5,20" under "Base   % IVA   Cuota   % R.E.
  // Cuota R.E."): the recargo rate of this VAT rate as a figure, and the base at it as another.
  const reRate = RECARGO_OF_RATE[found.rate];
  if (entry.surcharge_amount == null && !percents.length && reRate != null) {
    const rest = readings.map((_, k) => k).filter((k) => k !== found.a && k !== found.b);
    const rateAt = rest.find((k) => readings[k]!.length === 1 && readings[k]![0] === reRate * 100);
    const amountAt = rest.find(
      (k) => k !== rateAt && readings[k]!.some((x) => x !== 0 && fits(base, reRate, x)),
    );
    const re = amountAt != null ? readings[amountAt]!.find((x) => x !== 0 && fits(base, reRate, x)) : null;
    if (rateAt != null && re != null) {
      entry.surcharge_rate = minimalDecimal(reRate);
      entry.surcharge_amount = centsToString(sign * Math.abs(re));
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
 * not the breakdown, even when base × rate happens to fit. One entry per rate, the one with the largest base.
 */
export function findVatBreakdown(ctx: Ctx): VatBreakdownEntry[] {
  const out: VatBreakdownEntry[] = [];
  let tableUntil = -1;
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    const text = line.text;
    // A VAT summary table header ("IVA  Base  Cuota", "VAT rate  Net  VAT") opens a few rows without labels.
    // (A goods table's header names a VAT column too: "Descripción   Precio   %IVA   Importe".)
    // A ticket's names the rate column only ("TIPO   BASE   IMPORTE", "%   BASE   CUOTA").
    if (
      !ITEMS_HEADER_WORD.test(text) &&
      (TAX_WORD.test(text) || (RATE_HEADER.test(text) && /\b(?:base|neto?)\b/i.test(text))) &&
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
    const entry = breakdownRow(blankDates(ocrAmounts(ctx, spaceInlineBase(text))), ctx.ocr);
    if (!entry) continue;
    // A rate read twice: the row with the larger base is its summary (a table of delivery notes or
    // items above it prints the parts at the same rate).
    const same = out.findIndex((e) => Number(e.rate) === Number(entry.rate));
    if (same < 0) out.push(entry);
    else if (Math.abs(toCents(entry.base) ?? 0) > Math.abs(toCents(out[same]!.base) ?? 0)) out[same] = entry;
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
    const m = RATE_PERCENT.exec(text);
    if (!m) continue;
    const reRate = Number(m[1]!.replace(',', '.'));
    const amount = findAmounts(text.replace(m[0], ' ')).at(-1);
    if (!amount) continue;
    const fits = (e: VatBreakdownEntry, cents: number) =>
      Math.abs((Math.abs(toCents(e.base) ?? 0) * reRate) / 100 - Math.abs(cents)) <= 1.01;
    // The reading as printed first; on a scan, the one with a lost decimal comma put back.
    const hit = centsReadings(amount, ctx.ocr)
      .map((cents) => ({ cents, entry: entries.find((e) => e.surcharge_amount == null && fits(e, cents)) }))
      .find((h) => h.entry);
    if (!hit?.entry) continue;
    const sign = (toCents(hit.entry.base) ?? 0) < 0 ? -1 : 1;
    hit.entry.surcharge_rate = minimalDecimal(reRate);
    hit.entry.surcharge_amount = centsToString(sign * Math.abs(hit.cents));
  }
}
