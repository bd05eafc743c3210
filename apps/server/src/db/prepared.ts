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
