import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { selectRows } from '../src/db/sql-rows';

/** Every `timestamp` / `timestamptz` column of the application's tables, by table. */
export type TimestampColumns = Record<string, string[]>;

/**
 * The columns that hold instants, read from the catalog: the base tables of schema `public` (the
 * migration journal lives in schema `drizzle` and is left alone).
 */
export async function listTimestampColumns(db: Db): Promise<TimestampColumns> {
  const rows = await selectRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public'
      AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('timestamp with time zone', 'timestamp without time zone')
    ORDER BY c.table_name, c.ordinal_position`,
  );
  const columns: TimestampColumns = {};
  for (const { table_name: table, column_name: column } of rows) {
    (columns[table] ??= []).push(column);
  }
  return columns;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Moves every stored instant `deltaMs` later, in one transaction: one UPDATE per table sets all
 * of its timestamp columns at once, so instants of one row keep their order and distance (a
 * payment deadline stays 30 minutes after its order). Triggers are off while it runs
 * (`session_replication_role = replica`, which needs a superuser, as the test databases have):
 * the rows are not changed in substance, so no building version, change notice or price
 * history entry may come of it. `date` columns are not touched: the caller shifts only within
 * one Beijing calendar day.
 */
export async function shiftStoredTime(
  db: Db,
  columns: TimestampColumns,
  deltaMs: number,
): Promise<void> {
  if (!Number.isSafeInteger(deltaMs)) throw new Error(`时间平移量不正确：${deltaMs}`);
  if (deltaMs === 0) return;
  const by = `interval '${deltaMs} milliseconds'`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const [table, names] of Object.entries(columns)) {
      const set = names.map((name) => `${quoted(name)} = ${quoted(name)} + ${by}`).join(', ');
      await tx.execute(sql.raw(`UPDATE ${quoted(table)} SET ${set}`));
    }
  });
}
