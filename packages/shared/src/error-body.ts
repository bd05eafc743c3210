import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** The body of every error answer: `{ error: { code, message, details } }`. */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
