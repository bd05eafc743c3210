import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';

/**
 * The address links in emails and checkout return URLs start with (issue 16, item 6).
 *
 * In a deployment that is `PUBLIC_URL`, always: a request's Host header is never trusted for links. In the
 * local trial (no `PUBLIC_URL`) the user may open the app at `127.0.0.1:PORT` or `localhost:PORT`; a link
 * to the other one lands them signed out, since the session lives under the origin they used. So there,
 * and only for a loopback origin (nothing an outsider can point elsewhere), the request's own origin wins.
 */
const requestOrigin = new AsyncLocalStorage<string | null>();

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** The request's origin when it is a loopback address (`Origin`, else `Host` over http); null otherwise. */
export function loopbackOrigin(headers: { origin?: string; host?: string }): string | null {
  const candidates = [headers.origin, headers.host ? `http://${headers.host}` : undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.test(url.hostname)) {
        return url.origin;
      }
    } catch {
      // Not a URL: ignore it.
    }
  }
  return null;
}

/** Reads never write a link (every `publicUrl` caller answers a POST, PATCH or DELETE). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Remembers the request's loopback origin for `publicUrl`, only when `PUBLIC_URL` is not configured, and only
 * for requests that may write a link: a read pays for neither the parse nor the async context.
 */
export function rememberRequestOrigin(config: Config): MiddlewareHandler {
  return (c, next) => {
    if (config.isPublicUrlConfigured || READS.has(c.req.method)) return next();
    const origin = loopbackOrigin({ origin: c.req.header('origin'), host: c.req.header('host') });
    return requestOrigin.run(origin, next);
  };
}

export function publicUrl(config: Config): string {
  if (config.isPublicUrlConfigured) return config.PUBLIC_URL;
  return requestOrigin.getStore() ?? config.PUBLIC_URL;
}
