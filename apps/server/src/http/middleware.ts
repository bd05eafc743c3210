import { randomUUID } from 'node:crypto';
import { pickLocale } from '@cuadra/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from '../logger';
import type { AppEnv } from './context';
import { isNodeAnswer, presetHeader, requestHeader } from './node';

/** The longest caller-given request id that is kept (as Hono's `requestId` middleware). */
const REQUEST_ID_MAX_LENGTH = 255;
const REQUEST_ID_CHARACTERS = /^[\w\-=]+$/;

/**
 * `X-Request-Id` on every answer and `requestId` on the context: the caller's own id when it is a short
 * token (a proxy's), else a new UUID. Hono's `requestId` middleware does the same through `c.header`, which
 * builds a fetch `Headers` for every answer.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const given = requestHeader(c, 'x-request-id');
    const id =
      given && given.length <= REQUEST_ID_MAX_LENGTH && REQUEST_ID_CHARACTERS.test(given)
        ? given
        : randomUUID();
    c.set('requestId', id);
    presetHeader(c, 'X-Request-Id', id);
    return next();
  };
}

/** Logs one line per request with its id; the query string is left out because it can carry tokens. */
export function requestLogging(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    c.set('locale', pickLocale(requestHeader(c, 'accept-language')));
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
 * `Cache-Control: no-store` on the answer: answers that carry tokens or account data are never cached.
 * Served by Node, it is set on the Node answer before the route runs (no fetch `Headers` built); a route's
 * own `Cache-Control` then stands, and every route behind this one sets none or a no-store one. Under
 * `app.request()` it is set on the answer's own headers after the route, not with `c.header`: after the route
 * that would rebuild the answer as a streamed Response.
 */
export const noStore = createMiddleware(async (c, next) => {
  if (isNodeAnswer(c)) {
    presetHeader(c, 'Cache-Control', 'no-store');
    return next();
  }
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
  const hsts = 'max-age=31536000; includeSubDomains';
  const isTls = (c: Context) => {
    const forwarded = options.trustProxy ? requestHeader(c, 'x-forwarded-proto') : undefined;
    // The URL as the server received it: its scheme is all that is needed, no parse.
    return forwarded !== undefined ? forwarded === 'https' : c.req.url.startsWith('https:');
  };
  // Served by Node, the same headers are preset on the Node answer (a route's own, such as an original's
  // sandbox policy, wins as with `overwrite: false`), read once from what `secureHeaders` sets.
  let preset: [string, string][] | undefined;
  void headersSetBy(base).then((headers) => {
    preset = headers;
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (preset && isNodeAnswer(c)) {
      for (const [name, value] of preset) presetHeader(c, name, value);
      if (isTls(c)) presetHeader(c, 'Strict-Transport-Security', hsts);
      return next();
    }
    await base(c, next);
    if (isTls(c)) c.header('Strict-Transport-Security', hsts);
  });
}

/** The headers a header-setting middleware puts on an empty answer. */
async function headersSetBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const res = new Response(null);
  await middleware({ res } as unknown as Context, async () => {});
  return [...res.headers];
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
