/** IBAN validation by ibantools: ISO 13616 mod-97 plus each country's length and BBAN format. */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

export function normalizeIban(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function isValidIban(raw: string): boolean {
  return isValidIBAN(electronicFormatIBAN(normalizeIban(raw)) ?? '');
}
