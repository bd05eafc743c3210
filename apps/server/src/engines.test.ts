import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16, item 16: `npm install` must not warn about engines on the Node versions the README names. npm
 * warns (EBADENGINE) when a package's `engines.node` does not accept the running version, so every locked
 * package must accept the oldest version we support and the one the Docker image runs.
 */
// semver is npm's own range logic, present through the toolchain; typed here to what the test needs.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean;
  minVersion: (range: string) => { version: string } | null;
};

const root = new URL('../../../', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

type Locked = { engines?: { node?: string } | string[]; optional?: boolean };

describe('Node versions', () => {
  const supported: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(supported)?.version ?? '';
  // 20.19: the oldest the README names; 22.13: the first of the Docker image's line (node:22) jsdom accepts.
  const tested = [oldest, '22.13.0'];

  it('every locked package accepts the Node versions the README names', () => {
    expect(oldest).toBe('20.19.0');
    const packages: Record<string, Locked> = readJson('package-lock.json').packages;
    const refused = Object.entries(packages).flatMap(([path, pkg]) => {
      const range = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      // Optional packages are platform builds npm skips where they do not fit.
      if (!path || !range || pkg.optional) return [];
      return tested
        .filter((version) => !semver.satisfies(version, range))
        .map((v) => `${path} (${range}) on ${v}`);
    });
    expect(refused).toEqual([]);
  });

  it('the README names the supported and tested versions', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toContain('Needs Node.js 20.19 or newer');
    expect(readme).toMatch(/Tested on Node\.js 20\.\d+/);
    expect(readme).toContain('22 (the Docker image)');
  });
});
