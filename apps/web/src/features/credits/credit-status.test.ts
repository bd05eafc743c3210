import { describe, expect, it } from 'vitest';
import { creditStatus, isLowInWidget, isLowOnSettings } from './credit-status';

describe('credit status (spec-1 §4)', () => {
  it.each([
    [0, 'none'],
    [-1, 'none'],
    [1, 'low'],
    [5, 'low'],
    [6, 'available'],
    [150, 'available'],
  ] as const)('%i credits is %s', (available, status) => {
    expect(creditStatus(available)).toBe(status);
  });

  it('the widget is low at 5 or fewer, settings only below 5', () => {
    expect([0, 1, 5, 6].map(isLowInWidget)).toEqual([true, true, true, false]);
    expect([0, 4, 5, 6].map(isLowOnSettings)).toEqual([true, true, false, false]);
  });
});
