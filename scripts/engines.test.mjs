// Every installed package must accept the oldest Node.js the README promises: a dependency whose
// `engines.node` rejects it makes `npm install` warn (EBADENGINE) and may not run there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/web-build.mjs';

/** "Needs Node.js 20.19 or newer" in the README's Requirements. */
function promisedNode() {
  const match = readFileSync(join(ROOT, 'README.md'), 'utf8').match(/Needs Node\.js (\d+\.\d+) or newer/);
  if (!match) throw new Error('README.md no longer says "Needs Node.js <version> or newer"');
  return `${match[1]}.0`;
}

/** Every package.json under a node_modules folder, nested ones included; workspace links are skipped. */
function* packagesIn(modules) {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue; // symlinks (workspaces) are not dirs
    const dir = join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      yield* packagesIn(dir);
      continue;
    }
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) yield manifest;
    yield* packagesIn(join(dir, 'node_modules'));
  }
}

const workspaces = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
const manifests = [
  join(ROOT, 'package.json'),
  ...workspaces.map((workspace) => join(ROOT, workspace, 'package.json')),
  ...[ROOT, ...workspaces.map((workspace) => join(ROOT, workspace))].flatMap((dir) => [
    ...packagesIn(join(dir, 'node_modules')),
  ]),
];

describe('installed packages and the Node.js version the README names', () => {
  const node = promisedNode();

  it('finds the installed packages', () => {
    expect(manifests.length).toBeGreaterThan(100);
  });

  it(`accept Node.js ${node}`, () => {
    const refusing = [];
    for (const manifest of manifests) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const range = typeof pkg.engines?.node === 'string' ? pkg.engines.node : undefined;
      if (!range) continue;
      if (!semver.satisfies(node, range, { loose: true }))
        refusing.push(`${pkg.name}@${pkg.version} (${relative(ROOT, manifest)}): node ${range}`);
    }
    expect(refusing).toEqual([]);
  });
});
