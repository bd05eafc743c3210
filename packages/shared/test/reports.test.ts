import { describe, expect, it } from 'vitest';
import { reportKind } from '../src/reports';

describe('reportKind', () => {
  it('keeps the spec day rule for ranges that are not whole periods', () => {
    expect(reportKind('2026-01-01', '2026-04-06')).toBe('quarterly'); // 95 days
    expect(reportKind('2026-01-01', '2026-04-07')).toBe('custom');
    expect(reportKind('2025-01-01', '2025-12-17')).toBe('annual'); // 350 days
    expect(reportKind('2026-02-01', '2026-11-24', { today: '2026-11-24' })).toBe('custom');
  });

  it('calls a year capped at today annual and a quarter capped at today quarterly', () => {
    const today = '2026-11-24';
    expect(reportKind('2026-01-01', today, { today })).toBe('annual'); // 327 days
    expect(reportKind('2026-01-01', today, { today, period: 'annual' })).toBe('annual');
    expect(reportKind('2026-10-01', today, { today, period: 'quarterly' })).toBe('quarterly');
    expect(reportKind('2026-01-01', '2026-06-30', { today })).toBe('custom'); // half a year
    // A date that is not today is not a capped end.
    expect(reportKind('2026-01-01', '2026-11-23', { today })).toBe('custom');
  });

  it('lets the shortcut decide in the first quarter, where the year so far is the quarter so far', () => {
    const today = '2026-02-10';
    expect(reportKind('2026-01-01', today, { today, period: 'annual' })).toBe('annual');
    expect(reportKind('2026-01-01', today, { today, period: 'quarterly' })).toBe('quarterly');
    expect(reportKind('2026-01-01', today, { today })).toBe('quarterly'); // the day rule
  });
});
