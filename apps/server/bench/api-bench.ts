/**
 * `npm run bench:api`: the API's read paths under load, measured the way the scale issue states them — a
 * real server process (`api` role) on PostgreSQL, 20 connections from autocannon on loopback. Seeds one
 * accountant with 200 clients, one of which holds 5,000 invoices and another 50,000, and 2,000 credit ledger
 * entries, then loads each endpoint for 10 s: the paged lists (their first page, and a deep page reached by
 * following `nextCursor`), `/me` and the review queue. Prints p50/p95/p99 latency (p95 from every response's time, as
 * autocannon itself reports only p97.5) and requests/s per endpoint, and the CPU each request cost the API
 * process and its PostgreSQL backends (Linux /proc: user + system time over the loaded run ÷ requests; a
 * busy machine moves it far less than the latencies), and writes them as JSON to bench-results/. The tables are vacuumed after seeding, as autovacuum would leave them in steady state.
 *
 * Then the ratios of issue 37, side by side: Cuadra's requests/s ÷ the reference app's (bench/reference-api.ts:
 * Hono + pg doing one SELECT, started beside the API) for `/me` and for a page of 50 invoices at 5,000 and
 * 50,000, each pair loaded alternately (A B B A …) so a neighbour's burst falls on both, with the load average
 * printed beside them.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server URL; a database is created and dropped), default the local
 * server at 127.0.0.1:5432; BENCH_DATABASE_PREFIX names it (default cuadra_bench_). Options: BENCH_SECONDS
 * (default 10), BENCH_CONNECTIONS (default 20), BENCH_ONLY (a substring of the labels to run; `ratios` runs
 * only the ratios), BENCH_ROUNDS (alternations per ratio, default 2), BENCH_BIG (the larger client's invoices,
 * default 50,000), BENCH_PROFILE (a directory: the API process writes a V8 CPU profile there as it stops).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { signAccessToken } from '../src/access/tokens';
import { closeServices, createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { clients, creditLedger, invoices, users } from '../src/db/schema';
import { grantCredits } from '../src/features/credits/ledger';
import { newId } from '../src/lib/ids';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CLIENTS = 200;
const INVOICES = 5_000;
const BIG_INVOICES = Number(process.env.BENCH_BIG ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Load on each side of a ratio before its measured turns. */
const WARM_SECONDS = 2;
/** How the reference app's connections name themselves, to tell its PostgreSQL backends from the API's. */
const REFERENCE_APP_NAME = 'cuadra_bench_reference';
const LEDGER_ENTRIES = 2_000;
const ONLY = process.env.BENCH_ONLY;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(query);
  await client.end();
}

const SUPPLIERS = [
  'Álvarez Suministros SL',
  'Papelería Núñez',
  'Óptica Iñiguez SA',
  'Gestoría López',
  'Ñandú Servicios SL',
];

async function seed(databaseUrl: string, jwtSecret: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, LOG_LEVEL: 'silent' });
  const services = await createServices(config);
  const { db } = services;
  const userId = newId();
  await db.insert(users).values({
    id: userId,
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    name: 'Ana García',
    accountType: 'accountant',
    locale: 'es',
    emailVerifiedAt: new Date(),
  });
  await grantCredits(db, userId, 10, 'grant', `bench:${userId}`);
  const clientIds = Array.from({ length: CLIENTS }, () => newId());
  await db
    .insert(clients)
    .values(
      clientIds.map((id, i) => ({ id, ownerUserId: userId, name: `${SUPPLIERS[i % 5]} ${i}`, taxId: null })),
    );
  const busy = clientIds[0]!;
  const big = clientIds[1]!;
  await seedInvoices(db, busy, INVOICES);
  await seedInvoices(db, big, BIG_INVOICES);
  for (let start = 0; start < LEDGER_ENTRIES; start += 1000) {
    await db.insert(creditLedger).values(
      Array.from({ length: 1000 }, (_, k) => ({
        id: newId(),
        userId,
        kind: 'grant' as const,
        amount: 1,
        reference: `bench:${userId}:${start + k}`,
      })),
    );
  }
  // Steady state: autovacuum would have set the visibility map and statistics by now.
  await db.execute(sql`vacuum analyze`);
  const token = await signAccessToken(services.auth.accessKey, { userId, version: 0 });
  await closeServices(services);
  return { token, userId, busy, big };
}

