import type { z } from 'zod';

/** A failure that another attempt cannot fix (an unreadable file, a missing row): not retried. */
export class PermanentError extends Error {
  override name = 'PermanentError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A job's definition, generic over what its handlers are given (the app's `Services`). */
export type Job<T, Ctx> = {
  name: string;
  schema: z.ZodType<T>;
  /** Retries after the first attempt, with exponential backoff from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt running longer than this is taken back and retried. */
  expireInSeconds: number;
  /**
   * The worker reports in this often (every half of it); a job whose worker went silent (killed, machine
   * lost) is retried after it instead of after `expireInSeconds`.
   */
  heartbeatSeconds?: number;
  /**
   * Cron expression, 5 fields in UTC (queue/cron.ts): the queue sends the job at each tick, once across all
   * processes; a tick missed while nothing ran is still sent up to 15 minutes late.
   */
  schedule?: string;
  /** Deterministic key: a second send with the same key while one is queued or running is a no-op. */
  key?: (data: T) => string;
  run: (data: T, services: Ctx) => Promise<void>;
  /** Called once when the job gives up: a PermanentError, or the last retry failed. */
  onExhausted?: (data: T, error: unknown, services: Ctx) => Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type
export type AnyJob = Job<any, any>;
