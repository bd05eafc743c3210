import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** A loopback port nothing listens on: taken from the system, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

describe('a database that cannot be reached at start', () => {
  it('stops the server with one line naming DATABASE_URL, its password hidden, and no stack', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cuadra-unreachable-'));
    const url = `postgres://cuadra:s3cret-pass@127.0.0.1:${await closedPort()}/cuadra`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'api'], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    await rm(dataDir, { recursive: true, force: true });

    expect(code).toBe(1);
    expect(stderr).toContain('Cannot connect to the database at DATABASE_URL');
    expect(stderr).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('s3cret-pass');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 120_000);
});
