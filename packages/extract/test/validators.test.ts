import { describe, expect, it } from 'vitest';
import { isValidIban } from '../src/ids/iban.ts';
import { checkEuVat, checkTaxId } from '../src/ids/tax-id.ts';

/** One real, valid VAT id per member state (public company registrations). */
const VALID_VAT_IDS = [
  'ATU13585627',
  'BE0428759497',
  'BG175074752',
  'CY10259033P',
  'CZ25123891',
  'DE136695976',
  'DK13585628',
  'EE100931558',
  'EL094259216',
  'ESA46103834',
  'FI20774740',
  'FR40303265045',
  'HR33392005961',
  'HU12892312',
  'IE6388047V',
  'IT00743110157',
  'LT119511515',
  'LU15027442',
  'LV40003521600',
  'MT11679112',
  'NL004495445B01',
  'PL5260250274',
  'PT501964843',
  'RO18547290',
  'SE556188840401',
  'SI50223054',
  'SK2020317068',
];

describe('EU VAT ids through the maintained validator, every member state', () => {
  it.each(VALID_VAT_IDS)('%s is valid', (id) => {
    expect(checkEuVat(id)).toEqual({ valid: true, checkable: true });
  });

  it('refuses a wrong check digit in states the hand-written rules could not check', () => {
    // Before, PL, DK, SE, FI and the rest were "format only": any digits passed.
    for (const id of ['PL5260250275', 'DK13585629', 'FI20774741', 'SE556188840411', 'HR33392005962']) {
      expect(checkEuVat(id)).toEqual({ valid: false, checkable: true });
    }
  });

  it('keeps the Spanish NIF/CIF/NIE rule for ES, reads XI as a UK number, and ignores other prefixes', () => {
    expect(checkEuVat('ESA46103835')?.valid).toBe(false);
    expect(checkEuVat('ES 12345678-Z')?.valid).toBe(true);
    expect(checkEuVat('XI980780684')?.valid).toBe(true);
    expect(checkEuVat('GB980780684')?.valid).toBe(true);
    expect(checkEuVat('US123456789')).toBeNull();
    expect(checkTaxId('DE 136 695 976')).toMatchObject({ kind: 'eu_vat', country: 'DE', valid: true });
    expect(checkTaxId('12345678Z')).toMatchObject({ kind: 'nif', valid: true });
  });
});

describe('IBAN through ibantools', () => {
  it('checks mod 97 and each country’s length and format', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('es91-2100-0418-4502-0005-1332')).toBe(true);
    expect(isValidIban('ES91 2100 0418 4502 0005 1333')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    // A Spanish IBAN one digit short: mod 97 alone cannot tell, the country's length does.
    expect(isValidIban('ES912100041845020005133')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});
