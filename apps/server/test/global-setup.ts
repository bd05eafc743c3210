import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, wrapPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated database's dump, which every test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated database every test file's database is created from. */
    postgresTemplate: string;
  }
}

/** TEST_DATABASE_PREFIX keeps parallel runs on one shared server apart (default cuadra_test_). */
export const databasePrefix = () => process.env.TEST_DATABASE_PREFIX ?? 'cuadra_test_';

async function admin(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Migrates a fresh database the app's way (app tables, the job queue among them) and leaves no jobs. */
async function migrate(database: Database, dir: string) {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const services = await createServices(config, { database, migrate: true });
  await services.queue.stop();
  // Scheduled ticks sent at start belong to this run's clock, not to every test file's database.
  await database.db.execute('delete from jobs');
}

/**
 * Migrating a database takes seconds; copying one takes a fraction of that. So the run migrates one
 * database and every test file starts from a copy: a dump loaded into PGlite, or on PostgreSQL a
 * `CREATE DATABASE … TEMPLATE` of it (a file copy on the server, no SQL replayed).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'cuadra-template-'));
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `${databasePrefix()}template_${randomBytes(6).toString('hex')}`;
    await admin(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // A template must have no open connection while it is copied: this one closes before any test starts.
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    await migrate(database, dir);
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dir, { recursive: true, force: true });
    };
  }
  const pglite = await PGlite.create();
  const database = wrapPglite(pglite);
  await migrate(database, dir);
  const dump = await pglite.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
