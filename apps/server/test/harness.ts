import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { signAccessToken } from '../src/access/tokens';
import { insertUser, type NewUser } from '../src/access/users';
import { type AppOptions, createApp } from '../src/app';
import { closeServices, createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, wrapPglite } from '../src/db/client';
import type { Clock } from '../src/queue/clock';
import type { AnyJob } from '../src/queue/define-job';
import { databasePrefix } from './global-setup';

/** `postgres` when the run targets the PostgreSQL server (TEST_DATABASE_URL), otherwise PGlite. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A database of its own for one test file: a copy of the run's migrated template (PGlite or PostgreSQL). */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const dump = await readFile(inject('pgliteTemplate'));
    const database = wrapPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
    return { database, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${databasePrefix()}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the run's migrated template: what migrating an empty database gives, without the migrating.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** The whole server as `npm start` builds it, on a private database and data folder. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    jobs?: readonly AnyJob[];
    work?: boolean;
    /** The queue's clock; a manual one lets a test move time instead of waiting for it. */
    clock?: Clock;
  } & Partial<AppOptions> = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'cuadra-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
  const { database, drop } = await openTestDatabase();
  const services = await createServices(config, {
    database,
    migrate: true,
    jobs: options.jobs,
    clock: options.clock,
  });
  if (options.work) await services.queue.work(services, 2);
  const app = createApp(services, {
    ocrReady: options.ocrReady ?? (async () => true),
    webDist: options.webDist,
  });

  return {
    app,
    services,
    db: services.db,
    /** Calls the app as a browser would, over its fetch interface. */
    request: (path: string, init?: RequestInit) => app.request(path, init),
    json: (path: string, body: unknown, init: RequestInit = {}) =>
      app.request(path, {
        method: 'POST',
        ...init,
        headers: { 'content-type': 'application/json', ...init.headers },
        body: JSON.stringify(body),
      }),
    async close() {
      await closeServices(services);
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The JSON body of an answer, loosely typed for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary response shapes
export const bodyOf = (res: Response): Promise<any> => res.json();

let userCounter = 0;

/**
 * A user straight in the database with a valid access token, for tests of features behind sign-in (the
 * sign-up and login flows themselves are tested through the API in features/auth).
 */
export async function createSignedInUser(
  ctx: TestContext,
  fields: Partial<Pick<NewUser, 'name' | 'email' | 'accountType' | 'locale'>> & { verified?: boolean } = {},
) {
  const { verified = true, ...rest } = fields;
  const user = await insertUser(ctx.db, {
    email: `user-${++userCounter}-${Date.now()}@example.com`,
    name: 'Ana García',
    accountType: 'accountant',
    locale: 'es',
    emailVerifiedAt: verified ? new Date() : null,
    ...rest,
  });
  if (!user) throw new Error('The test user could not be created');
  const token = await signAccessToken(ctx.services.auth.accessKey, {
    userId: user.id,
    version: user.tokenVersion,
  });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
