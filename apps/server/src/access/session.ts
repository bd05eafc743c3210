import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { AppError } from '../errors';
import type { AppEnv } from '../http/context';
import { requestHeader } from '../http/node';
import type { Services } from '../services';
import { type Membership, refuseByRole } from './firm';
import { verifyAccessToken } from './tokens';
import { type BalanceRow, findUserWithBalance, type UserRow } from './users';

/**
 * The context of a route behind `requireAuth`: the signed-in user is on it, and their credit balance, read
 * with the user in the request's one session lookup (`/me` shows it without a second query).
 */
export type AuthEnv = {
  Variables: AppEnv['Variables'] & { user: UserRow; balance: BalanceRow | null; member: Membership | null };
};

/**
 * 401 UNAUTHORIZED unless the request carries a valid, unrevoked access token; 403 when the user's role in
 * their firm does not allow the request (access/firm.ts).
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

/** The user behind a Bearer token, or UNAUTHORIZED: bad signature, expired, wrong type, or revoked. */
/** The signed-in user (and their balance, read in the same query) of a request's bearer token. */
export async function authenticate(
  services: Services,
  authorization: string | undefined,
): Promise<{ user: UserRow; balance: BalanceRow | null; member: Membership | null }> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const claims = match?.[1] ? await verifyAccessToken(services.auth.accessKey, match[1]) : null;
  if (!claims) throw new AppError('UNAUTHORIZED');
  const found = await findUserWithBalance(services.db, claims.userId);
  if (!found || found.user.tokenVersion !== claims.version) throw new AppError('UNAUTHORIZED');
  return found;
}
