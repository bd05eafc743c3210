import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

/**
 * A statement built once per database and sent as a named prepared statement: PostgreSQL parses and plans
 * it once per connection, not once per request. For the queries every request runs.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * Runs a statement on the database's own driver and answers its rows as arrays, in the statement's column
 * order: for a hot list whose rows the caller maps itself, without Drizzle's per-row, per-column mapping
 * (a fifth of a page request's CPU at 50 rows). `name` makes it a named prepared statement (parsed and
 * planned once per connection). The columns come as the driver parses them: cast dates and timestamps to
 * text in the statement. Only on the database `db/client.ts` opened, not inside a transaction.
 */
export async function queryArrays(
  db: Db,
  statement: { name?: string | undefined; text: string; values: unknown[] },
): Promise<unknown[][]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<unknown[]>({ ...statement, rowMode: 'array' });
    return result.rows;
  }
  if (client instanceof PGlite) {
    const result = await client.query<unknown[]>(statement.text, statement.values, { rowMode: 'array' });
    return result.rows;
  }
  throw new Error('queryArrays needs the database itself (db/client.ts), not a transaction');
}
