import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs a raw statement and returns its rows. `Db` is typed over both drivers, so `execute`
 * answers `unknown`; node-postgres and PGlite both put the rows in `rows`.
 */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as { rows?: T[] };
  return result.rows ?? [];
}
