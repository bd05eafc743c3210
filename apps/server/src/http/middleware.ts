import { pickLocale } from '@cuadra/shared';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from '../logger';
import type { AppEnv } from './context';

/** Logs one line per request with its id; the query string is left out because it can carry tokens. */
export function requestLogging(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    c.set('locale', pickLocale(c.req.header('accept-language')));
    const started = performance.now();
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
}

/**
 * `Cache-Control: no-store` on the answer, after the route (which it overrides): answers that carry tokens
 * or account data are never cached. Set on the answer's own headers, not with `c.header`: after the route
 * that would rebuild the answer as a streamed Response, which the server then reads back chunk by chunk.
 */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});

/**
 * CSP, nosniff, frame-ancestors and referrer policy on every answer; HSTS only when the request came over
 * TLS (directly, or through a trusted proxy), since browsers ignore it on plain HTTP and it would pin
 * localhost to HTTPS.
 */
export function securityHeaders(options: { trustProxy: boolean; googleSignIn?: boolean }) {
  // Google Identity Services, only when Google sign-in is configured: its script, button frame and styles.
  const google = options.googleSignIn ? ['https://accounts.google.com/gsi/'] : [];
  const base = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google],
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...google],
      // The invoice viewer shows the original PDF from an object URL.
      frameSrc: ["'self'", 'blob:', ...google],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // A route may answer with its own, stricter policy (an uploaded original is served sandboxed): kept.
    overwrite: false,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    await base(c, next);
    const forwarded = options.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
    // The URL as the server received it: its scheme is all that is needed, no parse.
    const isTls = forwarded !== undefined ? forwarded === 'https' : c.req.url.startsWith('https:');
    if (isTls) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}

/**
 * The JSON body limit of `bodyLimit`, for requests that can carry a body. A GET or HEAD has none (the
 * server gives it no body stream), and asking for it would have @hono/node-server build a whole Request
 * object for nothing: the busiest routes are GETs.
 */
export function jsonBodyLimit(maxSize: number, onError: () => never) {
  const limit = bodyLimit({ maxSize, onError });
  return createMiddleware<AppEnv>((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next),
  );
}
