/**
 * Money typed by a person into cents (spec-2 §5): strip the euro sign and spaces, comma → dot, × 100,
 * round. A dot followed by three digits before a comma (`1.234,56`) is a Spanish thousands separator and
 * goes too, as do separators in `1,234.56`. Empty text is null; text that is not a number is NaN, so the
 * form can say so instead of saving a wrong amount.
 */
export function parseAmount(text: string): number | null {
  let value = text.replace(/[€\s\u00a0\u202f]/g, '').replace(/EUR/i, '');
  if (value === '') return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the later one is the decimal separator, the other one groups thousands.
    value = lastComma > lastDot ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  } else if (lastComma >= 0) {
    value = /^-?\d{1,3}(,\d{3}){2,}$/.test(value) ? value.replace(/,/g, '') : value.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(value)) {
    value = value.replace(/\./g, ''); // 1.234.567: only thousands separators
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) return Number.NaN;
  return decimalToCents(value);
}

/** × 100 and round half away from zero on the digits themselves: `1.005 * 100` is 100.49999… in floats. */
function decimalToCents(value: string): number {
  const negative = value.startsWith('-');
  const [whole = '', fraction = ''] = value.replace('-', '').split('.');
  const digits = `${fraction}000`.slice(0, 3);
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}

/** Cents as the form shows them for editing: plain, two decimals, the page language's separator. */
export function centsToInput(cents: number | null | undefined, language: 'en' | 'es'): string {
  if (cents === null || cents === undefined) return '';
  const text = (cents / 100).toFixed(2);
  return language === 'es' ? text.replace('.', ',') : text;
}

/**
 * A decimal such as a quantity or a rate (`21`, `5,5`, `21 %`) into the API's decimal string; null when
 * empty, false when it is not a number.
 */
export function parseDecimal(text: string): string | null | false {
  const value = text.replace(/[%\s]/g, '').replace(',', '.');
  if (value === '') return null;
  if (!/^-?\d{1,9}(\.\d{1,6})?$/.test(value)) return false;
  return value;
}

/** Money for reading (table, header): `€1,234.56` in English, `1.234,56 €` in Spanish. */
export function formatEuros(cents: number, language: 'en' | 'es', currency = 'EUR'): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    style: 'currency',
    currency,
    // es-ES leaves four-digit amounts ungrouped by default; the spec's examples group them.
    useGrouping: 'always',
  }).format(cents / 100);
}
