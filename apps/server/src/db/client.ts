import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { SERVER_ROOT } from '../lib/server-root';
import { lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-remote';
import * as schema from './schema/index';
import { countPoolWrites, LocalWrites, VersionFeed } from './version-feed';

/** The Drizzle handle every query and service takes as its first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite on a worker thread of its own (docs/decisions/0076-embedded-database-thread.md). */
  threaded?: boolean;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Runs `work` in one transaction that holds the database-wide start-up lock, so instances
   * starting together migrate and seed one after the other. On PostgreSQL the lock is
   * `pg_advisory_xact_lock`: it lives exactly as long as the transaction, on the one server
   * connection the transaction runs on, so it also holds behind PgBouncer in transaction mode
   * and cannot outlive a crash. `work` must use the handle it is given. A PGlite folder has
   * one process anyway; the transaction still makes start-up all-or-nothing.
   */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole database as an uncompressed tarball, which `openDatabase`'s
   * `loadDataDir` opens again without creating and migrating a cluster (the tests' template).
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: calls `onPayload` with each notification on `channel` (pg_notify). The
   * database runs in this process, so a notification sent by a transaction is delivered before
   * that transaction's commit returns to its writer, whichever code made it. Returns the
   * unsubscribe.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: notifications on a connection of the process's own, with a test of how
   * current the versions heard are (docs/decisions/0082-versions-heard-on-postgresql.md). It
   * connects when first subscribed to.
   */
  feed?: VersionFeed;
}

/** How the version feed's connection is named in pg_stat_activity. */
export const VERSION_FEED_APPLICATION = 'portal version feed';

/** Advisory-lock key of start-up work (migrations, seed): 'portal' in ASCII. */
const STARTUP_LOCK_KEY = 0x706f7274616c;

/** drizzle-kit's migrations, read where they are committed by the sources and the build alike. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'src', 'db', 'migrations');

export interface OpenDatabaseOptions {
  /** `postgres://…` selects PostgreSQL through node-postgres; unset selects embedded PGlite. */
  url?: string;
  /** PGlite data folder; unset keeps PGlite in memory (tests). */
  dataDir?: string;
  /** node-postgres pool size. */
  poolSize?: number;
  /** PGlite: start from this tarball of `dumpDataDir` instead of an empty cluster. */
  loadDataDir?: Blob;
  /**
   * PGlite: run the database on a worker thread of its own rather than the caller's
   * (docs/decisions/0076-embedded-database-thread.md).
   */
  thread?: boolean;
}

/** Opens PGlite (default) or PostgreSQL behind the same Drizzle interface. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client error (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const writes = new LocalWrites();
    countPoolWrites(pool, writes);
    const feed = new VersionFeed({
      writes,
      connect: async () => {
        const client = new pg.Client({
          connectionString: options.url,
          connectionTimeoutMillis: 5000,
          application_name: VERSION_FEED_APPLICATION,
        });
        // Errors end the connection; the feed hears it on 'end' and connects again.
        client.on('error', () => undefined);
        await client.connect();
        return client;
      },
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      feed,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      exclusive: (work) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
          return work(tx as unknown as Db);
        }),
      close: async () => {
        await feed.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  const client = await (
    options.thread
      ? PgliteThread.start({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
      : PGlite.create({
          dataDir: options.dataDir,
          extensions: { pg_trgm },
          loadDataDir: options.loadDataDir,
        })
  ).catch((error: unknown) => {
    release();
    throw error;
  });
  const pglite = client instanceof PgliteThread ? client.asPglite() : client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    threaded: client instanceof PgliteThread,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    exclusive: (work) => db.transaction((tx) => work(tx as unknown as Db)),
    dumpDataDir: async () => client.dumpDataDir('none'),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * Applies the committed migrations that `db` has not seen, in order, inside one transaction
 * (a savepoint when `db` is already a transaction), recording each in drizzle's journal
 * (`drizzle.__drizzle_migrations`, the table drizzle-kit's migrator keeps). Unlike drizzle's
 * migrator it never opens a transaction of its own on another connection, so it can run inside
 * the start-up lock. Returns how many migrations it applied.
 */
export async function applyMigrations(db: Db): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const journal = sql`${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`create schema if not exists ${sql.identifier(MIGRATIONS_SCHEMA)}`);
    await tx.execute(
      sql`create table if not exists ${journal} (id serial primary key, hash text not null, created_at bigint)`,
    );
    const result = (await tx.execute(
      sql`select created_at from ${journal} order by created_at desc limit 1`,
    )) as unknown as { rows: { created_at: string | number | null }[] };
    const last = Number(result.rows[0]?.created_at ?? 0);
    let applied = 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into ${journal} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      applied += 1;
    }
    return applied;
  });
}

/**
 * Applies the committed migrations under the start-up lock; the same folder and the same code
 * serve PGlite and PostgreSQL.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.exclusive((db) => applyMigrations(db));
}
