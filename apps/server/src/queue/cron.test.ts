import { describe, expect, it } from 'vitest';
import { type Cron, cronMatches, latestCronTime, parseCron } from './cron';

const at = (iso: string) => new Date(iso);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pad = (n: number) => String(n).padStart(2, '0');
/** The minutes of one UTC hour ("2026-06-01T09") when the cron fires. */
const firingMinutes = (cron: Cron, hour: string) =>
  range(60).filter((m) => cronMatches(cron, at(`${hour}:${pad(m)}:00Z`)));
/** The UTC hours of one day ("2026-06-01") in which the cron fires at least once. */
const firingHours = (cron: Cron, day: string) =>
  range(24).filter((h) => firingMinutes(cron, `${day}T${pad(h)}`).length > 0);

describe('cron expressions', () => {
  it('reads lists, ranges, steps and *', () => {
    const cron = parseCron('*/15 9-17/4 1,15 * 1-5');
    expect(firingMinutes(cron, '2026-06-01T09')).toEqual([0, 15, 30, 45]); // a Monday, the 1st
    expect(firingHours(cron, '2026-06-01')).toEqual([9, 13, 17]);
    expect(firingHours(cron, '2026-06-02')).toEqual([9, 13, 17]); // a Tuesday: either day field
    expect(firingHours(cron, '2026-06-06')).toEqual([]); // a Saturday, neither the 1st nor the 15th
    expect(firingHours(cron, '2026-06-13')).toEqual([]);
    expect(firingHours(cron, '2026-06-15')).toEqual([9, 13, 17]);
    expect(firingMinutes(parseCron('5/20 * * * *'), '2026-06-01T09')).toEqual([5, 25, 45]);
    expect(cronMatches(parseCron('0 0 * * 7'), at('2026-06-07T00:00:00Z'))).toBe(true); // 7 is Sunday
    expect(firingMinutes(parseCron('1-3,10,20-22 * * * *'), '2026-06-01T09')).toEqual([
      1, 2, 3, 10, 20, 21, 22,
    ]);
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
