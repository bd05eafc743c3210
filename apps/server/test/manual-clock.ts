import type { Clock } from '../src/queue/clock';

/** A clock that stands still until the test moves it; its timers fire as it passes their time. */
export function createManualClock(start = new Date()) {
  let now = start.getTime();
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();

  const clock = {
    now: () => new Date(now),
    setTimeout(run: () => void, ms: number) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return id;
    },
    clearTimeout(timer: unknown) {
      timers.delete(timer as number);
    },
    /** Moves the time `ms` forward, firing each timer due on the way, in order, at its own time. */
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        let due: [number, { at: number; run: () => void }] | undefined;
        for (const entry of timers)
          if (entry[1].at <= target && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
      }
      now = target;
    },
    /** Resolves once the clock has been moved `ms` forward. */
    sleep: (ms: number) => new Promise<void>((done) => clock.setTimeout(done, ms)),
  } satisfies Clock & Record<string, unknown>;
  return clock;
}

export type ManualClock = ReturnType<typeof createManualClock>;

/**
 * Moves `clock` forward `stepMs` at a time until `check` returns a value, waiting at each step for `idle`
 * (the work the timers started); fails once `limitMs` of clock time have passed without it.
 */
export async function advanceUntil<T>(
  clock: ManualClock,
  check: () => Promise<T | undefined>,
  {
    stepMs = 250,
    limitMs = 120_000,
    idle,
  }: { stepMs?: number; limitMs?: number; idle?: () => Promise<void> } = {},
): Promise<T> {
  for (let passed = 0; ; passed += stepMs) {
    const value = await check();
    if (value !== undefined) return value;
    if (passed >= limitMs) throw new Error(`Condition not met within ${limitMs} ms of clock time`);
    clock.advance(stepMs);
    // What the timers started (database round trips) finishes before the clock moves again.
    await new Promise((done) => setImmediate(done));
    await idle?.();
  }
}
