import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { wrapPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database takes seconds; loading a dump takes a fraction of that. So the run migrates
 * one database (app tables, the job queue among them), dumps it, and every test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') return;
  const dir = await mkdtemp(join(tmpdir(), 'cuadra-template-'));
  const pglite = await PGlite.create();
  const database = wrapPglite(pglite);
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const services = await createServices(config, { database, migrate: true });
  await services.queue.stop();
  // Scheduled ticks sent at start belong to this run's clock, not to every test file's database.
  await pglite.exec('delete from jobs');
  const dump = await pglite.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