async function seedInvoices(db: Db, clientId: string, total: number) {
  for (let start = 0; start < total; start += 1000) {
    await db.insert(invoices).values(
      Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
        const i = start + k;
        const base = 1000 + ((i * 7919) % 200_000);
        return {
          id: newId(),
          clientId,
          type: i % 3 === 0 ? ('issued' as const) : ('received' as const),
          number: `F-${2026}-${String(i).padStart(5, '0')}`,
          issueDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
          issuerName: SUPPLIERS[i % 5]!,
          recipientName: 'Lucía Romero',
          currency: 'EUR',
          taxBaseCents: base,
          vatTotalCents: Math.round(base * 0.21),
          totalCents: base + Math.round(base * 0.21),
          vatBreakdown: [{ rate: '21', baseCents: base, vatCents: Math.round(base * 0.21) }],
          checked: i % 4 === 0,
        };
      }),
    );
  }
}

async function startApi(databaseUrl: string, jwtSecret: string): Promise<Started> {
  // BENCH_PROFILE=<dir>: the API process writes a V8 CPU profile there when it stops (open it in DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  return startChild([...profile, '--import', 'tsx', 'src/main.ts', 'api'], /\(port (\d+), api\b/, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'cuadra-bench-api-')),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
}

/** The reference app (bench/reference-api.ts) on the same database, its connections named apart. */
function startReference(databaseUrl: string): Promise<Started> {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', REFERENCE_APP_NAME);
  return startChild(['--import', 'tsx', 'bench/reference-api.ts'], /reference listening on (\d+)/, {
    DATABASE_URL: url.toString(),
  });
}

type Started = { child: ChildProcess; port: number };

/** A Node process in the server folder, once it has printed the port it listens on. */
async function startChild(args: string[], portLine: RegExp, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = output.match(portLine);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`${args.at(-1)} exited (${code}) before starting:\n${output}`)),
    );
  });
  return { child, port };
}

