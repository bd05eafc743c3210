import { z } from 'zod';

export const CheckStatusSchema = z.enum(['ready', 'unavailable']);

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number().int(),
    /** Jobs that gave up after their retries; each needs an operator's look. Does not affect status. */
    deadLetteredJobs: z.number().int(),
    /** `local`: a trial on this machine (outbox and test checkout at /dev); `deployment`: neither. */
    mode: z.enum(['local', 'deployment']),
    checks: z.object({
      database: CheckStatusSchema,
      queue: CheckStatusSchema,
      files: CheckStatusSchema,
      ocr: CheckStatusSchema,
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
