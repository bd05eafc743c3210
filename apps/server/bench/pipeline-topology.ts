/**
 * The server processes `bench:pipeline` runs documents through: one process doing both on the embedded
 * database (the default trial), or one API process and N workers on PostgreSQL and S3; and the CPU
 * seconds of a process tree, from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const PG_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * CPU seconds (user + system) of a process and every live descendant, plus their waited-for children
 * (`tree`), and of the process alone (`own`: with role `all`, the API, the queue and the database).
 */
export function treeCpuSeconds(rootPid: number): { tree: number; own: number } {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces), from field 3 (state) on.
      const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      stats.set(Number(entry), { ppid: Number(rest[1]), ticks });
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { ppid }] of stats)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  // USER_HZ is 100 on Linux. Own: utime + stime only (its waited-for children are not its own work).
  const raw = readFileSync(`/proc/${rootPid}/stat`, 'utf8');
  const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  return { tree: ticks / 100, own: (Number(rest[11]) + Number(rest[12])) / 100 };
}

/** Resident memory (MB) of a process and every live descendant, from /proc (Linux). */
export function treeRssMb(rootPid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let kb = 0;
  for (const pid of inTree) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Topology = {
  label: string;
  /** The process that answers HTTP (health, uploads, the probe). */
  api: ChildProcess;
  /** The processes that extract (the API itself when it does both). */
  workers: ChildProcess[];
  /** Starts the worker processes, once the API answers (it migrates the database as it starts). */
  startWorkers(): void;
  stop(): Promise<void>;
  /** Each document's file name and its extraction timings, once the processes have stopped. */
  timings(): Promise<{ filename: string; ms: number | null; cpu: number | null }[]>;
  cleanUp(): Promise<void>;
};

const TIMINGS_SQL = `select filename, (extraction->'timingsMs'->>'total')::float as ms,
    (extraction->'timingsMs'->>'cpu')::float as cpu
  from documents where extraction is not null`;

function spawnServer(role: 'all' | 'api' | 'worker', env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    // Its warnings (LOG_LEVEL warn) and errors show with the bench's output.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopAll(children: ChildProcess[]) {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }),
  );
}

/** One process, API + worker, on the embedded database under a temp folder: the default trial. */
export function embeddedTopology(port: number, base: string): Topology {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const server = spawnServer('all', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
  });
  return {
    label: 'one process: API + worker, embedded PGlite, WORKER_CONCURRENCY default',
    api: server,
    workers: [server],
    startWorkers() {},
    stop: () => stopAll([server]),
    async timings() {
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = await PGlite.create(join(dataDir, 'db'));
      const { rows } = await pglite.query<{ filename: string; ms: number | null; cpu: number | null }>(
        TIMINGS_SQL,
      );
      await pglite.close();
      return rows;
    },
    async cleanUp() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(query: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

/** One API process and `workers` worker processes on a fresh PostgreSQL database and a local S3. */
export async function scaledTopology(port: number, base: string, workers: number): Promise<Topology> {
  const name = `cuadra_pipeline_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  const { startS3Server } = await import('../test/s3-server');
  const s3 = await startS3Server('cuadra-bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const env = {
    DATABASE_URL: url.toString(),
    ...s3.env,
    // Every process signs and checks the same sessions.
    JWT_SECRET: randomBytes(24).toString('hex'),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
  };
  const api = spawnServer('api', { ...env, PORT: String(port) });
  const workerProcesses: ChildProcess[] = [];
  return {
    label: `one API process and ${workers} worker process(es), PostgreSQL + S3 (s3rver), WORKER_CONCURRENCY default`,
    api,
    workers: workerProcesses,
    startWorkers() {
      for (let i = 0; i < workers; i++) workerProcesses.push(spawnServer('worker', { ...env, PORT: '0' }));
    },
    async stop() {
      await stopAll([api, ...workerProcesses]);
    },
    async timings() {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(TIMINGS_SQL)).rows;
      } finally {
        await client.end();
      }
    },
    async cleanUp() {
      await stopAll([api, ...workerProcesses]);
      await s3.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
