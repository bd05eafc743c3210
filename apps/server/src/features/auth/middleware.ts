import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../../http/context';
import { requestHeader } from '../../http/node';
import type { Services } from '../../services';
import type { BalanceRow } from '../credits/ledger';
import { type Membership, refuseByRole } from '../firms/access';
import type { UserRow } from './repo';
import { authenticate } from './service';

/**
 * The context of a route behind `requireAuth`: the signed-in user is on it, and their credit balance, read
 * with the user in the request's one session lookup (`/me` shows it without a second query).
 */
export type AuthEnv = {
  Variables: AppEnv['Variables'] & { user: UserRow; balance: BalanceRow | null; member: Membership | null };
};

/**
 * 401 UNAUTHORIZED unless the request carries a valid, unrevoked access token; 403 when the user's role in
 * their firm does not allow the request (features/firms/access.ts).
 */
export function requireAuth(services: Services) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    // Routers mounted on one prefix each guard their paths, and a path can fall under two of them (the
    // client list's `/clients/*` and the invoice list's `/clients/:clientId/invoices`): once per request.
    if (c.var.user) return next();
    const { user, balance, member } = await authenticate(services, requestHeader(c, 'authorization'));
    refuseByRole(member, {
      method: c.req.method,
      path: c.req.path,
      readerMay: matchedRoutes(c).some((route) => route.handler === readerMay),
    });
    c.set('user', user);
    c.set('balance', balance);
    c.set('member', member);
    await next();
  });
}

/**
 * The mark of a write a reader may make (`middleware: [readerMay]` on its route): their own account, signing
 * out, leaving the firm, a report (an export made by POST). It does nothing when it runs; `requireAuth` looks
 * for it among the handlers the request matched, so every unmarked write is refused to a reader.
 */
export const readerMay: MiddlewareHandler = (_c, next) => next();
