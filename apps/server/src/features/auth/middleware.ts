import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../services';
import type { BalanceRow } from '../credits/ledger';
import type { UserRow } from './repo';
import { authenticate } from './service';

/**
 * The context of a route behind `requireAuth`: the signed-in user is on it, and their credit balance, read
 * with the user in the request's one session lookup (`/me` shows it without a second query).
 */
export type AuthEnv = { Variables: AppEnv['Variables'] & { user: UserRow; balance: BalanceRow | null } };

/** 401 UNAUTHORIZED unless the request carries a valid, unrevoked access token. */
export function requireAuth(services: Services) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const { user, balance } = await authenticate(services, c.req.header('authorization'));
    c.set('user', user);
    c.set('balance', balance);
    await next();
  });
}
