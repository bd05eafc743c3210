/**
 * Formatting by locale, the one module: money, plain amounts for files, rates and dates, as Spanish and
 * English readers write them. Used by the web, the emails, the local checkout, and the XLSX and CSV reports.
 */
import type { Locale } from './locale';

/** The one choice of Intl locale per app language (numbers and short dates). */
export function intlLocale(locale: Locale): 'es-ES' | 'en-GB' {
  return locale === 'es' ? 'es-ES' : 'en-GB';
}

const grouped = (locale: Locale, minimumFractionDigits: number) =>
  new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits,
    maximumFractionDigits: 2,
    // es-ES leaves four-digit amounts ungrouped by default; Spanish invoices and the spec group them.
    useGrouping: 'always',
  });

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/**
 * Money for reading: `1.234,56 €` in Spanish, `€1,234.56` in English; a negative amount (a credit note)
 * with a true minus sign in front: `−0,05 €`. `wholeUnits` drops `,00` on whole amounts (prices: `9 €`).
 */
export function formatMoney(
  cents: number,
  locale: Locale,
  options: { currency?: string; wholeUnits?: boolean } = {},
): string {
  const currency = (options.currency ?? 'EUR').toUpperCase();
  const whole = options.wholeUnits === true && cents % 100 === 0;
  const number = grouped(locale, whole ? 0 : 2).format(Math.abs(cents) / 100);
  const symbol = SYMBOLS[currency];
  // A currency without a sign is written by its code, which needs a space on both sides: `CHF 1,234.56`.
  const shaped =
    locale === 'es'
      ? `${number}\u00a0${symbol ?? currency}`
      : symbol
        ? `${symbol}${number}`
        : `${currency}\u00a0${number}`;
  return cents < 0 ? `−${shaped}` : shaped;
}

/**
 * An amount as a spreadsheet or a form field reads it: two decimals, no grouping, the language's decimal
 * mark and an ASCII minus (`-1234,56` in Spanish, `-1234.56` in English).
 */
export function formatPlainAmount(cents: number, locale: Locale): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return locale === 'es' ? text.replace('.', ',') : text;
}

/** A rate (`21`, `5.5`) as the language writes it: `5,5` in Spanish. */
export function formatRate(rate: string | number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(Number(rate));
}

/** A share (0.725) as a percentage with up to one decimal: `72,5 %` / `72.5%`. */
export function formatPercent(share: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(
    share,
  );
}

/** A calendar day (`YYYY-MM-DD`) as written in forms and reports: `31/12/2026` in Spanish, `12/31/2026` in English. */
export function formatDay(isoDate: string, locale: Locale): string {
  const [y, m, d] = isoDate.split('-');
  return locale === 'es' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** The pattern of `formatDay`, for date pickers' placeholders. */
export const DAY_PATTERN: Record<Locale, string> = { es: 'dd/mm/aaaa', en: 'mm/dd/yyyy' };

/**
 * A calendar day in a file a person opens (reports, client lists, histories; issue 36 item 11): `31/12/2026`
 * in Spanish, ISO `2026-12-31` in English. Not the screen's US order: Cuadra's English readers are as often
 * British or other European accountants as American ones, and 11/12/2026 means a different day to each;
 * ISO 8601 is read the same by all, sorts as text, and every spreadsheet takes it as a date whatever its
 * regional settings. Accounting packages' and the AEAT's files keep the layout they require (exports/).
 */
export function formatExportDay(isoDate: string, locale: Locale): string {
  const day = isoDate.slice(0, 10);
  return locale === 'es' ? formatDay(day, 'es') : day;
}

/** `formatExportDay`'s pattern in spreadsheet number-format syntax, for date cells in XLSX exports. */
export const SPREADSHEET_DAY_FORMAT: Record<Locale, string> = { es: 'dd/mm/yyyy', en: 'yyyy-mm-dd' };

/** An instant in an exported file, to the minute, in the server's time zone: `27/11/2026 14:05`, `2026-11-27 14:05`. */
export function formatExportDateTime(date: Date | string, locale: Locale): string {
  const value = new Date(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  return `${formatExportDay(day, locale)} ${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** A calendar day in the language's medium style (`5 ene 2026`, `5 Jan 2026`), as tables show it. */
export function formatMediumDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );
}

/**
 * The locale for dates written out or picked: US order in English, as the spec shows them (`July 29, 2025`,
 * date pickers in MM/dd/yyyy); numbers and short dates follow `intlLocale`.
 */
export function dateLocale(locale: Locale): 'es-ES' | 'en-US' {
  return locale === 'es' ? 'es-ES' : 'en-US';
}

/** A day in long style: `29 de julio de 2025`, `July 29, 2025`. */
export function formatLongDate(date: Date | string, locale: Locale): string {
  const value = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return new Intl.DateTimeFormat(dateLocale(locale), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(value);
}

/** An instant with its time, in the reader's time zone (movement histories). */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A signed count (`+150`, `−1`, `0`). */
export function formatSignedNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { signDisplay: 'exceptZero' }).format(value);
}

/** The CSV separator a spreadsheet of the language expects: Spanish Excel splits on `;` (`,` is decimal). */
export function csvSeparator(locale: Locale): ';' | ',' {
  return locale === 'es' ? ';' : ',';
}
