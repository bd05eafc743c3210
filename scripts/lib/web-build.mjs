import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;
const DIST_INDEX = join(ROOT, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

/** Builds the web app when it has never been built, or when its sources changed since the last build. */
export function ensureWebBuild({ log = console.log } = {}) {
  const builtAt = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (builtAt && builtAt >= changedAt) return;
  log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start only)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app failed to build.');
}
