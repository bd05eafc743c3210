// Issue 36, item 2: stopping `npm start` (SIGTERM from a process manager or a terminal closing, Ctrl-C)
// left the server and its extraction processes running. Every process it started must be gone.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWebBuild, publicUrl, ROOT } from './lib/web-build.mjs';

/** Under load the server takes a while to start: this bounds waiting, it is not a latency requirement. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 45_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Every process below `pid`, however deep, as `ps` sees them now. */
function descendants(pid) {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number));
  const found = [];
  const visit = (parent) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let dataDir;
const started = [];
afterEach(async () => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Runs `command` as a user would, waits until it answers, and returns it with every process below it. */
async function startCuadra(command, args) {
  // Built once for the default address; the server is told to name that address, so nothing is rebuilt.
  await ensureWebBuild();
  dataDir = await mkdtemp(join(tmpdir(), 'cuadra-start-'));
  const port = await freePort();
  // The local trial, as a new user starts it (the test runner's NODE_ENV=test would change the mode).
  const { NODE_ENV: _, ...userEnv } = process.env;
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
    env: {
      ...userEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl({}),
      LOG_LEVEL: 'warn',
      EXTRACT_PROCESSES: '1',
    },
  });
  started.push(child.pid);
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    START_TIMEOUT_MS,
    'the server to answer',
  );
  // The sandbox processes (PDF, mail) start with the server and must be among those checked; extraction
  // processes start with the first document and end the same way (they are the server's children too).
  await until(() => descendants(child.pid).length >= 4, 30_000, 'the sandbox processes');
  const pids = descendants(child.pid);
  started.push(...pids);
  return { child, pids };
}

describe('stopping npm start', { timeout: START_TIMEOUT_MS + STOP_TIMEOUT_MS + 60_000 }, () => {
  it('SIGTERM to `npm start` ends the server and its extraction processes', async () => {
    const { child, pids } = await startCuadra('npm', ['start']);
    process.kill(child.pid, 'SIGTERM');
    await until(() => pids.every((pid) => !alive(pid)), STOP_TIMEOUT_MS, 'every process to end').catch(
      () => {},
    );
    expect(pids.filter(alive)).toEqual([]);
  });
});
