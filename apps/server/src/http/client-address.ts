import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP address, for throttling. Behind a trusted proxy (TRUST_PROXY), the last address in
 * X-Forwarded-For is the one the proxy saw; earlier entries are whatever the client claimed. Otherwise the
 * socket's address. `unknown` when neither exists (requests made in-process, as in tests).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