async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  // Wait for it to stop, so a profile is written and its pool is closed before the database is dropped.
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** The q-th percentile (0–100) of sorted values, nearest rank. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]!;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) these processes have used so far; 0 for one that is gone or unreadable. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the parenthesised command name: state is the 1st, utime the 12th, stime the 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not Linux, or the process ended
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** The PostgreSQL backends serving this database for one app (the API's pool or the reference's). */
async function backendPids(database: string, app: 'api' | 'reference'): Promise<number[]> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
      and (application_name = $2) = $3`,
    [database, REFERENCE_APP_NAME, app === 'reference'],
  );
  await client.end();
  return rows.map((row) => row.pid);
}

async function load(url: string, token: string, seconds = SECONDS) {
  // Without a callback autocannon returns its instance (an EventEmitter) made thenable; the types say Promise.
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  }) as unknown as Promise<autocannon.Result> & EventEmitter;
  // autocannon's histogram has p97.5 but no p95: every response's time, to read any percentile.
  const times: number[] = [];
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    requestsPerSecond: Math.round(result.requests.average),
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    ok: result['2xx'],
    errors: result.non2xx + result.errors,
  };
}

/**
 * One request at a time: the p50 of 100 sequential requests, the endpoint's own service time. On a shared
 * machine the loaded figures mostly measure the neighbours; this one moves less with them.
 */
async function serial(url: string, token: string) {
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(percentile(times, 50) * 10) / 10;
}

/** The URL of the page `depth` pages into a list, by following `nextCursor` (the deep-page case). */
async function deepPage(url: string, token: string, depth: number): Promise<string> {
  let cursor: string | null = null;
  for (let page = 1; page < depth; page++) {
    const target: string = cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;
    const body = (await (await fetch(target, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      nextCursor?: string | null;
    };
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;
}

type Measured = Awaited<ReturnType<typeof load>> & { apiCpuUs: number; dbCpuUs: number };

/**
 * Loads one URL and charges the CPU it cost — which a busy machine disturbs far less than latency — to the
 * requests: the serving process's and its PostgreSQL backends' user + system time over the loaded run,
 * divided by the requests answered.
 */
async function measure(
  url: string,
  token: string,
  server: Started,
  database: string,
  app: 'api' | 'reference',
) {
  const backendsBefore = await backendPids(database, app);
  const processBefore = cpuSeconds([server.child.pid!]);
  const dbBefore = new Map(backendsBefore.map((pid) => [pid, cpuSeconds([pid])]));
  const loaded = await load(url, token);
  const processCpu = cpuSeconds([server.child.pid!]) - processBefore;
  const backendsAfter = await backendPids(database, app);
  const dbCpu = backendsAfter.reduce((sum, pid) => sum + cpuSeconds([pid]) - (dbBefore.get(pid) ?? 0), 0);
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, loaded.ok));
  return { ...loaded, apiCpuUs: perRequest(processCpu), dbCpuUs: perRequest(dbCpu) } satisfies Measured;
}

type RatioRow = {
  cuadra: { requestsPerSecond: number; cpuUs: number; errors: number };
  reference: { requestsPerSecond: number; cpuUs: number; errors: number };
  ratio: number;
  cpuRatio: number;
  loadAverage: number[];
};

/**
 * Cuadra ÷ reference for one pair of URLs, loaded in turns A B B A A B … (BENCH_ROUNDS pairs) so that what
 * the neighbours do falls on both alike: requests/s summed over the turns, and CPU per request (process +
 * database) the other way round (reference ÷ Cuadra), so that above 1 is better in both.
 */
async function ratioOf(
  pair: { cuadra: string; reference: string },
  token: string,
  servers: { api: Started; reference: Started },
  database: string,
): Promise<RatioRow> {
  // Both warm (JIT, plans, pools) before anything counts.
  await load(pair.cuadra, token, WARM_SECONDS);
  await load(pair.reference, token, WARM_SECONDS);
  const turns: { cuadra: Measured[]; reference: Measured[] } = { cuadra: [], reference: [] };
  const loadStart = loadavg();
  for (let round = 0; round < ROUNDS; round++) {
    const order: ('cuadra' | 'reference')[] =
      round % 2 === 0 ? ['cuadra', 'reference'] : ['reference', 'cuadra'];
    for (const side of order) {
      turns[side].push(
        side === 'cuadra'
          ? await measure(pair.cuadra, token, servers.api, database, 'api')
          : await measure(pair.reference, token, servers.reference, database, 'reference'),
      );
    }
  }
  const loadEnd = loadavg();
  const sum = (runs: Measured[]) => {
    const requests = runs.reduce((total, run) => total + run.requestsPerSecond, 0) / runs.length;
    const ok = runs.reduce((total, run) => total + run.ok, 0);
    const cpu =
      runs.reduce((total, run) => total + (run.apiCpuUs + run.dbCpuUs) * run.ok, 0) / Math.max(1, ok);
    const errors = runs.reduce((total, run) => total + run.errors, 0);
    return { requestsPerSecond: Math.round(requests), cpuUs: Math.round(cpu), errors };
  };
  const cuadra = sum(turns.cuadra);
  const reference = sum(turns.reference);
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return {
    cuadra,
    reference,
    ratio: round2(cuadra.requestsPerSecond / Math.max(1, reference.requestsPerSecond)),
    cpuRatio: round2(reference.cpuUs / Math.max(1, cuadra.cpuUs)),
    loadAverage: loadStart.map((value, i) => round2((value + loadEnd[i]!) / 2)),
  };
}

async function main() {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'cuadra_bench_'}${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const jwtSecret = randomBytes(24).toString('hex');
  let api: Started | undefined;
  let reference: Started | undefined;
  try {
    console.log(
      `Seeding ${CLIENTS} clients, ${INVOICES} invoices in one of them and ${BIG_INVOICES} in another…`,
    );
    const { token, userId, busy, big } = await seed(databaseUrl, jwtSecret);
    api = await startApi(databaseUrl, jwtSecret);
    reference = await startReference(databaseUrl);
    const base = `http://127.0.0.1:${api.port}/api/v1`;
    const invoicesUrl = `${base}/clients/${busy}/invoices?limit=50`;
    const bigUrl = `${base}/clients/${big}/invoices?limit=50`;
    const byTotal = `${base}/clients/${busy}/invoices?sort=total&order=asc&limit=50`;
    const clientsUrl = `${base}/clients?limit=50`;
    const ledgerUrl = `${base}/credits/ledger?limit=50`;
    const onlyRatios = ONLY === 'ratios';
    const targets: Record<string, string> = onlyRatios
      ? {}
      : {
          'GET /me': `${base}/me`,
          'GET /clients (200), page 1': clientsUrl,
          'GET /clients (200), page 4 (cursor)': await deepPage(clientsUrl, token, 4),
          'GET /clients/:id/invoices (5,000), page 1': invoicesUrl,
          'GET /clients/:id/invoices, page 60 (cursor)': await deepPage(invoicesUrl, token, 60),
          'GET /clients/:id/invoices?sort=total, page 60': await deepPage(byTotal, token, 60),
          'GET /clients/:id/invoices (50,000), page 1': bigUrl,
          'GET /clients/:id/invoices (50,000), page 100': await deepPage(bigUrl, token, 100),
          'GET /credits/ledger (2,000), page 1': ledgerUrl,
          'GET /credits/ledger, page 30 (cursor)': await deepPage(ledgerUrl, token, 30),
          'GET /review-queue': `${base}/review-queue?limit=50`,
        };
    const rows: Record<string, Measured & { serialP50: number }> = {};
    for (const [label, target] of Object.entries(targets)) {
      if (ONLY && !label.includes(ONLY)) continue;
      const probe = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) {
        console.log(`${label}: skipped (${probe.status})`);
        continue;
      }
      const serialP50 = await serial(target, token);
      rows[label] = { ...(await measure(target, token, api, name, 'api')), serialP50 };
    }
    if (Object.keys(rows).length) {
      console.log(
        `\n${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, one API process (figures depend on what else the machine runs)`,
      );
      console.table(
        Object.fromEntries(
          Object.entries(rows).map(([label, r]) => [
            label,
            {
              '1 conn p50 ms': r.serialP50,
              'p50 ms': r.p50,
              'p95 ms': r.p95,
              'p99 ms': r.p99,
              'req/s': r.requestsPerSecond,
              'API CPU µs/req': r.apiCpuUs,
              'DB CPU µs/req': r.dbCpuUs,
              'bytes/resp': r.bytesPerResponse,
              errors: r.errors,
            },
          ]),
        ),
      );
    }

    const ref = `http://127.0.0.1:${reference.port}`;
    const pairs: Record<string, { cuadra: string; reference: string }> = {
      '/me ÷ Hono alone (fixed JSON)': { cuadra: `${base}/me`, reference: `${ref}/json` },
      '/me ÷ Hono + pg primary-key SELECT': { cuadra: `${base}/me`, reference: `${ref}/me?id=${userId}` },
      'page of 50 at 5,000 ÷ Hono + pg 51-row SELECT': {
        cuadra: invoicesUrl,
        reference: `${ref}/invoices?client=${busy}`,
      },
      [`page of 50 at ${BIG_INVOICES.toLocaleString('en')} ÷ Hono + pg 51-row SELECT`]: {
        cuadra: bigUrl,
        reference: `${ref}/invoices?client=${big}`,
      },
      [`page 100 at ${BIG_INVOICES.toLocaleString('en')} ÷ Hono + pg 51-row SELECT`]: {
        cuadra: await deepPage(bigUrl, token, 100),
        reference: `${ref}/invoices?client=${big}`,
      },
    };
    const ratios: Record<string, RatioRow> = {};
    for (const [label, pair] of Object.entries(pairs)) {
      if (ONLY && !onlyRatios && !label.includes(ONLY)) continue;
      ratios[label] = await ratioOf(pair, token, { api, reference }, name);
    }
    if (Object.keys(ratios).length) {
      console.log(
        `\nRatios (issue 37): Cuadra ÷ reference, ${ROUNDS} alternated runs of ${SECONDS} s each, ${CONNECTIONS} connections; CPU per request is process + PostgreSQL`,
      );
      console.table(
        Object.fromEntries(
          Object.entries(ratios).map(([label, r]) => [
            label,
            {
              'Cuadra req/s': r.cuadra.requestsPerSecond,
              'ref req/s': r.reference.requestsPerSecond,
              'ratio req/s': r.ratio,
              'Cuadra CPU µs/req': r.cuadra.cpuUs,
              'ref CPU µs/req': r.reference.cpuUs,
              'ratio CPU': r.cpuRatio,
              'load avg 1/5/15': r.loadAverage.join(' / '),
              errors: r.cuadra.errors + r.reference.errors,
            },
          ]),
        ),
      );
    }
    const out = join(SERVER_DIR, '../../bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, 'api.json'),
      `${JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, rows, ratios }, null, 2)}\n`,
    );
  } finally {
    await stopChild(api?.child);
    await stopChild(reference?.child);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
