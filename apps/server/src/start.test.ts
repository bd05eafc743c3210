import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

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

/** `npm start -- api` with `env`, to its exit: the exit code and what it printed on stderr. */
async function start(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'cuadra-start-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'api'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  await rm(dataDir, { recursive: true, force: true });
  return { code, stderr };
}

describe('the server refuses to start, saying which setting is wrong', () => {
  it('a database that cannot be reached: one line naming DATABASE_URL, its password hidden, no stack', async () => {
    const url = `postgres://cuadra:s3cret-pass@127.0.0.1:${await closedPort()}/cuadra`;
    const { code, stderr } = await start({ DATABASE_URL: url });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot connect to the database at DATABASE_URL');
    expect(stderr).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('s3cret-pass');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 120_000);

  it('a local trial on loopback behind a PUBLIC_URL of another host (a proxy in front)', async () => {
    const { code, stderr } = await start({ PUBLIC_URL: 'https://cuadra.example.com', CUADRA_MODE: 'local' });
    expect(code).toBe(78);
    expect(stderr).toContain('PUBLIC_URL: names cuadra.example.com');
  }, 120_000);
});
