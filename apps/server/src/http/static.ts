import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/** Paths the SPA must never swallow: the API and the local stand-ins answer for themselves. */
const SERVER_PREFIXES = ['/api/', '/dev/'];

/** `/customer/:customerId` → a regular expression matching that address, trailing slash allowed. */
function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * The app's own addresses, as the build lists them (dist/routes.json); null for a build without the list,
 * which then answers every address with the app shell.
 */
function clientRoutes(dist: string): RegExp[] | null {
  const file = join(dist, 'routes.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as string[]).map(patternToRegExp);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, a directory with
 * its index.html (the prerendered public pages), the app shell for the app's own routes (so they survive a
 * reload), and the not-found page with status 404 for any other address that asks for HTML.
 */
export function serveWebApp(app: Hono<AppEnv>, dist: string) {
  const root = relative(process.cwd(), resolve(dist)) || '.';
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) return false;
  // When the build prerenders pages, dist/index.html is the landing page and the empty app shell is
  // dist/spa.html: the answer for every other address the client renders itself.
  const shellPath = existsSync(join(dist, 'spa.html')) ? join(dist, 'spa.html') : indexPath;
  const routes = clientRoutes(dist);
  const notFoundPath = join(dist, '404.html');
  const hasNotFoundPage = routes !== null && existsSync(notFoundPath);

  // `precompressed`: the build writes .br and .gz copies of text files; they are sent when accepted.
  const serve = serveStatic<AppEnv>({ root, precompressed: true });
  app.use('*', async (c, next) => {
    if (SERVER_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const response = await serve(c, next);
    if (!(response instanceof Response)) return; // not a file: the routes below answered
    const isHashed = c.req.path.startsWith('/assets/');
    response.headers.set('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    return response;
  });
  app.get('*', async (c, next) => {
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (SERVER_PREFIXES.some((prefix) => c.req.path.startsWith(prefix)) || !wantsHtml) return next();
    c.header('Cache-Control', 'no-cache');
    if (hasNotFoundPage && !routes?.some((route) => route.test(c.req.path))) {
      return c.html(await readFile(notFoundPath, 'utf8'), 404);
    }
    return c.html(await readFile(shellPath, 'utf8'));
  });
  return true;
}
