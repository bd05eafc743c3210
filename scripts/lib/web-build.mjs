import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;
const DIST = join(ROOT, 'apps/web/dist');
const STAMP = join(DIST, '.build.json');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

/**
 * The address prerendered pages name in their canonical links: the one the server will answer at, by the
 * same rule as the server's PUBLIC_URL default (apps/server/src/config.ts, defaultPublicUrl).
 */
export function publicUrl(env) {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = env.HOST || '127.0.0.1';
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${env.PORT || 3000}`;
}

/**
 * Builds the web app when it has never been built, when its sources changed since, or when it was built
 * for another public address. Always a production build, whoever calls it (test runners set NODE_ENV=test).
 * The build runs in a process group of its own; `signal` (an AbortSignal) ends all of it, so stopping
 * `npm start` while it builds leaves nothing running.
 */
export async function ensureWebBuild({ env = process.env, log = console.log, signal } = {}) {
  const stamp = existsSync(STAMP) ? JSON.parse(readFileSync(STAMP, 'utf8')) : null;
  const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  const url = publicUrl(env);
  if (stamp && stamp.builtAt >= changedAt && stamp.publicUrl === url) return;
  log(
    stamp
      ? 'Web app sources or address changed: rebuilding the web app…'
      : 'Building the web app… (first start only, about a minute)',
  );
  const build = spawn(process.execPath, ['scripts/build.mjs'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production', PUBLIC_URL: url },
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-build.pid, 'SIGTERM');
    } catch {}
  };
  signal?.addEventListener('abort', stop, { once: true });
  const code = await new Promise((done) => build.once('exit', (exitCode) => done(exitCode)));
  signal?.removeEventListener('abort', stop);
  if (signal?.aborted) throw new Error('The web app build was stopped.');
  if (code !== 0) throw new Error('The web app failed to build.');
  writeFileSync(STAMP, JSON.stringify({ builtAt: Date.now(), publicUrl: url }));
}
