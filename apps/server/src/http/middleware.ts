import { pickLocale } from '@cuadra/shared';
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
      frameSrc: ["'self'", ...google],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    await base(c, next);
    const forwarded = options.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
    const protocol = forwarded ?? new URL(c.req.url).protocol.replace(':', '');
    if (protocol === 'https') c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
