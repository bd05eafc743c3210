import { describe, expect, it } from 'vitest';
import { dropImplausibleVat, dropImplausibleWithholding } from '../src/checks/consistency.ts';
import type { FieldMap } from '../src/evidence.ts';
import { isValidIban } from '../src/ids/iban.ts';
import { checkEuVat, checkTaxId, cifControl, isValidSpanishId, nifLetter } from '../src/ids/tax-id.ts';
import { findDates, parseDateValue } from '../src/text/dates.ts';
import { findAmounts, parseAmount } from '../src/text/numbers.ts';

describe('Spanish tax ids', () => {
  it('computes DNI letters', () => {
    expect(nifLetter('12345678')).toBe('Z');
    expect(isValidSpanishId('12345678Z')).toEqual({ kind: 'nif', valid: true });
    expect(isValidSpanishId('12345678A')?.valid).toBe(false);
  });
  it('checks NIE and CIF', () => {
    expect(isValidSpanishId('X1234567L')).toEqual({ kind: 'nie', valid: true });
    expect(isValidSpanishId('Y1234567X')?.valid).toBe(true);
    expect(cifControl('4610383')).toEqual(['4', 'D']);
    expect(isValidSpanishId('A46103834')).toEqual({ kind: 'cif', valid: true }); // Mercadona
    expect(isValidSpanishId('A46103835')?.valid).toBe(false);
    expect(isValidSpanishId('B82356981')?.valid).toBe(true);
    expect(isValidSpanishId('Q2826000H')?.valid).toBe(true); // letter control for Q
  });
  it('checks EU VAT ids', () => {
    expect(checkEuVat('DE123456788')).toEqual({ valid: true, checkable: true });
    expect(checkEuVat('DE 232 446 240')?.valid).toBe(true);
    expect(checkEuVat('NL810433941B01')?.valid).toBe(true);
    expect(checkEuVat('FR40303265045')?.valid).toBe(true);
    expect(checkEuVat('ESA46103834')?.valid).toBe(true);
    expect(checkEuVat('ESA46103835')?.valid).toBe(false);
    expect(checkTaxId('IT00743110157')?.valid).toBe(true);
  });
});

describe('IBAN', () => {
  it('validates mod 97', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('ES91 2100 0418 4502 0005 1333')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });
});

describe('numbers', () => {
  it('reads es and en formats', () => {
    expect(parseAmount('1.234,56 €')).toBe(1234.56);
    expect(parseAmount('€1,234.56')).toBe(1234.56);
    expect(parseAmount('1234,5')).toBe(1234.5);
    expect(parseAmount('-12,00')).toBe(-12);
    expect(parseAmount('(12.00)')).toBe(-12);
    expect(parseAmount('1.234')).toBe(1234);
    expect(parseAmount('12.345.678,90')).toBe(12345678.9);
    expect(parseAmount('abc')).toBeNull();
  });
  it('finds amounts in a line', () => {
    expect(findAmounts('IVA 21% sobre 1.000,00 €   210,00 €').map((a) => a.value)).toEqual([1000, 210]);
    expect(findAmounts('Total due  €2,420.00').map((a) => a.value)).toEqual([2420]);
  });
});

describe('dates', () => {
  it('reads the formats of issue 4, day-first', () => {
    for (const s of [
      '15/03/2024',
      '15-03-2024',
      '15.03.2024',
      '15 de marzo de 2024',
      'March 15, 2024',
      '15 March 2024',
    ])
      expect(findDates(s)[0]?.iso, s).toBe('2024-03-15');
    expect(findDates('03/04/2024')[0]?.iso).toBe('2024-04-03');
    expect(findDates('03/04/2024', { monthFirst: true })[0]?.iso).toBe('2024-03-04');
    expect(findDates('12/25/2018')[0]?.iso).toBe('2018-12-25');
    expect(parseDateValue('20240315')).toBe('2024-03-15');
    expect(findDates('31/02/2024')).toEqual([]);
  });
});

describe('implausible withholding', () => {
  const amount = (value: string) => ({ value, confidence: 0.6, source: 'ocr' as const, verified: false });

  it('leaves out a withholding not smaller than its base, with a warning', () => {
    const warnings: string[] = [];
    const fields: FieldMap = { tax_base: amount('100.00'), withholding_total: amount('1051.00') };
    dropImplausibleWithholding(fields, (w) => warnings.push(w.code));
    expect(fields.withholding_total).toBeUndefined();
    expect(warnings).toEqual(['WITHHOLDING_IMPLAUSIBLE']);
  });

  it('keeps a withholding that is a share of the base', () => {
    const fields: FieldMap = { tax_base: amount('100.00'), withholding_total: amount('15.00') };
    dropImplausibleWithholding(fields, () => {});
    expect(fields.withholding_total?.value).toBe('15.00');
  });
});

describe('implausible VAT', () => {
  const amount = (value: string) => ({ value, confidence: 0.6, source: 'ocr' as const, verified: false });

  it('leaves out a VAT larger than the total or its base, with a warning', () => {
    const warnings: string[] = [];
    const fields: FieldMap = {
      tax_base: amount('28.70'),
      vat_total: amount('2008047616.00'),
      total: amount('28.70'),
    };
    dropImplausibleVat(fields, (w) => warnings.push(w.code));
    expect(fields.vat_total).toBeUndefined();
    expect(warnings).toEqual(['VAT_IMPLAUSIBLE']);
  });

  it('keeps a VAT that is smaller than both', () => {
    const fields: FieldMap = {
      tax_base: amount('100.00'),
      vat_total: amount('21.00'),
      total: amount('125.00'),
    };
    dropImplausibleVat(fields, () => {});
    expect(fields.vat_total?.value).toBe('21.00');
  });
});
