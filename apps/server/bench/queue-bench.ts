/**
 * `npm run bench:queue`: the review queue at 5,000 documents. One accountant with 40 clients and 5,000
 * documents (most with an invoice), a second accountant with 1,000 of their own, on the embedded database
 * (or PostgreSQL with DATABASE_URL). Each scenario calls `GET /api/v1/review-queue` through the app (routing,
 * auth, validation, SQL, JSON) and prints p50/p95 in milliseconds. The goal is p95 ≤ 30 ms.
 * Options: BENCH_QUEUE_DOCS (default 5000), BENCH_QUEUE_RUNS (default 100 per scenario).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { signAccessToken } from '../src/access/tokens';
import { insertUser } from '../src/access/users';
import { createApp } from '../src/app';
import { closeServices, createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { insertClient } from '../src/features/clients/repo';
import { evidenceOf, seedDocuments } from '../src/features/review/seed';

const DOCS = Number(process.env.BENCH_QUEUE_DOCS ?? 5000);
const RUNS = Number(process.env.BENCH_QUEUE_RUNS ?? 100);
const CLIENTS = 40;
const SUPPLIERS = [
  'María López García',
  'Ferretería El Clavo',
  'Ñandú Servicios SL',
  'Óscar Ibáñez',
  'Bar Sol',
];

const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-queue-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const services = await createServices(config, { migrate: true, jobs: [] });
const app = createApp(services, { ocrReady: async () => true });

async function accountant(n: number) {
  const user = await insertUser(services.db, {
    email: `bench-${n}-${Date.now()}@example.com`,
    name: `Bench ${n}`,
    accountType: 'accountant',
    locale: 'es',
    emailVerifiedAt: new Date(),
  });
  if (!user) throw new Error('no user');
  const token = await signAccessToken(services.auth.accessKey, {
    userId: user.id,
    version: user.tokenVersion,
  });
  return { user, headers: { authorization: `Bearer ${token}` } };
}

async function fill(owner: Awaited<ReturnType<typeof accountant>>, clients: number, docs: number) {
  const ids: string[] = [];
  for (let c = 0; c < clients; c++) {
    const client = await insertClient(services.db, {
      ownerUserId: owner.user.id,
      name: `Cliente ${c} ${SUPPLIERS[c % SUPPLIERS.length]}`,
      taxId: null,
    });
    if (!client) throw new Error('no client');
    ids.push(client.id);
    const start = Date.parse('2026-01-01T00:00:00Z') + c * 1000;
    const perClient = Math.ceil(docs / clients);
    await seedDocuments(
      services.db,
      { clientId: client.id, payerUserId: owner.user.id },
      Array.from({ length: perClient }, (_, i) => ({
        filename: `factura-${c}-${i}.pdf`,
        createdAt: new Date(start + i * 60_000),
        status: i % 10 === 0 ? ('ready' as const) : ('needs_review' as const),
        invoice:
          i % 25 === 0
            ? null
            : {
                issuerName: SUPPLIERS[i % SUPPLIERS.length] ?? null,
                issuerTaxId: `B${String(10_000_000 + i).padStart(8, '0')}`,
                number: `F-${c}-${i}`,
                issueDate: '2026-02-01',
                totalCents: 1000 + i,
                evidence: evidenceOf({
                  issuer_name: { confidence: 0.95, verified: true },
                  total: { confidence: i % 3 ? 0.97 : 0.5, verified: i % 3 !== 0 },
                  issue_date: { confidence: 0.9, verified: false },
                }),
              },
      })),
    );
  }
  return ids;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(name: string, headers: Record<string, string>, path: () => string) {
  for (let i = 0; i < 5; i++) await (await app.request(path(), { headers })).arrayBuffer(); // warm up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await app.request(path(), { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const row = { scenario: name, p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(
    `${name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(6)} ms   p95 ${row.p95.toFixed(1).padStart(6)} ms`,
  );
  return row;
}

try {
  const seeding = performance.now();
  const a = await accountant(1);
  const b = await accountant(2);
  const clientIds = await fill(a, CLIENTS, DOCS);
  await fill(b, 10, Math.round(DOCS / 5));
  // What autovacuum does on PostgreSQL; the embedded database has no autovacuum (see the report).
  await services.db.execute(sql`analyze`);
  console.log(
    `seeded ${DOCS} documents over ${CLIENTS} clients (+${Math.round(DOCS / 5)} of another accountant) in ${((performance.now() - seeding) / 1000).toFixed(1)} s on ${services.database.kind}`,
  );

  // A cursor deep in the queue: the page after 4,950 documents (page 100 at 50 a page).
  let deep: string | null = null;
  {
    let cursor: string | null = null;
    for (let page = 0; page < 99; page++) {
      const res = await app.request(`/api/v1/review-queue?limit=50${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: a.headers,
      });
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
    deep = cursor;
  }
  await measure('baseline: GET /api/v1/me (auth only)', a.headers, () => '/api/v1/me');
  const results = [
    await measure('first page (50)', a.headers, () => '/api/v1/review-queue'),
    await measure('page 100 (50, by cursor)', a.headers, () => `/api/v1/review-queue?cursor=${deep ?? ''}`),
    await measure('largest page (200)', a.headers, () => '/api/v1/review-queue?limit=200'),
    await measure('state=needs_review', a.headers, () => '/api/v1/review-queue?state=needs_review'),
    await measure('one client', a.headers, () => `/api/v1/review-queue?clientId=${clientIds[7]}`),
    await measure('search q=nandu', a.headers, () => '/api/v1/review-queue?q=nandu'),
    await measure('search q=b-10000042 (tax id)', a.headers, () => '/api/v1/review-queue?q=b-10000042'),
  ];
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(`load average while measuring: ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`);
  console.log(`queue p95 (worst scenario): ${worst.toFixed(1)} ms (goal ≤ 30 ms)`);
} finally {
  await closeServices(services);
  rmSync(dataDir, { recursive: true, force: true });
}
