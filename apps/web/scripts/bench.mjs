// npm run bench:web — Lighthouse (mobile, simulated throttling) against the built site served by the real
// server on loopback: scores, LCP, CLS, and the compressed JavaScript the landing page ships.
// A benchmark, not a test: it prints figures against the targets and never fails a build on them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
// The prerendered public pages a visitor lands on, in both languages (issue 36 item 10: /pricing too).
const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/es/',
  '/pricing',
  '/es/precios',
  '/credits',
  '/blog/how-to-automate-invoice-processing',
];
const TARGETS = { score: 95, lcpMs: 1500, cls: 0.05, jsKb: 60 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not become healthy in time');
}

if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || process.argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = await mkdtemp(join(tmpdir(), 'cuadra-bench-'));
const port = Number(process.env.PORT) || (await freePort());
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'all'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let chrome;
const rows = [];
try {
  await waitForHealth(baseUrl, server);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  for (const path of PAGES) {
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits, runtimeError } = result.lhr;
    // BENCH_OUT=dir keeps each page's full report, to see why an audit failed.
    if (process.env.BENCH_OUT)
      await writeFile(
        join(process.env.BENCH_OUT, `${path.replace(/\W+/g, '_') || 'root'}.json`),
        result.report,
      );
    // A page Lighthouse could not measure (e.g. the machine too busy to paint in time) is said, not a crash.
    if (runtimeError) console.log(`${path}: Lighthouse could not measure it: ${runtimeError.code}`);
    const scripts = (audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    );
    rows.push({
      page: path,
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      'best-practices': Math.round((categories['best-practices'].score ?? 0) * 100),
      seo: Math.round((categories.seo.score ?? 0) * 100),
      'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
      'JS KB (compressed)': Number(
        (scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024).toFixed(1),
      ),
      'JS files': scripts.length,
    });
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs.map((ref) => audits[ref.id]))
      .filter(
        (audit) =>
          audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => audit.id);
    if (failing.length) console.log(`${path}: audits below 90: ${[...new Set(failing)].join(', ')}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
  await rm(dataDir, { recursive: true, force: true });
}

console.table(rows);
const landing = rows.find((row) => row.page === '/');
console.log(
  `targets: scores ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs} ms, CLS ≤ ${TARGETS.cls}, JS for / ≤ ${TARGETS.jsKb} KB compressed` +
    (landing ? ` (/ ships ${landing['JS KB (compressed)']} KB)` : ''),
);
const missed = rows.flatMap((row) => [
  ...['performance', 'accessibility', 'best-practices', 'seo']
    .filter((key) => row[key] < TARGETS.score)
    .map((key) => `${row.page} ${key} ${row[key]}`),
  ...(row['LCP ms'] > TARGETS.lcpMs ? [`${row.page} LCP ${row['LCP ms']} ms`] : []),
  ...(row.CLS > TARGETS.cls ? [`${row.page} CLS ${row.CLS}`] : []),
]);
if (landing && landing['JS KB (compressed)'] > TARGETS.jsKb)
  missed.push(`/ JS ${landing['JS KB (compressed)']} KB`);
console.log(missed.length ? `missed: ${missed.join('; ')}` : 'all targets met');
