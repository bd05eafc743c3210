import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createSignedInUser, eventually } from '../test/harness';
import { startS3Server } from '../test/s3-server';
import { closeServices, createServices } from './bootstrap';
import { loadConfig } from './config';
import { insertClient } from './features/clients/repo';
import { grantCredits } from './features/credits/ledger';
import type { Services } from './services';

const serverUrl = process.env.TEST_DATABASE_URL;
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const GOLDEN = new URL('../../../packages/extract/test/fixtures/golden/', import.meta.url);
const PDFS = ['classic-recargo.pdf', 'classic-company-mixed-vat.pdf', 'modern-freelancer-irpf.pdf'];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** `npm start -- <role>` as its own process, on its own empty data folder. */
async function startRole(role: 'api' | 'worker', env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), `cuadra-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const ready = role === 'api' ? /running at .*\(port (\d+), api\b/ : /worker started/;
  const match = await eventually(async () => output.match(ready) ?? undefined, 60_000).catch(() => {
    throw new Error(`${role} did not start:\n${output}`);
  });
  return { child, dataDir, port: Number(match[1]), output: () => output };
}

// PostgreSQL and S3 are what separate processes share; PGlite is one process by design.
describe.runIf(process.env.TEST_DB === 'postgres' && serverUrl)(
  'one API and two workers as processes',
  () => {
    const name = `cuadra_procs_${randomBytes(6).toString('hex')}`;
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let services: Services;
    const children: ChildProcess[] = [];
    let api: Awaited<ReturnType<typeof startRole>>;

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      s3 = await startS3Server('cuadra-processes');
      const env = { ...s3.env, DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(24).toString('hex') };
      // The three start together on an empty database: each migrates first, one at a time.
      const [started, ...workers] = await Promise.all([
        startRole('api', env),
        startRole('worker', { ...env, WORKER_CONCURRENCY: '1', EXTRACT_PROCESSES: '1' }),
        startRole('worker', { ...env, WORKER_CONCURRENCY: '1', EXTRACT_PROCESSES: '1' }),
      ]);
      api = started!;
      children.push(api.child, ...workers.map((w) => w!.child));
      services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent', NODE_ENV: 'test' }));
    }, 120_000);

    afterAll(async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((child) => new Promise((done) => child.once('exit', done))));
      if (services) await closeServices(services);
      await s3.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }, 60_000);

    it('runs a batch through: the API stores originals in S3, the workers extract them', async () => {
      const { user, headers } = await createSignedInUser({ db: services.db, services } as never);
      await grantCredits(services.db, user.id, 5, 'grant', `test:${user.id}`);
      const client = await insertClient(services.db, {
        ownerUserId: user.id,
        name: 'Lucía Romero',
        taxId: null,
      });
      const body = new FormData();
      for (const file of PDFS) body.append('files[]', new Blob([readFileSync(new URL(file, GOLDEN))]), file);
      const base = `http://127.0.0.1:${api.port}/api/v1`;
      const res = await fetch(`${base}/clients/${client!.id}/uploads`, { method: 'POST', headers, body });
      expect(res.status).toBe(202);
      const { batchId } = await bodyOf(res);
      const done = await eventually(async () => {
        const batch = await bodyOf(await fetch(`${base}/uploads/${batchId}`, { headers }));
        return batch.pendingCount === 0 ? batch : undefined;
      }, 90_000);
      expect(done.documents.map((d: { status: string }) => d.status)).toEqual(PDFS.map(() => 'needs_review'));

      const original = await fetch(`${base}/invoices/${done.documents[0].invoiceId}/file`, { headers });
      expect(Buffer.from(await original.arrayBuffer()).equals(readFileSync(new URL(PDFS[0]!, GOLDEN)))).toBe(
        true,
      );
      // Nothing went through the API process's own disk.
      expect(existsSync(join(api.dataDir, 'files'))).toBe(false);
    }, 120_000);
  },
);
