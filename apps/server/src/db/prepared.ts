import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement of `db`, built by `prepare` on first use and kept for that handle. For
 * the statements of the busiest reads (the building table, the session behind every signed-in
 * request, an order): no SQL is built per call, and PostgreSQL parses and plans each once per
 * connection. `name` is the statement's name on the server; one name, one statement.
 */
export function preparedStatement<T>(db: Db, name: string, prepare: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = prepare(db);
    byName.set(name, statement);
  }
  return statement;
}
