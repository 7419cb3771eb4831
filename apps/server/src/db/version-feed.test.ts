import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, VERSION_FEED_APPLICATION, type Database } from './client';
import { HeardVersions, watchVersions } from './heard-versions';
import { countPoolWrites, LocalWrites, VersionFeed } from './version-feed';

/**
 * The version feed on a real PostgreSQL server (the one the PostgreSQL pass and the scale-out
 * tests use): it needs no tables, only notifications, so it runs once, in the PGlite pass
 * (apps/server/vitest.config.ts lists it as independent of the database under test).
 */
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('条件未在时限内满足');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A channel of this run's own, so parallel runs never hear each other. */
const channelName = () => `test_versions_${randomBytes(4).toString('hex')}`;

let database: Database;
/** Another process's connection: its commits are not this process's writes. */
let other: pg.Client;

beforeAll(async () => {
  database = await openDatabase({ url: PG_URL, poolSize: 2 });
  other = new pg.Client({ connectionString: PG_URL });
  await other.connect();
});

afterAll(async () => {
  await other?.end();
  await database?.close();
});

describe('the version feed on PostgreSQL', () => {
  it('hears another process’s versions, and is fresh only once a fence came back', async () => {
    const channel = channelName();
    const watched = await watchVersions(database, channel, (p) => [p, 1]);
    expect(watched).not.toBeNull();
    const feed = database.feed as VersionFeed;
    await until(() => feed.fresh());
    await other.query('select pg_notify($1, $2)', [channel, 'b7']);
    await until(() => watched?.versions.get('b7') === 1);
    await watched?.stop();
  });

  it('is not fresh after this process’s write until every version it committed is heard', async () => {
    const channel = channelName();
    const heard: string[] = [];
    const watched = await watchVersions(database, channel, (p) => {
      heard.push(p);
      return [p, Number(p.slice(1))];
    });
    const feed = database.feed as VersionFeed;
    await until(() => feed.fresh());
    for (let i = 1; i <= 20; i += 1) {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${channel}, ${`v${i}`})`);
      });
      // The commit has returned: the feed must not vouch for the versions until it heard v<i>.
      expect(feed.fresh() && !heard.includes(`v${i}`)).toBe(false);
      await until(() => feed.fresh());
      expect(heard, 'heard before fresh again').toContain(`v${i}`);
      expect(watched?.versions.get(`v${i}`)).toBe(i);
    }
    await watched?.stop();
  });

  it('forgets what it heard when its connection is lost, and listens again', async () => {
    const channel = channelName();
    const watched = await watchVersions(database, channel, (p) => [p, Number(p.slice(1))]);
    const feed = database.feed as VersionFeed;
    await until(() => feed.fresh());
    await other.query('select pg_notify($1, $2)', [channel, 'a1']);
    await until(() => watched?.versions.get('a1') === 1);
    const generation = feed.generation;
    const started = watched?.versions.readStart() as number;
    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database()`,
      [VERSION_FEED_APPLICATION],
    );
    await until(() => feed.generation > generation);
    expect(feed.fresh()).toBe(false);
    expect(watched?.versions.get('a1')).toBeUndefined();
    // A version read before the loss is not kept: a change in between may not have been heard.
    watched?.versions.read('a2', 2, started);
    await until(() => feed.fresh(), 10_000);
    expect(watched?.versions.get('a2')).toBeUndefined();
    expect(watched?.versions.get('a1'), 'forgotten with the connection').toBeUndefined();
    await other.query('select pg_notify($1, $2)', [channel, 'a3']);
    await until(() => watched?.versions.get('a3') === 3);
    await watched?.stop();
  });
});

describe('a version feed’s age', () => {
  it('stops vouching for the versions when its last fence came back too long ago', async () => {
    let now = 1_000_000;
    const feed = new VersionFeed({
      writes: new LocalWrites(),
      connect: async () => {
        const client = new pg.Client({ connectionString: PG_URL });
        client.on('error', () => undefined);
        await client.connect();
        return client;
      },
      // No fence from the timer during the test: the clock is the test's.
      fenceEveryMs: 3_600_000,
      maxAgeMs: 1000,
      now: () => now,
    });
    try {
      await feed.subscribe(
        channelName(),
        () => undefined,
        () => undefined,
      );
      await until(() => feed.fresh());
      now += 1000;
      expect(feed.fresh()).toBe(true);
      now += 1;
      expect(feed.fresh()).toBe(false);
    } finally {
      await feed.close();
    }
  });
});

describe('the writes a pool counts', () => {
  it('counts a transaction at its end and a statement that may write, never a read', async () => {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
    const writes = new LocalWrites();
    countPoolWrites(pool, writes);
    try {
      await pool.query('select 1');
      expect(writes.count).toBe(0);
      await pool.query('create temporary table if not exists seats (id int)');
      expect(writes.count).toBe(1);
      const client = await pool.connect();
      await client.query('begin');
      await client.query('insert into seats values (1)');
      await client.query('savepoint a');
      await client.query('rollback to savepoint a');
      expect(writes.count, 'nothing inside a transaction').toBe(1);
      await client.query('commit');
      expect(writes.count).toBe(2);
      await client.query('  ROLLBACK');
      expect(writes.count).toBe(3);
      await expect(client.query('insert into nowhere values (1)')).rejects.toThrow();
      expect(writes.count, 'a failed write counts too').toBe(4);
      client.release();
    } finally {
      await pool.end();
    }
  });
});

describe('versions heard', () => {
  it('keeps the highest version of each key, whether heard or read', () => {
    const versions = new HeardVersions<number>(null);
    versions.heard(1, 5);
    versions.read(1, 4, versions.readStart());
    expect(versions.get(1)).toBe(5);
    versions.read(1, 6, versions.readStart());
    expect(versions.get(1)).toBe(6);
    versions.forget();
    expect(versions.get(1)).toBeUndefined();
  });
});
