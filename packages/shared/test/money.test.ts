import { describe, expect, it } from 'vitest';
import { allocate, centsToDecimal, parseAmount, percentOf, roundDiv, toCents } from '../src';

describe('parseAmount: what people type, both styles, into cents', () => {
  it.each([
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1234.56', 123456],
    ['1234,56', 123456],
    ['-12,50', -1250],
    ['−12,50', -1250],
    ['12', 1200],
    ['€ 12,34', 1234],
    ['12,34 €', 1234],
    ['1 234,56', 123456],
    ['1\u00a0234,56\u00a0€', 123456],
    ['1.234.567', 123456700],
    ['1,234,567', 123456700],
    ['1.234.567,8', 123456780],
    ['.5', 50],
    ['12,345', 1235],
    ['0,005', 1],
    ['0,004', 0],
    ['-0,005', -1],
    ['1,005', 101],
  ])('%s → %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it('reads the writer language grouping mark before three digits as grouping', () => {
    expect(parseAmount('1.234', 'es')).toBe(123400);
    expect(parseAmount('-1.234', 'es')).toBe(-123400);
    expect(parseAmount('1,234', 'es')).toBe(123);
    expect(parseAmount('1,234', 'en')).toBe(123400);
    expect(parseAmount('1.234', 'en')).toBe(123);
    expect(parseAmount('1.234', undefined)).toBe(123);
    expect(parseAmount('12.34', 'es')).toBe(1234);
    expect(parseAmount('1.234,5', 'en')).toBe(123450);
  });

  it('is null for empty text and NaN for text that is not an amount', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  € ')).toBeNull();
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('12,3,4.5.6x')).toBeNaN();
  });
});

describe('toCents: the engine and API decimals, exactly', () => {
  it('reads decimals with a point and rounds half away from zero on the third decimal', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('12.3')).toBe(1230);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('0.125')).toBe(13);
    expect(toCents('-0.125')).toBe(-13);
    expect(toCents('0.1249')).toBe(12);
    expect(toCents('1.005')).toBe(101); // 1.005 * 100 is 100.49999… in floats
    expect(toCents(1.005)).toBe(101);
    expect(toCents('-0.004')).toBe(0);
  });

  it('is null for anything else', () => {
    expect(toCents(undefined)).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents('')).toBeNull();
    expect(toCents('1,5')).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });

  it('writes cents back as the same decimal', () => {
    expect(centsToDecimal(-123450)).toBe('-1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(toCents(centsToDecimal(-2100))).toBe(-2100);
  });
});

describe('rounding half away from zero', () => {
  it('rounds halves away from zero on both signs', () => {
    expect(roundDiv(5, 10)).toBe(1);
    expect(roundDiv(-5, 10)).toBe(-1);
    expect(roundDiv(4, 10)).toBe(0);
    expect(roundDiv(-15, 10)).toBe(-2);
    expect(percentOf(1050, 2100)).toBe(221); // 220.5 → 221
    expect(percentOf(-1050, 2100)).toBe(-221); // a credit note rounds the same way, mirrored
  });
});

describe('allocate: a total across rates without losing a cent', () => {
  it('splits in proportion and gives the leftover cents to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [10000, 5000, 2500])).toEqual([571, 286, 143]);
    const parts = allocate(99_999, [2100, 1000, 400, 0]);
    expect(parts.reduce((s, x) => s + x, 0)).toBe(99_999);
    expect(parts[3]).toBe(0);
  });

  it('keeps the sign of a negative total', () => {
    const parts = allocate(-1001, [1, 1]);
    expect(parts).toEqual([-501, -500]);
  });

  it('splits evenly when every weight is zero, and gives nothing to no parts', () => {
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(5, [])).toEqual([]);
  });
});
