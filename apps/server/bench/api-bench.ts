/**
 * `npm run bench:api`: the API's read paths under load, measured the way the scale issue states them — a
 * real server process (`api` role) on PostgreSQL, 20 connections from autocannon on loopback. Seeds one
 * accountant with 200 clients, one of which holds 5,000 invoices, then loads each list for 10 s.
 * Prints p50/p95/p99 latency and requests/s per endpoint, and writes them as JSON to bench-results/.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server URL; a database is created and dropped), default the local
 * server at 127.0.0.1:5432. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { closeServices, createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { clients, invoices, users } from '../src/db/schema';
import { signAccessToken } from '../src/features/auth/tokens';
import { grantCredits } from '../src/features/credits/ledger';
import { newId } from '../src/lib/ids';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CLIENTS = 200;
const INVOICES = 5_000;

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
  const token = await signAccessToken(services.auth.accessKey, { userId, version: 0 });
  await closeServices(services);
  return { token, busy };
}

async function startApi(
  databaseUrl: string,
  jwtSecret: string,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'api'], {
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

async function load(url: string, token: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const ok = result['2xx'];
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99, // autocannon reports p97.5, not p95
    p99: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    ok,
    errors: result.non2xx + result.errors,
  };
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
    const targets: Record<string, string> = {
      'GET /me': `${base}/me`,
      'GET /clients (200)': `${base}/clients`,
      'GET /clients/:id/invoices (5,000)': `${base}/clients/${busy}/invoices?limit=50`,
      'GET /review-queue': `${base}/review-queue?limit=50`,
    };
    const rows: Record<string, Awaited<ReturnType<typeof load>>> = {};
    for (const [label, target] of Object.entries(targets)) {
      const probe = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) {
        console.log(`${label}: skipped (${probe.status})`);
        continue;
      }
      rows[label] = await load(target, token);
    }
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, one API process`);
    console.table(
      Object.fromEntries(
        Object.entries(rows).map(([label, r]) => [
          label,
          {
            'p50 ms': r.p50,
            'p97.5 ms': r.p95,
            'p99 ms': r.p99,
            'req/s': r.requestsPerSecond,
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
    api?.kill('SIGTERM');
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
