// `npm test`: every suite in turn, each with its own count, then one closing line for all of them.
// Integration tests run on PGlite always and on PostgreSQL too when TEST_DATABASE_URL is set; the browser
// suite drives Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/web-build.mjs';

const SUITES = [
  { name: 'install (engines)', dir: 'scripts' },
  { name: 'shared (unit)', dir: 'packages/shared' },
  { name: 'extract (unit + golden)', dir: 'packages/extract' },
  { name: 'web (unit, jsdom)', dir: 'apps/web' },
  { name: 'server (integration, PGlite)', dir: 'apps/server', env: { TEST_DB: 'pglite' } },
  {
    name: 'server (integration, PostgreSQL)',
    dir: 'apps/server',
    env: { TEST_DB: 'postgres' },
    skipUnless: process.env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is not set',
  },
  { name: 'e2e (Chromium)', dir: 'e2e' },
];

const only = process.argv.slice(2);
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
const reports = mkdtempSync(join(tmpdir(), 'cuadra-test-'));
const results = [];

for (const [index, suite] of SUITES.entries()) {
  if (only.length && !only.some((word) => suite.name.includes(word) || suite.dir.includes(word))) continue;
  console.log(`\n━━ ${suite.name} ━━`);
  if (suite.skipUnless) {
    console.log(`skipped: ${suite.skipUnless}`);
    results.push({ ...suite, notRun: suite.skipUnless });
    continue;
  }
  const report = join(reports, `${index}.json`);
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: join(ROOT, suite.dir), stdio: 'inherit', env: { ...process.env, ...suite.env } },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (run.status !== 0 && json.numFailedTests === 0 ? 1 : 0),
      skipped: json.numPendingTests + json.numTodoTests,
    };
  } catch {
    counts.failed = 1; // the runner died before writing its report
  }
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ ...suite, ...counts });
}
rmSync(reports, { recursive: true, force: true });

console.log('\n━━ summary ━━');
for (const r of results) {
  const line = r.notRun
    ? `not run (${r.notRun})`
    : `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
  console.log(`${r.name.padEnd(34)} ${line}`);
}
const total = (key) => results.reduce((sum, r) => sum + (r[key] || 0), 0);
console.log(`\ntests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(total('failed') > 0 ? 1 : 0);
