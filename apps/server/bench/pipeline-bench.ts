/**
 * `npm run bench:pipeline`: 100 mixed documents through the running app, the way a user sends them — a real
 * server process on loopback (API + worker, embedded database), a user who registers, verifies from the
 * outbox, buys credits through the local checkout and uploads in batches of 10. Prints throughput
 * (documents per minute) and upload-to-reviewable latency (p50/p95), and writes them as JSON.
 *
 * Documents: our own generated Spanish fixtures plus the real ones in ../shared/bench (read in place).
 * Options: BENCH_DOCS (default 100), BENCH_BATCH (default 10).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const ROOT = new URL('../../..', import.meta.url).pathname;
const GOLDEN = join(ROOT, 'packages/extract/test/fixtures/golden');
const BENCH = join(ROOT, '..', 'shared', 'bench');
const TOTAL = Number(process.env.BENCH_DOCS ?? 100);
const BATCH = Number(process.env.BENCH_BATCH ?? 10);

type Doc = { name: string; kind: string; bytes: Buffer };

function loadDocuments(): Doc[] {
  const docs: Doc[] = readdirSync(GOLDEN)
    .filter((file) => !file.endsWith('.json'))
    .map((file) => ({
      name: file,
      kind: `generated ${file.split('.').pop()}`,
      bytes: readFileSync(join(GOLDEN, file)),
    }));
  if (existsSync(join(BENCH, 'manifest.json'))) {
    const manifest = JSON.parse(readFileSync(join(BENCH, 'manifest.json'), 'utf8')) as {
      documents: { id: string; kind: string; file: string }[];
    };
    for (const entry of manifest.documents) {
      docs.push({
        name: entry.file.split('/').pop()!,
        kind: entry.kind,
        bytes: readFileSync(join(BENCH, entry.file)),
      });
    }
  } else {
    console.warn(`(no ${BENCH}: using the generated fixtures only)`);
  }
  // Every document once, interleaved by kind so each batch is mixed; past the set, files come again (and
  // become duplicates, as a re-sent file does in real life).
  const byKind = new Map<string, Doc[]>();
  for (const doc of docs) byKind.set(doc.kind, [...(byKind.get(doc.kind) ?? []), doc]);
  const unique: Doc[] = [];
  for (let round = 0; unique.length < docs.length; round++) {
    for (const queue of byKind.values()) if (queue[round]) unique.push(queue[round]!);
  }
  return Array.from({ length: TOTAL }, (_, i) => unique[i % unique.length]!);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const docs = loadDocuments();
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'all'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.status === 200) break;
      if (i > 400) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const call = async (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
      // The local checkout page's form posts from the app's own origin, as a browser would.
      const headers: Record<string, string> = {
        origin: base,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      };
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
        redirect: 'manual',
      });
      if (res.status >= 400)
        throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return res;
    };

    // A user as a user would become one.
    const email = 'bench@example.com';
    const password = 'pipeline-bench-password';
    await call('/api/v1/auth/register', {
      method: 'POST',
      json: { email, password, name: 'Bench', accountType: 'accountant' },
    });
    const mail = (await (await call('/dev/mail.json')).json()) as { text: string }[];
    const verifyToken = /verify-email\?token=([\w-]+)/.exec(mail[0]!.text)![1];
    await call('/api/v1/auth/verify-email', { method: 'POST', json: { token: verifyToken } });
    const { token } = (await (
      await call('/api/v1/auth/login', { method: 'POST', json: { email, password } })
    ).json()) as { token: string };
    const { url } = (await (
      await call('/api/v1/checkout', { method: 'POST', token, json: { packId: 'large', returnTo: '/user' } })
    ).json()) as { url: string };
    await call(`${new URL(url).pathname}/pay`, { method: 'POST' });
    const client = (await (
      await call('/api/v1/clients', { method: 'POST', token, json: { name: 'Bench Client' } })
    ).json()) as { id: string };

    // Upload in batches, all at once, then watch every batch until nothing is pending.
    const started = performance.now();
    const batches = await Promise.all(
      Array.from({ length: Math.ceil(docs.length / BATCH) }, async (_, b) => {
        const form = new FormData();
        for (const doc of docs.slice(b * BATCH, (b + 1) * BATCH))
          form.append('files[]', new Blob([doc.bytes]), doc.name);
        const sentAt = performance.now();
        const res = await call(`/api/v1/clients/${client.id}/uploads`, { method: 'POST', token, body: form });
        return { sentAt, batch: (await res.json()) as { batchId: string } };
      }),
    );
    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    await Promise.all(
      batches.map(async ({ sentAt, batch }) => {
        const seen = new Set<string>();
        for (;;) {
          const state = (await (await call(`/api/v1/uploads/${batch.batchId}`, { token })).json()) as {
            pendingCount: number;
            documents: { id: string; filename: string; status: string; errorCode: string | null }[];
          };
          for (const doc of state.documents) {
            if (seen.has(doc.id) || doc.status === 'queued' || doc.status === 'processing') continue;
            seen.add(doc.id);
            latencies.push((performance.now() - sentAt) / 1000);
            statuses.set(doc.status, (statuses.get(doc.status) ?? 0) + 1);
            if (doc.status === 'failed') failures.push(`${doc.filename} (${doc.errorCode})`);
          }
          if (state.pendingCount === 0) return;
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const result = {
      documents: docs.length,
      batches: batches.length,
      wallSeconds: Number(seconds.toFixed(1)),
      documentsPerMinute: Number(((docs.length / seconds) * 60).toFixed(1)),
      latencySeconds: {
        p50: Number(percentile(latencies, 50).toFixed(2)),
        p95: Number(percentile(latencies, 95).toFixed(2)),
      },
      statuses: Object.fromEntries(statuses),
      failures,
      mix: Object.fromEntries(
        [...new Set(docs.map((d) => d.kind))].map((k) => [k, docs.filter((d) => d.kind === k).length]),
      ),
    };
    console.log(
      '\nPipeline benchmark (one process: API + worker, embedded PGlite, WORKER_CONCURRENCY default)',
    );
    console.log(`documents            ${result.documents} in ${result.batches} uploads of ${BATCH}`);
    console.log(
      `mix                  ${Object.entries(result.mix)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    console.log(`wall time            ${result.wallSeconds} s`);
    console.log(`throughput           ${result.documentsPerMinute} documents/min`);
    console.log(
      `upload → reviewable  p50 ${result.latencySeconds.p50} s, p95 ${result.latencySeconds.p95} s`,
    );
    console.log(
      `outcomes             ${Object.entries(result.statuses)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    if (failures.length) console.log(`failed               ${failures.join(', ')}`);
    const out = join(ROOT, 'bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'pipeline-bench.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
