import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { closeServices, createServices } from '../bootstrap';
import { loadConfig } from '../config';
import { schemaState, shippedMigrations } from './migrate';

const serverUrl = process.env.TEST_DATABASE_URL;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

// PostgreSQL only: PGlite is one connection in one process, so it has no concurrent start to get wrong.
describe.runIf(process.env.TEST_DB === 'postgres' && serverUrl)(
  'start-up on an empty PostgreSQL database',
  () => {
    it('migrates before serving, once, even when three processes start together', async () => {
      const name = `cuadra_migrate_${randomBytes(6).toString('hex')}`;
      await admin(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(serverUrl!);
        url.pathname = `/${name}`;
        const config = loadConfig({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', NODE_ENV: 'test' });
        const started = await Promise.all([1, 2, 3].map(() => createServices(config)));
        const state = await schemaState(started[0]!.db);
        expect(state).toEqual({
          version: shippedMigrations().at(-1)!.tag,
          expected: state.expected,
          pending: 0,
        });
        const applied = (await started[0]!.db.execute(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        )) as unknown as {
          rows: { n: number }[];
        };
        expect(applied.rows[0]!.n).toBe(shippedMigrations().length);
        await Promise.all(started.map((services) => closeServices(services)));
      } finally {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    });
  },
);
