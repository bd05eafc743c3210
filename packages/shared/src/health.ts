import { z } from 'zod';

export const CheckStatusSchema = z.enum(['ready', 'unavailable']);

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number().int(),
    /** Jobs that gave up after their retries; each needs an operator's look. Does not affect status. */
    deadLetteredJobs: z.number().int(),
    /** Where originals are kept. */
    fileStore: z.enum(['disk', 's3']),
    /** The newest migration the database has applied, the newest this build ships, and how many are missing. */
    schema: z.object({ version: z.string().nullable(), expected: z.string(), pending: z.number().int() }),
    /** `local`: a trial on this machine (outbox and test checkout at /dev); `deployment`: neither. */
    mode: z.enum(['local', 'deployment']),
    checks: z.object({
      database: CheckStatusSchema,
      queue: CheckStatusSchema,
      files: CheckStatusSchema,
      ocr: CheckStatusSchema,
      /** `unavailable` while the database lacks a migration this build ships. */
      schema: CheckStatusSchema,
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
