import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database or a transaction: data-access functions take this first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

/** PGlite under `dataDir` by default; PostgreSQL when a URL is given. */
/** The database named by DATABASE_URL does not answer at start: said in one line naming the variable. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
  constructor(url: string, cause: unknown) {
    // Connecting to `localhost` tries ::1 and 127.0.0.1: an AggregateError with no message but a code.
    const { message, code } = (cause ?? {}) as { message?: string; code?: string };
    const reason = message || code || String(cause);
    super(
      `Cannot connect to the database at DATABASE_URL (${redactUrl(url)}): ${reason}. Check that PostgreSQL is running and reachable, and that DATABASE_URL names it (empty DATABASE_URL: the embedded database under DATA_DIR).`,
      { cause },
    );
  }
}

/** The URL without its password, to be printed. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'not a URL';
  }
}

export async function openDatabase(options: { url: string; dataDir: string }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection that the server drops (restart, failover) is replaced on next use; without a
    // listener the pool's 'error' event would end the process.
    pool.on('error', (error) => console.error(`database: idle connection lost (${error.message})`));
    // Connect once now: a wrong or unreachable DATABASE_URL stops the start with a message naming it.
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => {});
      throw new DatabaseUnreachableError(options.url, error);
    }
    return { kind: 'postgres', db: drizzlePg({ client: pool, schema }), pool, close: () => pool.end() };
  }
  const dir = join(options.dataDir, 'db');
  await mkdir(dir, { recursive: true });
  return wrapPglite(
    await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    }),
  );
}

/**
 * The embedded database's page cache. PostgreSQL's default (128 MB) is sized for a server of its own; in
 * one process beside the API it is most of an idle trial's memory (issue 37: the whole tree under 0.8 GB),
 * while a local trial's working set is a few MB of tables and indexes the OS caches anyway. Measured on a
 * trial's database: 308 MB resident at 128 MB, 194 MB at 16 MB.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export function wrapPglite(pglite: PGlite): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite({ client: pglite, schema }),
    pglite,
    close: () => pglite.close(),
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute('select 1');
    return true;
  } catch {
    return false;
  }
}
