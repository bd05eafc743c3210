/**
 * Text from an invoice or a user as a spreadsheet must show it, never run it: a leading `=`, `+`, `-`, `@`,
 * tab or carriage return would start a formula (or DDE) in Excel and LibreOffice, so it gets a `'` in front
 * (OWASP's CSV-injection advice). Only for text: amounts are written as numbers and keep their minus.
 */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
