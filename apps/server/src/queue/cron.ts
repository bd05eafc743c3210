/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), read in UTC: `*`, numbers,
 * ranges `a-b`, steps `*\/n`, `a-b/n` and `a/n`, and lists of those. Day of week 0-7, both 0 and 7 Sunday.
 * As in Vixie cron, when both day fields are restricted a day matches either of them.
 */
export type Cron = {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Whether the day-of-month / day-of-week field was `*` (or `*` with a step, which still means any day). */
  anyDay: boolean;
  anyWeekday: boolean;
};

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}": expected 5 fields, found ${parts.length}`);
  const sets = parts.map((part, i) => parseField(part, FIELDS[i]!, expression));
  const weekdays = new Set([...sets[4]!].map((day) => day % 7));
  return {
    minutes: sets[0]!,
    hours: sets[1]!,
    days: sets[2]!,
    months: sets[3]!,
    weekdays,
    anyDay: parts[2]!.startsWith('*'),
    anyWeekday: parts[4]!.startsWith('*'),
  };
}

function parseField(
  field: string,
  { name, min, max }: (typeof FIELDS)[number],
  expression: string,
): Set<number> {
  const fail = (why: string): never => {
    throw new Error(`cron "${expression}": ${name} "${field}" ${why}`);
  };
  const number = (text: string): number => {
    if (!/^\d+$/.test(text)) fail(`has "${text}" where a number belongs`);
    const value = Number(text);
    if (value < min || value > max) fail(`is outside ${min}-${max}`);
    return value;
  };
  const values = new Set<number>();
  for (const item of field.split(',')) {
    const [range = '', stepText, ...rest] = item.split('/');
    if (rest.length) fail('has more than one step');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (stepText !== undefined && (!/^\d+$/.test(stepText) || step < 1)) fail(`has a bad step "${stepText}"`);
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [min, max];
    else if (range.includes('-')) {
      const [a = '', b = '', ...more] = range.split('-');
      if (more.length) fail('has a bad range');
      [from, to] = [number(a), number(b)];
      if (from > to) fail('has a range that runs backwards');
    } else {
      from = number(range);
      // `a/n` runs from a to the field's end, as in Vixie cron.
      to = stepText === undefined ? from : max;
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Whether the cron fires in the UTC minute that holds `date`. */
export function cronMatches(cron: Cron, date: Date): boolean {
  if (!cron.minutes.has(date.getUTCMinutes()) || !cron.hours.has(date.getUTCHours())) return false;
  if (!cron.months.has(date.getUTCMonth() + 1)) return false;
  const day = cron.days.has(date.getUTCDate());
  const weekday = cron.weekdays.has(date.getUTCDay());
  if (cron.anyDay && cron.anyWeekday) return true;
  if (cron.anyDay) return weekday;
  if (cron.anyWeekday) return day;
  return day || weekday;
}

const MINUTE = 60_000;

/**
 * The latest minute at or before `now` when the cron fires, looking back at most `withinMinutes` minutes
 * (the minute of `now` included); null if it did not fire in that time.
 */
export function latestCronTime(cron: Cron, now: Date, withinMinutes: number): Date | null {
  const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
  for (let i = 0; i < withinMinutes; i++) {
    const minute = new Date(start - i * MINUTE);
    if (cronMatches(cron, minute)) return minute;
  }
  return null;
}
