import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { jobs as jobsTable } from '../db/schema';
import type { Logger } from '../logger';
import { type Clock, systemClock } from './clock';
import { type Cron, latestCronTime, parseCron } from './cron';
import { type AnyJob, type Job, PermanentError } from './job';

export type Queue = ReturnType<typeof createQueue>;

/** How often an idle worker looks for ready jobs; a finished attempt or a local send looks at once. */
const POLL_MS = 500;
/** How often every process checks the schedules (cron has minute resolution). */
const SCHEDULE_MS = 10_000;
/** A tick missed while no process ran (a restart, a deploy) is still sent this long after it. */
const CATCH_UP_MINUTES = 15;
/** Completed jobs are deleted after this; dead ones are kept. Longer than CATCH_UP_MINUTES (their slots). */
const KEEP_COMPLETED = sql`interval '1 day'`;
/** The longest wait between two attempts, however many retries came before. */
const MAX_BACKOFF_SECONDS = 24 * 60 * 60;
/** Lapsed leases taken back per job and supervision round. */
const TAKE_BACK_BATCH = 100;

type JobState = (typeof jobsTable.$inferSelect)['state'];
type Claimed = { id: string; data: unknown; attempts: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const seconds = (value: number) => sql`make_interval(secs => ${value}::float8)`;
const backoffSeconds = (job: AnyJob, attempts: number) =>
  Math.min(job.retryDelaySeconds * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_SECONDS);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Background jobs in the app's own database (the `jobs` table): PGlite in the embedded mode, PostgreSQL at
 * scale, where any number of worker processes share it. Workers claim with `FOR UPDATE SKIP LOCKED` and
 * hold a lease (`locked_until`) that heartbeats extend; a lease that lapses is taken back and retried.
 * No transaction stays open while a job runs: PGlite has one connection.
 */
export function createQueue(
  database: Database,
  jobs: readonly AnyJob[],
  logger: Logger,
  options: { superviseIntervalSeconds: number; clock?: Clock },
) {
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  /** The clock's time as a timestamp in SQL: every time the queue writes or compares is the clock's. */
  const at = () => sql`${now().toISOString()}::timestamptz`;
  const names = jobs.map((job) => job.name);
  const schedules: { job: AnyJob; cron: Cron; sent?: number }[] = jobs.flatMap((job) =>
    job.schedule ? [{ job, cron: parseCron(job.schedule) }] : [],
  );

  let started = false;
  let services: unknown;
  const workers: { job: AnyJob; concurrency: number; running: number }[] = [];
  const timers = new Set<unknown>();
  /** Attempts running in this process, and the queue's own bookkeeping (a poll, a round of supervision). */
  const attempts = new Set<Promise<void>>();
  const chores = new Set<Promise<void>>();
  let polling = false;
  let pollAgain = false;

  /** Runs `task` now and every `ms` after it finishes, until stop. */
  function every(ms: number, task: () => Promise<void>) {
    const run = () => {
      if (!started) return;
      const chore = task()
        .catch((error) => logger.error({ err: error }, 'queue bookkeeping failed'))
        .finally(() => {
          chores.delete(chore);
          if (!started) return;
          const timer = clock.setTimeout(() => {
            timers.delete(timer);
            run();
          }, ms);
          timers.add(timer);
        });
      chores.add(chore);
    };
    run();
  }

  /** Sends each schedule's latest tick, once across processes: (name, slot) is unique. */
  async function sendSchedules() {
    for (const schedule of schedules) {
      const slot = latestCronTime(schedule.cron, now(), CATCH_UP_MINUTES);
      if (!slot || schedule.sent === slot.getTime()) continue;
      await db
        .insert(jobsTable)
        .values({ name: schedule.job.name, data: {}, slot, runAt: now() })
        .onConflictDoNothing();
      schedule.sent = slot.getTime();
    }
  }

  /** Looks for ready jobs for every worker with a free slot, and starts them. */
  async function poll() {
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    try {
      do {
        pollAgain = false;
        const free = workers.filter((worker) => worker.running < worker.concurrency);
        if (!started || !free.length) break;
        // One cheap query while idle, instead of one claim per job.
        const ready = rowsOf<{ name: string }>(
          await db.execute(sql`select distinct name from ${jobsTable}
            where state = 'queued' and run_at <= ${at()}
              and name in (${sql.join(
                free.map((worker) => sql`${worker.job.name}`),
                sql`, `,
              )})`),
        ).map((row) => row.name);
        for (const worker of free) {
          if (!started || !ready.includes(worker.job.name)) continue;
          const wanted = worker.concurrency - worker.running;
          const claimed = await claim(worker.job, wanted);
          for (const attempt of claimed) run(worker, attempt);
          if (claimed.length === wanted) pollAgain = true; // there may be more
        }
      } while (pollAgain && started);
    } finally {
      polling = false;
    }
  }

  function wake() {
    if (!started || !workers.length) return;
    const chore = poll()
      .catch((error) => logger.error({ err: error }, 'queue poll failed'))
      .finally(() => chores.delete(chore));
    chores.add(chore);
  }

  async function claim(job: AnyJob, limit: number): Promise<Claimed[]> {
    const lease = Math.min(job.heartbeatSeconds ?? job.expireInSeconds, job.expireInSeconds);
    return rowsOf<Claimed>(
      await db.execute(sql`update ${jobsTable}
        set state = 'active', attempts = attempts + 1, started_at = ${at()},
            locked_until = ${at()} + ${seconds(lease)}
        where id in (
          select id from ${jobsTable}
          where name = ${job.name} and state = 'queued' and run_at <= ${at()}
          order by run_at
          limit ${limit}
          for update skip locked)
        returning id, data, attempts`),
    );
  }

  /**
   * Settles the attempt numbered `attempt` of job `id`, if it still holds the lease: an attempt whose lease
   * lapsed (and was taken back) must not overwrite what the next attempt does. True when it held it.
   */
  async function settle(
    id: string,
    attempt: number,
    state: JobState,
    fields: { runAt?: ReturnType<typeof sql>; lastError?: string | null },
  ): Promise<boolean> {
    const finished = state === 'completed' || state === 'dead';
    const rows = rowsOf(
      await db.execute(sql`update ${jobsTable}
        set state = ${state}, locked_until = null,
            finished_at = ${finished ? at() : sql`null`},
            run_at = ${fields.runAt ?? sql`run_at`},
            last_error = ${fields.lastError ?? null}
        where id = ${id} and state = 'active' and attempts = ${attempt}
        returning id`),
    );
    return rows.length > 0;
  }

  function run(worker: (typeof workers)[number], claimed: Claimed) {
    const { job } = worker;
    worker.running++;
    const log = logger.child({ job: job.name, jobId: claimed.id, attempt: claimed.attempts });
    // Every half lease, from when the attempt starts until it ends; a heartbeat write is bookkeeping.
    let heartbeat: unknown;
    const beat = (beatSeconds: number) => {
      heartbeat = clock.setTimeout(
        () => {
          beat(beatSeconds);
          const chore = db
            .execute(sql`update ${jobsTable}
            set locked_until = least(${at()} + ${seconds(beatSeconds)},
                                     started_at + ${seconds(job.expireInSeconds)})
            where id = ${claimed.id} and state = 'active' and attempts = ${claimed.attempts}`)
            .then(() => undefined)
            .catch((error) => log.warn({ err: error }, 'job heartbeat failed'))
            .finally(() => chores.delete(chore));
          chores.add(chore);
        },
        (beatSeconds * 1000) / 2,
      );
    };
    if (job.heartbeatSeconds) beat(job.heartbeatSeconds);

    const attempt = (async () => {
      let data: unknown = claimed.data;
      try {
        const parsed = job.schema.safeParse(claimed.data);
        if (!parsed.success) throw new PermanentError(`payload does not match: ${parsed.error.message}`);
        data = parsed.data;
        await job.run(data, services);
        if (!(await settle(claimed.id, claimed.attempts, 'completed', {})))
          log.warn('job finished after its lease was taken back; the later attempt decides');
      } catch (error) {
        const permanent = error instanceof PermanentError;
        const exhausted = permanent || claimed.attempts > job.retryLimit;
        log[exhausted ? 'error' : 'warn']({ err: error, permanent }, 'job attempt failed');
        if (exhausted) {
          // Dead first, then onExhausted: only the attempt that still held the lease calls it, once.
          if (await settle(claimed.id, claimed.attempts, 'dead', { lastError: errorText(error) }))
            await job
              .onExhausted?.(data, error, services)
              .catch((failure) => log.error({ err: failure }, 'onExhausted failed'));
        } else {
          await settle(claimed.id, claimed.attempts, 'queued', {
            runAt: sql`${at()} + ${seconds(backoffSeconds(job, claimed.attempts))}`,
            lastError: errorText(error),
          });
        }
      }
    })()
      .catch((error) => log.error({ err: error }, 'job result could not be recorded'))
      .finally(() => {
        if (heartbeat !== undefined) clock.clearTimeout(heartbeat);
        worker.running--;
        attempts.delete(attempt);
        wake();
      });
    attempts.add(attempt);
  }

  /**
   * Takes back attempts whose lease lapsed (their worker died or went silent, or they ran past
   * `expireInSeconds`): retried with backoff, or dead with onExhausted once the retries are spent.
   * SKIP LOCKED: with several workers, each lapsed attempt is taken back by exactly one.
   */
  async function supervise() {
    for (const job of jobs) {
      const taken = rowsOf<{ id: string; data: unknown; state: JobState }>(
        await db.execute(sql`update ${jobsTable}
          set state = case when attempts > ${job.retryLimit} then 'dead'::job_state else 'queued'::job_state end,
              finished_at = case when attempts > ${job.retryLimit} then ${at()} end,
              run_at = ${at()} + make_interval(secs => least(
                ${job.retryDelaySeconds}::float8 * power(2, greatest(attempts - 1, 0)), ${MAX_BACKOFF_SECONDS}::float8)),
              locked_until = null,
              last_error = 'the attempt''s lease lapsed (its worker stopped, or it ran past expireInSeconds)'
          where id in (
            select id from ${jobsTable}
            where name = ${job.name} and state = 'active' and locked_until < ${at()}
            limit ${TAKE_BACK_BATCH}
            for update skip locked)
          returning id, data, state`),
      );
      for (const row of taken) {
        logger.warn({ job: job.name, jobId: row.id, state: row.state }, 'job lease lapsed: taken back');
        if (row.state !== 'dead' || !job.onExhausted) continue;
        const parsed = job.schema.safeParse(row.data);
        await job
          .onExhausted(parsed.success ? parsed.data : row.data, new Error('lease lapsed'), services)
          .catch((error) => logger.error({ err: error, job: job.name, jobId: row.id }, 'onExhausted failed'));
      }
    }
    await db.execute(
      sql`delete from ${jobsTable} where state = 'completed' and finished_at < ${at()} - ${KEEP_COMPLETED}`,
    );
  }

  return {
    async start() {
      if (started) return;
      started = true;
      if (schedules.length) every(SCHEDULE_MS, sendSchedules);
      // The first round of schedules is sent before start returns.
      await Promise.all(chores);
    },

    /**
     * Enqueues a job. Pass `tx` to enqueue in the same transaction as the rows it concerns, so that
     * either both exist or neither does. With a `key`, null when one with that key is already queued or
     * running.
     */
    async send<T>(job: Job<T, never>, data: T, options: { tx?: Db } = {}): Promise<string | null> {
      const payload = job.schema.parse(data) as object;
      const [row] = await (options.tx ?? db)
        .insert(jobsTable)
        .values({ name: job.name, data: payload, key: job.key ? job.key(data) : null, runAt: now() })
        .onConflictDoNothing()
        .returning({ id: jobsTable.id });
      // Through a transaction the row is seen at its commit, by the next poll.
      if (row && !options.tx) wake();
      return row?.id ?? null;
    },

    /** Starts this process's workers for every job: up to `concurrency` attempts of each at once. */
    async work(context: unknown, concurrency: number) {
      services = context;
      for (const job of jobs) workers.push({ job, concurrency, running: 0 });
      every(POLL_MS, poll);
      every(options.superviseIntervalSeconds * 1000, supervise);
    },

    /** Jobs that gave up, for health and operators. */
    async deadLetterCount(): Promise<number> {
      if (!names.length) return 0;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobsTable)
        .where(and(eq(jobsTable.state, 'dead'), inArray(jobsTable.name, names)));
      return Number(row?.count ?? 0);
    },

    /** A job's rows, oldest first: for tests and operators. */
    async inspect(name: string) {
      return db
        .select({
          id: jobsTable.id,
          state: jobsTable.state,
          data: jobsTable.data,
          key: jobsTable.key,
          slot: jobsTable.slot,
          attempts: jobsTable.attempts,
          runAt: jobsTable.runAt,
          lastError: jobsTable.lastError,
        })
        .from(jobsTable)
        .where(eq(jobsTable.name, name))
        .orderBy(asc(jobsTable.createdAt), asc(jobsTable.id));
    },

    /** How many of a job's rows are in each state. */
    async counts(name: string): Promise<Record<JobState, number>> {
      const rows = await db
        .select({ state: jobsTable.state, count: sql<number>`count(*)::int` })
        .from(jobsTable)
        .where(eq(jobsTable.name, name))
        .groupBy(jobsTable.state);
      const counts = { queued: 0, active: 0, completed: 0, dead: 0 };
      for (const row of rows) counts[row.state] = Number(row.count);
      return counts;
    },

    isReady: () => started,

    /** Resolves once no bookkeeping (poll, supervision, heartbeat, schedule) is under way: for tests that move a manual clock. */
    async idle() {
      while (chores.size) await Promise.allSettled([...chores]);
    },

    /**
     * Stops polling and waits up to `timeoutMs` for running attempts to finish and be recorded; an
     * unfinished one keeps its lease until it lapses, then runs again elsewhere.
     */
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      started = false;
      for (const timer of timers) clock.clearTimeout(timer);
      timers.clear();
      let timeout: unknown;
      await Promise.race([
        Promise.allSettled([...attempts, ...chores]),
        new Promise((done) => {
          timeout = clock.setTimeout(() => done(undefined), timeoutMs);
        }),
      ]);
      clock.clearTimeout(timeout);
      // Bookkeeping is short; it must not outlive the database it writes to.
      await Promise.allSettled([...chores]);
      workers.length = 0;
    },
  };
}
