import { Cron as Croner } from 'croner';

/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), read in UTC, by croner: `*`,
 * numbers, ranges, steps (`a/n` too, as in Vixie cron) and lists. Day of week 0-7, both 0 and 7 Sunday; when
 * both day fields are restricted a day matches either of them (Vixie cron, croner's default).
 */
export type Cron = Croner;

export function parseCron(expression: string): Cron {
  try {
    return new Croner(expression, { timezone: 'UTC', paused: true, mode: '5-part', sloppyRanges: true });
  } catch (error) {
    throw new Error(`cron "${expression}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

const MINUTE = 60_000;
const minuteOf = (date: Date) => Math.floor(date.getTime() / MINUTE) * MINUTE;

/** Whether the cron fires in the UTC minute that holds `date`. */
export function cronMatches(cron: Cron, date: Date): boolean {
  return cron.match(new Date(minuteOf(date)));
}

/**
 * The latest minute at or before `now` when the cron fires, looking back at most `withinMinutes` minutes
 * (the minute of `now` included); null if it did not fire in that time.
 */
export function latestCronTime(cron: Cron, now: Date, withinMinutes: number): Date | null {
  const start = minuteOf(now);
  // previousRuns looks strictly before its reference: one millisecond past the minute includes it.
  const [latest] = cron.previousRuns(1, new Date(start + 1));
  return latest && latest.getTime() > start - withinMinutes * MINUTE ? latest : null;
}
