import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { projects, users } from '../db/schema/index';

/** PostgreSQL accepts at most 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 1_000;

/**
 * Inserts rows with multi-row INSERTs of up to 1,000 rows (fewer for wide tables), in order.
 * Rows of one call must share the same keys so every batch has the same column list.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: ReadonlyArray<PgInsertValue<T>>,
): Promise<void> {
  if (rows.length === 0) return;
  const width = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / width)));
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size) as PgInsertValue<T>[]);
  }
}

/** Moves every `id` identity sequence past the largest id, after rows were inserted with ids. */
export async function syncIdentitySequences(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'
  LOOP
    EXECUTE format(
      'SELECT setval(pg_get_serial_sequence(%L, ''id''), COALESCE((SELECT max(id) FROM %I), 0) + 1, false)',
      r.table_name, r.table_name);
  END LOOP;
END $$`),
  );
}

/**
 * Empties every table of the application schema and restarts the identity sequences.
 * The migration journal (schema `drizzle`) is kept, so the schema stays migrated.
 */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`DO $$
DECLARE list text;
BEGIN
  SELECT string_agg(format('%I', tablename), ', ') INTO list
  FROM pg_tables WHERE schemaname = 'public';
  IF list IS NOT NULL THEN
    EXECUTE 'TRUNCATE TABLE ' || list || ' RESTART IDENTITY CASCADE';
  END IF;
END $$`),
  );
}

/** True when neither users nor projects hold a row (a fresh, migrated database). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (user) return false;
  const [project] = await db.select({ id: projects.id }).from(projects).limit(1);
  return !project;
}
