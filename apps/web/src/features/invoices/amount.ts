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
