import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roundDiv } from '@cuadra/shared';

// Foreign amounts in reports and forms (issue 36 item 6): converted to euros at the European Central Bank's
// reference rate of the invoice date, never added to euros as they are. Rates are a table shipped with the
// app (ecb-rates.json), overlaid by DATA_DIR/ecb-rates.json, which `update-ecb-rates.ts` writes from the
// ECB's XML feed: no network is needed to start, and an amount without a rate is listed apart, not added.

/** Date (YYYY-MM-DD) → currency (ISO 4217) → units of it for one euro, as the ECB writes it ("1.0956"). */
export type RatesByDate = Record<string, Record<string, string>>;
export type RatesTable = { source?: string; rates: RatesByDate };

/** The ECB publishes on TARGET working days: a weekend or holiday takes the last rate before it. */
export const MAX_RATE_AGE_DAYS = 7;
/** Rates are read to this many decimals (the ECB prints at most 4; JPY has 2). */
const RATE_DECIMALS = 6;

const SHIPPED = new URL('./ecb-rates.json', import.meta.url);
export const ratesFile = (dataDir: string) => join(dataDir, 'ecb-rates.json');

function readTable(path: string | URL): RatesByDate {
  try {
    const table = JSON.parse(readFileSync(path, 'utf8')) as RatesTable;
    return table.rates && typeof table.rates === 'object' ? table.rates : {};
  } catch {
    return {};
  }
}

/** The shipped table with DATA_DIR's update over it (the update wins on a date both have). */
export function loadRates(dataDir: string): RatesByDate {
  const shipped = readTable(SHIPPED);
  const local = existsSync(ratesFile(dataDir)) ? readTable(ratesFile(dataDir)) : {};
  return { ...shipped, ...local };
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

const dayBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The reference rate for a currency on a date, or the last one within MAX_RATE_AGE_DAYS before it. */
export function rateOn(
  rates: RatesByDate,
  currency: string,
  date: string,
): { rate: string; date: string } | null {
  for (let back = 0; back <= MAX_RATE_AGE_DAYS; back++) {
    const day = dayBefore(date, back);
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
