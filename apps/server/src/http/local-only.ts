import type { Socket } from 'node:net';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors';
import type { AppEnv } from './context';

const isLoopbackAddress = (address: string) =>
  address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);

/**
 * Headers only a proxy adds. Any of them (X-Forwarded-Host alone included) means the request was relayed,
 * whatever the socket says. A proxy that adds none (nginx's bare `proxy_pass`) is caught at start instead:
 * the local trial refuses a PUBLIC_URL naming another host (`config.ts`, `checkServedDirectly`).
 */
const PROXY_HEADERS = ['forwarded', 'via', 'x-real-ip'];
const isRelayed = (headers: Headers) =>
  [...headers.keys()].some((name) => PROXY_HEADERS.includes(name) || name.startsWith('x-forwarded-'));

const LOCAL_HOSTNAMES = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * The local stand-ins (outbox, test checkout) answer only a person on this machine: the socket must come
 * from loopback, the request must not have been relayed by a proxy (which would make every visitor look
 * local), and the Host must be a loopback name (a page on another site that rebinds its DNS name to
 * 127.0.0.1 cannot read them). Anything else gets the 404 an absent route would.
 * Requests made in-process (`app.request()` in tests) have no socket and come from the process itself.
 */
export function loopbackOnly() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const socket = (c.env as { incoming?: { socket?: Socket } } | undefined)?.incoming?.socket;
    const fromLoopback = !socket || isLoopbackAddress(socket.remoteAddress ?? '');
    const relayed = isRelayed(c.req.raw.headers);
    const localHost = LOCAL_HOSTNAMES.test(c.req.header('host') ?? new URL(c.req.url).host);
    if (!fromLoopback || relayed || !localHost) throw new AppError('ROUTE_NOT_FOUND');
    await next();
  });
}

/**
 * A state-changing form post must come from a page of this site: the browser's Origin (or, when it sends
 * none, Sec-Fetch-Site) says so. A foreign page posting a form, or a request naming no origin, is refused.
 */
export function sameOriginPosts() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      const own = new URL(c.req.url).origin;
      const host = c.req.header('host');
      const sameOrigin =
        origin !== undefined && origin !== 'null'
          ? origin === own || (host !== undefined && hostOf(origin) === host)
          : c.req.header('sec-fetch-site') === 'same-origin';
      if (!sameOrigin) throw new AppError('CROSS_ORIGIN_REFUSED');
    }
    await next();
  });
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
