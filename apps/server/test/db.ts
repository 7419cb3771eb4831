import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';

export type TestDatabase = Database & {
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
};

/** Runs one statement on the server's maintenance database (CREATE / DROP DATABASE). */
async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Closes a connection that a test may already have closed on purpose (e.g. "database gone"). */
async function closeQuietly(database: Database): Promise<void> {
  try {
    await database.close();
  } catch {
    // Closing twice is harmless here; what matters is that the database is released.
  }
}

export interface TestDatabaseOptions {
  /** node-postgres pool size on PostgreSQL (4 unless a test needs truly concurrent requests). */
  poolSize?: number;
}

/**
 * A fresh, migrated database for one test file. With `TEST_DATABASE_URL` unset: an in-memory
 * PGlite. With it set (e.g. `postgres://postgres@127.0.0.1:5432/postgres`): a new database
 * `portal_test_<random>` on that server, dropped again by `dispose()`.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase();
    await migrateDatabase(database);
    return { ...database, dispose: () => closeQuietly(database) };
  }

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 4 });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await closeQuietly(database);
    await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    ...database,
    dispose: async () => {
      await closeQuietly(database);
      await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
