import type { Locale } from '@cuadra/shared';
import { formatMoney } from '../billing/money';

/**
 * Money on the fiscal pages: always two decimals and thousands grouped (`1.234,56 €`, `€1,234.56`), which
 * `formatMoney` leaves out for whole amounts and Spanish four-digit numbers; its symbol placement is kept.
 */
export function formatAmount(cents: number, language: Locale): string {
  const grouped = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(Math.abs(cents) / 100);
  // Reuse formatMoney for where the symbol goes, then put the grouped digits in place of its number.
  const shape = formatMoney(100, 'eur', language).replace(/1(?:[.,]00)?/, grouped);
  return cents < 0 ? `−${shape}` : shape;
}

/** A calendar date as the page's language writes it: dd/MM/yyyy in Spanish, MM/dd/yyyy in English. */
export function formatDay(isoDate: string, language: Locale): string {
  const [y, m, d] = isoDate.split('-');
  return language === 'es' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** A rate from the API (`21`, `5.5`) in the page's language (`5,5` in Spanish). */
export function formatRate(rate: string | number, language: Locale): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 2 }).format(
    Number(rate),
  );
}

/** Today in the browser's time zone as YYYY-MM-DD (the date pickers' maximum). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
