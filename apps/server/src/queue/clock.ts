/**
 * The queue's sense of time: what time it is (run_at, leases, schedules, all written from here rather than
 * from the database's now()) and its timers (polling, supervision, heartbeats, the stop grace). The system
 * clock in production; tests pass a manual one and move it, so a retry delay or a lapsed lease costs no
 * real waiting. Several processes on one database compare each other's leases: their hosts' clocks must
 * agree to well under a lease (seconds), as NTP keeps them.
 */
export type Clock = {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
};

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};
