import { describe, expect, it } from 'vitest';
import { parseDecimal } from './amount';

// Money parsing and formatting are the shared money and format modules' (packages/shared/test).
describe('parseDecimal', () => {
  it('reads quantities and rates as decimal strings', () => {
    expect(parseDecimal('21')).toBe('21');
    expect(parseDecimal('5,5 %')).toBe('5.5');
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('x')).toBe(false);
  });
});
