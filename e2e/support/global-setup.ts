import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs helper shared with `npm start`
import { ensureWebBuild, ROOT } from '../../scripts/lib/web-build.mjs';
import { CHROMIUM_ARGS } from './browser-args';
import { E2E_HEALTH_TOKEN } from './health-token';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
    /** The run's one Chromium, which every file connects to instead of starting its own. */
    browserEndpoint: string;
    /** The app's inbound SMTP receiver (issue 21), on a free loopback port. */
    smtpPort: number;
  }
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The server did not become healthy in time');
}

/** The real app as `npm start` runs it, on a free port with its own data folder. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM_PATH}; CI must install it`);
    console.warn(`\n⚠ Browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)\n`);
    project.provide('chromiumPath', null);
    project.provide('baseUrl', '');
    project.provide('smtpPort', 0);
    project.provide('browserEndpoint', '');
    return;
  }
  await ensureWebBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'cuadra-e2e-'));
  const port = await freePort();
  const smtpPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'all'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      HEALTH_TOKEN: E2E_HEALTH_TOKEN,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      // Every journey signs up from loopback: more than the 20 an hour one address may make by default.
      REGISTER_PER_ADDRESS_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Chromium starts while the server does; a file connects to it in a fraction of a launch.
  const launching = chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    server.kill('SIGTERM');
    await launching.then((browser) => browser.close()).catch(() => {});
    throw error;
  }
  const browser = await launching;
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('chromiumPath', CHROMIUM_PATH);
  project.provide('baseUrl', baseUrl);
  project.provide('smtpPort', smtpPort);
  return async () => {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    await rm(dataDir, { recursive: true, force: true });
  };
}
