import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../services';
import type { UserRow } from './repo';
import { authenticate } from './service';

/** The context of a route behind `requireAuth`: the signed-in user is on it. */
export type AuthEnv = { Variables: AppEnv['Variables'] & { user: UserRow } };

/** 401 UNAUTHORIZED unless the request carries a valid, unrevoked access token. */
export function requireAuth(services: Services) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    c.set('user', await authenticate(services, c.req.header('authorization')));
    await next();
  });
}
