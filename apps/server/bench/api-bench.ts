/**
 * `npm run bench:api`: the API's read paths under load, measured the way the scale issue states them — a
 * real server process (`api` role) on PostgreSQL, 20 connections from autocannon on loopback. Seeds one
 * accountant with 200 clients, one of which holds 5,000 invoices, and 2,000 credit ledger entries, then
 * loads each endpoint for 10 s: the paged lists (their first page, and a deep page reached by following
 * `nextCursor`), `/me` and the review queue. Prints p50/p95/p99 latency (p95 from every response's time, as
 * autocannon itself reports only p97.5) and requests/s per endpoint, and the CPU each request cost the API
 * process and its PostgreSQL backends (Linux /proc: user + system time over the loaded run ÷ requests; a
 * busy machine moves it far less than the latencies), and writes them as JSON to bench-results/. The tables are vacuumed after seeding, as autovacuum would leave them in steady state.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server URL; a database is created and dropped), default the local
 * server at 127.0.0.1:5432; BENCH_DATABASE_PREFIX names it (default cuadra_bench_). Options: BENCH_SECONDS
 * (default 10), BENCH_CONNECTIONS (default 20), BENCH_ONLY (a substring of the labels to run), BENCH_PROFILE
 * (a directory: the API process writes a V8 CPU profile there as it stops).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { closeServices, createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { clients, creditLedger, invoices, users } from '../src/db/schema';
import { signAccessToken } from '../src/features/auth/tokens';
import { grantCredits } from '../src/features/credits/ledger';
import { newId } from '../src/lib/ids';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CLIENTS = 200;
const INVOICES = 5_000;
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
  for (let start = 0; start < INVOICES; start += 1000) {
    await db.insert(invoices).values(
      Array.from({ length: 1000 }, (_, k) => {
        const i = start + k;
        const base = 1000 + ((i * 7919) % 200_000);
        return {
          id: newId(),
          clientId: busy,
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
  return { token, busy };
}

async function startApi(
  databaseUrl: string,
  jwtSecret: string,
): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_PROFILE=<dir>: the API process writes a V8 CPU profile there when it stops (open it in DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts', 'api'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cuadra-bench-api-')),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/\(port (\d+), api\b/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before starting:\n${output}`)));
  });
  return { child, port };
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

/** The PostgreSQL backends serving this database (the API's pool), to charge their CPU to the requests. */
async function backendPids(database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  await client.end();
  return rows.map((row) => row.pid);
}

async function load(url: string, token: string) {
  // Without a callback autocannon returns its instance (an EventEmitter) made thenable; the types say Promise.
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
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

async function main() {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'cuadra_bench_'}${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const jwtSecret = randomBytes(24).toString('hex');
  let api: ChildProcess | undefined;
  try {
    console.log(`Seeding ${CLIENTS} clients and ${INVOICES} invoices in one of them…`);
    const { token, busy } = await seed(databaseUrl, jwtSecret);
    const started = await startApi(databaseUrl, jwtSecret);
    api = started.child;
    const base = `http://127.0.0.1:${started.port}/api/v1`;
    const invoicesUrl = `${base}/clients/${busy}/invoices?limit=50`;
    const byTotal = `${base}/clients/${busy}/invoices?sort=total&order=asc&limit=50`;
    const clientsUrl = `${base}/clients?limit=50`;
    const ledgerUrl = `${base}/credits/ledger?limit=50`;
    const targets: Record<string, string> = {
      'GET /me': `${base}/me`,
      'GET /clients (200), page 1': clientsUrl,
      'GET /clients (200), page 4 (cursor)': await deepPage(clientsUrl, token, 4),
      'GET /clients/:id/invoices (5,000), page 1': invoicesUrl,
      'GET /clients/:id/invoices, page 60 (cursor)': await deepPage(invoicesUrl, token, 60),
      'GET /clients/:id/invoices?sort=total, page 60': await deepPage(byTotal, token, 60),
      'GET /credits/ledger (2,000), page 1': ledgerUrl,
      'GET /credits/ledger, page 30 (cursor)': await deepPage(ledgerUrl, token, 30),
      'GET /review-queue': `${base}/review-queue?limit=50`,
    };
    const rows: Record<
      string,
      Awaited<ReturnType<typeof load>> & { serialP50: number; apiCpuUs: number; dbCpuUs: number }
    > = {};
    for (const [label, target] of Object.entries(targets)) {
      if (ONLY && !label.includes(ONLY)) continue;
      const probe = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) {
        console.log(`${label}: skipped (${probe.status})`);
        continue;
      }
      const serialP50 = await serial(target, token);
      // CPU per request, which a busy machine disturbs far less than latency: the API process's and its
      // PostgreSQL backends' user + system time over the loaded run, divided by the requests answered.
      const backendsBefore = await backendPids(name);
      const apiBefore = cpuSeconds([started.child.pid!]);
      const dbBefore = new Map(backendsBefore.map((pid) => [pid, cpuSeconds([pid])]));
      const loaded = await load(target, token);
      const apiCpu = cpuSeconds([started.child.pid!]) - apiBefore;
      const backendsAfter = await backendPids(name);
      const dbCpu = backendsAfter.reduce((sum, pid) => sum + cpuSeconds([pid]) - (dbBefore.get(pid) ?? 0), 0);
      const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, loaded.ok));
      rows[label] = { ...loaded, serialP50, apiCpuUs: perRequest(apiCpu), dbCpuUs: perRequest(dbCpu) };
    }
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
    const out = join(SERVER_DIR, '../../bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, 'api.json'),
      `${JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, rows }, null, 2)}\n`,
    );
  } finally {
    if (api && api.exitCode === null) {
      // Wait for it to stop, so a profile is written and its pool is closed before the database is dropped.
      const exited = new Promise((done) => api!.once('exit', done));
      api.kill('SIGTERM');
      await exited;
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
