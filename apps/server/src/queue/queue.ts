import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/client';
import type { Logger } from '../logger';
import { type AnyJob, type Job, PermanentError } from './job';

export type Queue = ReturnType<typeof createQueue>;

const deadLetterName = (name: string) => `${name}.dead`;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** pg-boss on the app's own database: PGlite through its adapter, PostgreSQL through its own pool. */
export function createQueue(
  database: Database,
  jobs: readonly AnyJob[],
  logger: Logger,
  options: { superviseIntervalSeconds: number },
) {
  const common = { schema: 'pgboss', superviseIntervalSeconds: options.superviseIntervalSeconds };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: connectionString(database), max: 5 });
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  let started = false;

  return {
    async start() {
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(deadLetterName(job.name));
        await boss.createQueue(job.name, {
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: job.expireInSeconds,
          ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
          deadLetter: deadLetterName(job.name),
        });
        // Loads the queue into pg-boss's cache now. Otherwise the first send inside a transaction looks
        // it up on another statement, which on PGlite's single connection waits for that transaction.
        await boss.findJobs(job.name, { id: NIL_UUID });
        if (job.schedule) await boss.schedule(job.name, job.schedule, {});
      }
      started = true;
    },

    /**
     * Enqueues a job. Pass `tx` to enqueue in the same transaction as the rows it concerns, so that
     * either both exist or neither does.
     */
    async send<T>(job: Job<T, never>, data: T, options: { tx?: Db } = {}): Promise<string | null> {
      const payload = job.schema.parse(data) as object;
      return boss.send(job.name, payload, {
        ...(job.key ? { singletonKey: job.key(data) } : {}),
        ...(options.tx ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },

    /** Starts this process's workers for every job. */
    async work(services: unknown, concurrency: number) {
      for (const job of jobs) {
        await boss.work(
          job.name,
          { batchSize: 1, localConcurrency: concurrency, perJobResults: true, pollingIntervalSeconds: 0.5 },
          async ([attempt]) => {
            if (!attempt) return [];
            const log = logger.child({ job: job.name, jobId: attempt.id, attempt: attempt.retryCount + 1 });
            try {
              await job.run(job.schema.parse(attempt.data), services);
              return [{ id: attempt.id, status: 'completed' }];
            } catch (error) {
              const permanent = error instanceof PermanentError;
              const exhausted = permanent || attempt.retryCount >= job.retryLimit;
              log[exhausted ? 'error' : 'warn']({ err: error, permanent }, 'job attempt failed');
              if (exhausted) await job.onExhausted?.(attempt.data as never, error, services);
              return [{ id: attempt.id, status: permanent ? 'deadletter' : 'failed' }];
            }
          },
        );
      }
    },

    /** Jobs that gave up, for health and operators. */
    async deadLetterCount(): Promise<number> {
      // Counted in SQL: health is polled often, and there may be many dead letters.
      const names = jobs.map((job) => deadLetterName(job.name));
      const result = (await database.db.execute(
        sql`select count(*)::int as count from pgboss.job where name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      )) as { rows: { count: number }[] };
      return Number(result.rows[0]?.count ?? 0);
    },

    isReady: () => started,

    /** Waits up to `timeoutMs` for running jobs; unfinished ones expire and run again elsewhere. */
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },

    boss,
  };
}

function connectionString(database: Extract<Database, { kind: 'postgres' }>): string {
  // biome-ignore lint/suspicious/noExplicitAny: pg keeps the connection string on the pool's options
  return (database.pool as any).options.connectionString;
}
