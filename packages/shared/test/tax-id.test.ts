import { describe, expect, it } from 'vitest';
import { checkSpanishTaxId, isValidSpanishTaxId, normalizeSpanishTaxId } from '../src/tax-id';

describe('Spanish tax ids', () => {
  it('accepts NIFs, NIEs and CIFs with the right check character, however they are typed', () => {
    for (const id of ['12345678Z', '12345678-z', ' 12.345.678 Z ', 'X1234567L', 'Y1234567X', 'Z1234567R']) {
      expect(isValidSpanishTaxId(id), id).toBe(true);
    }
    expect(checkSpanishTaxId('B12345674')).toEqual({ kind: 'cif', valid: true });
    expect(checkSpanishTaxId('ESB12345674')).toEqual({ kind: 'cif', valid: true });
    expect(checkSpanishTaxId('Q2826000H')).toEqual({ kind: 'cif', valid: true });
    expect(checkSpanishTaxId('X1234567L')?.kind).toBe('nie');
  });

  it('refuses a wrong check character and anything not shaped like an id', () => {
    for (const id of ['12345678A', 'X1234567A', 'B12345675', 'Q2826000A', 'A1234567J']) {
      expect(isValidSpanishTaxId(id), id).toBe(false);
    }
    expect(checkSpanishTaxId('hello')).toBeNull();
    expect(checkSpanishTaxId('')).toBeNull();
  });

  it('normalises to upper case without separators or the ES prefix', () => {
    expect(normalizeSpanishTaxId('es b-1234567.4')).toBe('B12345674');
    expect(normalizeSpanishTaxId('12345678z')).toBe('12345678Z');
  });
});
