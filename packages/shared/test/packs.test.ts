import { describe, expect, it } from 'vitest';
import { currencySymbol, PACKS, savingPercent } from '../src';

describe('credit packs', () => {
  it('sells the spec’s two packs with their savings', () => {
    const [small, large] = PACKS;
    expect(small).toMatchObject({ credits: 33, amountCents: 600, originalAmountCents: 900, popular: false });
    expect(large).toMatchObject({
      credits: 150,
      amountCents: 2000,
      originalAmountCents: 4500,
      popular: true,
    });
    expect(savingPercent(small!)).toBe(33);
    expect(savingPercent(large!)).toBe(56);
  });

  it('shows no saving when the original is not higher', () => {
    expect(savingPercent({ amountCents: 900, originalAmountCents: 900 })).toBeNull();
    expect(savingPercent({ amountCents: 1000, originalAmountCents: 900 })).toBeNull();
  });

  it('uses € for euros and $ otherwise', () => {
    expect(currencySymbol('eur')).toBe('€');
    expect(currencySymbol('usd')).toBe('$');
  });
});
