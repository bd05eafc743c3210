import type { Locale } from '@cuadra/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Logger } from '../logger';

/** What middleware puts on every request's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    locale: Locale;
  };
};

export type Router = OpenAPIHono<AppEnv>;
