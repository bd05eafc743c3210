import { currencySymbol, type Locale, type Pack } from '@cuadra/shared';

/** Money in cents as the page's language writes it: "€6" in English, "6 €" in Spanish. */
export function formatMoney(cents: number, currency: Pack['currency'], language: Locale): string {
  const whole = cents % 100 === 0;
  const number = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  const symbol = currencySymbol(currency);
  return language === 'es' ? `${number}\u00a0${symbol}` : `${symbol}${number}`;
}
