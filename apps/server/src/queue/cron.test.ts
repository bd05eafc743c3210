import { describe, expect, it } from 'vitest';
import { cronMatches, latestCronTime, parseCron } from './cron';

const at = (iso: string) => new Date(iso);
const sorted = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);

describe('cron expressions', () => {
  it('reads lists, ranges, steps and *', () => {
    const cron = parseCron('*/15 9-17/4 1,15 * 1-5');
    expect(sorted(cron.minutes)).toEqual([0, 15, 30, 45]);
    expect(sorted(cron.hours)).toEqual([9, 13, 17]);
    expect(sorted(cron.days)).toEqual([1, 15]);
    expect(cron.months.size).toBe(12);
    expect(sorted(cron.weekdays)).toEqual([1, 2, 3, 4, 5]);
    expect(sorted(parseCron('5/20 * * * *').minutes)).toEqual([5, 25, 45]);
    expect(sorted(parseCron('0 0 * * 7').weekdays)).toEqual([0]);
    expect(sorted(parseCron('1-3,10,20-22 * * * *').minutes)).toEqual([1, 2, 3, 10, 20, 21, 22]);
  });

  it('refuses what it does not understand', () => {
    for (const bad of [
      '* * * *',
      '* * * * * *',
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '* * * 13 *',
      '* * * * 8',
      '*/0 * * * *',
      '5-1 * * * *',
      'a * * * *',
      '* * * JAN *',
      '1-2-3 * * * *',
      '*/2/3 * * * *',
      ', * * * *',
    ])
      expect(() => parseCron(bad), bad).toThrow(/cron/);
  });

  it('matches in UTC', () => {
    const weekly = parseCron('0 7 * * 1');
    expect(cronMatches(weekly, at('2026-11-23T07:00:30Z'))).toBe(true); // a Monday
    expect(cronMatches(weekly, at('2026-11-24T07:00:00Z'))).toBe(false);
    expect(cronMatches(weekly, at('2026-11-23T07:01:00Z'))).toBe(false);
    expect(cronMatches(weekly, at('2026-11-23T08:00:00+01:00'))).toBe(true);
  });

  it('matches either day field when both are restricted, as cron does', () => {
    const cron = parseCron('0 0 13 * 5'); // the 13th, and every Friday
    expect(cronMatches(cron, at('2026-11-13T00:00:00Z'))).toBe(true); // Friday the 13th
    expect(cronMatches(cron, at('2026-10-13T00:00:00Z'))).toBe(true); // a Tuesday
    expect(cronMatches(cron, at('2026-11-20T00:00:00Z'))).toBe(true); // a Friday
    expect(cronMatches(cron, at('2026-11-19T00:00:00Z'))).toBe(false);
    const fridays = parseCron('0 0 * * 5');
    expect(cronMatches(fridays, at('2026-10-13T00:00:00Z'))).toBe(false);
  });

  it('finds the latest tick within a window', () => {
    const every10 = parseCron('*/10 * * * *');
    expect(latestCronTime(every10, at('2026-11-24T23:47:12Z'), 15)?.toISOString()).toBe(
      '2026-11-24T23:40:00.000Z',
    );
    expect(latestCronTime(every10, at('2026-11-24T23:40:59Z'), 15)?.toISOString()).toBe(
      '2026-11-24T23:40:00.000Z',
    );
    expect(latestCronTime(parseCron('30 3 * * *'), at('2026-11-24T03:50:00Z'), 15)).toBeNull();
    expect(latestCronTime(parseCron('30 3 * * *'), at('2026-11-24T03:44:00Z'), 15)?.toISOString()).toBe(
      '2026-11-24T03:30:00.000Z',
    );
  });

  it('reads every schedule the app uses', async () => {
    const { JOBS } = await import('../jobs');
    for (const job of JOBS) if (job.schedule) expect(() => parseCron(job.schedule!)).not.toThrow();
  });
});
