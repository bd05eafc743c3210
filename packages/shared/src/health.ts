import { z } from 'zod';

export const CheckStatusSchema = z.enum(['ready', 'unavailable']);

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    /** `local`: a trial on this machine (outbox and test checkout at /dev); `deployment`: neither. */
    mode: z.enum(['local', 'deployment']),
    // The rest only for a caller with the HEALTH_TOKEN bearer: an anonymous caller learns no version.
    version: z.string().optional(),
    uptimeSeconds: z.number().int().optional(),
    /** Jobs that gave up after their retries; each needs an operator's look. Does not affect status. */
    deadLetteredJobs: z.number().int().optional(),
    /** Where originals are kept. */
    fileStore: z.enum(['disk', 's3']).optional(),
    /** The newest migration the database has applied, the newest this build ships, and how many are missing. */
    schema: z
      .object({ version: z.string().nullable(), expected: z.string(), pending: z.number().int() })
      .optional(),
    checks: z
      .object({
        database: CheckStatusSchema,
        queue: CheckStatusSchema,
        files: CheckStatusSchema,
        ocr: CheckStatusSchema,
        /** `unavailable` while the database lacks a migration this build ships. */
        schema: CheckStatusSchema,
      })
      .optional(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
