import { describe, expect, it } from 'vitest';
import { centsToInput, formatEuros, parseAmount, parseDecimal } from './amount';

describe('parseAmount (spec-2 §5: strip €, spaces, comma → dot, × 100, round)', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12.50', 1250],
    ['€ 12,34', 1234],
    ['12,34 €', 1234],
    ['1 234,56', 123456],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234.567', 123456700],
    ['1.234.567,8', 123456780],
    ['0,005', 1],
    ['0,004', 0],
    ['-3,10', -310],
    ['.5', 50],
    ['12,345', 1235],
    ['1\u00a0234,56\u00a0€', 123456],
  ])('%s → %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it('is null for empty text and NaN for text that is not an amount', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  € ')).toBeNull();
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('12,3,4.5.6x')).toBeNaN();
  });

  it('rounds floating-point noise to the nearest cent', () => {
    expect(parseAmount('1,005')).toBe(101);
    expect(parseAmount('0,1')).toBe(10);
    expect(parseAmount('19,99')).toBe(1999);
  });
});

describe('amount helpers', () => {
  it('writes cents back for editing in the page language', () => {
    expect(centsToInput(123456, 'es')).toBe('1234,56');
    expect(centsToInput(123456, 'en')).toBe('1234.56');
    expect(centsToInput(null, 'en')).toBe('');
    expect(parseAmount(centsToInput(-5, 'es'))).toBe(-5);
  });

  it('reads quantities and rates as decimal strings', () => {
    expect(parseDecimal('21')).toBe('21');
    expect(parseDecimal('5,5 %')).toBe('5.5');
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('x')).toBe(false);
  });

  it('formats money as each language writes it', () => {
    expect(formatEuros(123456, 'es')).toBe('1.234,56\u00a0€');
    expect(formatEuros(123456, 'en')).toBe('€1,234.56');
    expect(formatEuros(0, 'es')).toBe('0,00\u00a0€');
  });
});
