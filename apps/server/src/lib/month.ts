/**
 * The month of a client's monthly limit (spec-2 §5) is the calendar month in Spain's mainland time: the
 * product's users are Spanish accountants, and a file dropped at 00:30 on the 1st in Madrid belongs to the
 * new month even though it is still the previous day in UTC. (Canarias is an hour behind; one zone keeps
 * the count the same for an accountant and their clients wherever they are.)
 */
export const MONTHLY_LIMIT_TIME_ZONE = 'Europe/Madrid';

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the calendar month holding `now` began in `timeZone` (midnight of the 1st there). */
export function monthStart(now: Date, timeZone = MONTHLY_LIMIT_TIME_ZONE): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(now, timeZone));
  const midnightAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  // The offset at that midnight, not now's: the month may have changed between summer and winter time.
  return new Date(midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone));
}
