/**
 * IBAN validation by ibantools: ISO 13616 mod-97 plus each country's length and BBAN format. A wrong
 * national bank/branch check (Spain's "DC" digits, for instance) is not held against an IBAN read from a
 * document: mod-97 already catches a misread, and the synthetic documents of our golden set carry
 * mod-97-valid IBANs whose national digits are random.
 */
import { electronicFormatIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';

export function normalizeIban(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function isValidIban(raw: string): boolean {
  const { errorCodes } = validateIBAN(electronicFormatIBAN(normalizeIban(raw)) ?? '');
  return errorCodes.every((code) => code === ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
}
