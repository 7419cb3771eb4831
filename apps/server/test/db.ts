import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject, type ProvidedContext } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { runAdminStatement } from './admin-statement';

export type TestDatabase = Database & {
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
};

/** Closes a connection that a test may already have closed on purpose (e.g. "database gone"). */
async function closeQuietly(database: Database): Promise<void> {
  try {
    await database.close();
  } catch {
    // Closing twice is harmless here; what matters is that the database is released.
  }
}

/**
 * The template's tarball as PGlite reads it: `loadDataDir` only asks for `arrayBuffer()`. A
 * plain `Blob` of the 40 MB tarball hands its bytes out in small chunks and joins them again on
 * every open (about a quarter of a PGlite start's CPU); this one copies them from memory in one
 * piece. The file is read once per worker (its files share loaded modules), and every database
 * gets its own copy.
 */
class TarballBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

const tarballs = new Map<string, Uint8Array>();

function templateTarball(file: string): Blob {
  let bytes = tarballs.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(file));
    tarballs.set(file, bytes);
  }
  return new TarballBlob(bytes);
}

export interface TestDatabaseOptions {
  /** node-postgres pool size on PostgreSQL (4 unless a test needs truly concurrent requests). */
  poolSize?: number;
  /** The template to copy instead of the migrated, empty one (a seeded city, test/app.ts). */
  template?: ProvidedContext['databaseTemplate'];
}

/**
 * A fresh, migrated database for one test file, copied from the template that the global setup
 * migrated once (test/database-template.setup.ts). With `TEST_DATABASE_URL` unset: an in-memory
 * PGlite opened from the template's tarball. With it set (e.g.
 * `postgres://postgres@127.0.0.1:5432/postgres`): a new database `portal_test_<random>` made from
 * the template database on that server, dropped again by `dispose()`.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = options.template ?? inject('databaseTemplate');
  if (!adminUrl) {
    if (template.kind !== 'pglite') throw new Error('数据库模板与 TEST_DATABASE_URL 不一致');
    // On a thread of its own, as `npm start` opens it (docs/decisions/0076-embedded-database-thread.md).
    const database = await openDatabase({
      loadDataDir: templateTarball(template.file),
      thread: true,
    });
    return { ...database, dispose: () => closeQuietly(database) };
  }

  if (template.kind !== 'postgres') throw new Error('数据库模板与 TEST_DATABASE_URL 不一致');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  // A throw-away database need not wait for each commit to reach the disk: without the flush
  // the tests' thousands of small commits stop queueing on the disk's write-back (a crash would
  // lose only the last moments' commits of a database that is dropped anyway). The server's own
  // setting, and every other database on it, are left as they are (docs/testing.md).
  await runAdminStatement(
    adminUrl,
    `CREATE DATABASE ${name} TEMPLATE ${template.name}`,
    `ALTER DATABASE ${name} SET synchronous_commit = off`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 4 });
  return {
    ...database,
    dispose: async () => {
      await closeQuietly(database);
      await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
