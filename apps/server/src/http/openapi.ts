import { ErrorBodySchema } from '@cuadra/shared';
import type { z } from '@hono/zod-openapi';

/** Shorthands for route definitions, so every feature documents its answers the same way. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body. */
export const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** An error answer (`{ error: { code, message, details } }`); the description names the codes. */
export const errorResponse = (description: string) => json(ErrorBodySchema, description);

/** Routes behind `requireAuth`: a Bearer access token. */
export const bearer = [{ bearer: [] }];

/** Routes that take a Bearer token when there is one and answer visitors too. */
export const optionalBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];
