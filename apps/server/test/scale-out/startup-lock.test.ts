import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, type Database, openDatabase } from '../../src/db/client';
import { localDataStorage } from '../../src/integrations/storage/index';
import { prepareDatabase } from '../../src/seed/startup';
import { createSharedDatabase, type SharedDatabase } from './instances';

/**
 * The start-up lock on PostgreSQL is transaction-scoped (pg_advisory_xact_lock around migrations
 * and seed in one transaction): it lives on the one server connection of that transaction, so it
 * holds behind PgBouncer in transaction mode and can never be left behind. Instances starting
 * together migrate and seed once; a start-up that fails leaves neither a lock nor half a schema.
 */
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
const databases: SharedDatabase[] = [];
const handles: Database[] = [];

async function fresh(): Promise<{ shared: SharedDatabase; open: () => Promise<Database> }> {
  const shared = await createSharedDatabase();
  databases.push(shared);
  const open = async () => {
    const handle = await openDatabase({ url: shared.url, poolSize: 2 });
    handles.push(handle);
    return handle;
  };
  return { shared, open };
}

afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => undefined);
  for (const shared of databases) await shared.drop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const advisoryLocks = (shared: SharedDatabase) =>
  shared.query<{ n: string }>("select count(*) as n from pg_locks where locktype = 'advisory'");

describe('the start-up lock', () => {
  it('lets instances starting together migrate and seed once', async () => {
    const { shared, open } = await fresh();
    const [a, b] = [await open(), await open()];
    const options = {
      nodeEnv: 'development' as const,
      seedScale: 0.05,
      storage: localDataStorage(uploadsDir),
      log: () => undefined,
    };
    const reports = await Promise.all([prepareDatabase(a, options), prepareDatabase(b, options)]);
    expect(reports.map((r) => r.seeded).sort()).toEqual(['demo-city', 'none']);
    const [journal] = await shared.query<{ n: string; distinct: string }>(
      'select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
    );
    expect(Number(journal?.n)).toBeGreaterThan(0);
    expect(journal?.n).toBe(journal?.distinct);
    const [buyers] = await shared.query<{ n: string }>(
      "select count(*) as n from users where phone = '13800000001'",
    );
    expect(Number(buyers?.n)).toBe(1);
    expect(Number((await advisoryLocks(shared))[0]?.n)).toBe(0);
  }, 180_000);

  it('makes a second start-up wait until the first commits', async () => {
    const { open } = await fresh();
    const [a, b] = [await open(), await open()];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = a.exclusive(async (db) => {
      order.push('a starts');
      await applyMigrations(db);
      await gate;
      order.push('a ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = b.exclusive(async (db) => {
      order.push('b starts');
      return applyMigrations(db);
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(order).toEqual(['a starts']);
    release();
    await first;
    expect(await second).toBe(0);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
  }, 60_000);

  it('leaves no lock and no half-applied schema when start-up fails', async () => {
    const { shared, open } = await fresh();
    const handle = await open();
    await expect(
      handle.exclusive(async (db) => {
        await applyMigrations(db);
        throw new Error('start-up failed half-way');
      }),
    ).rejects.toThrow('start-up failed half-way');
    const [journal] = await shared.query<{ table: string | null }>(
      "select to_regclass('drizzle.__drizzle_migrations')::text as table",
    );
    expect(journal?.table).toBeNull();
    const [users] = await shared.query<{ table: string | null }>(
      "select to_regclass('public.users')::text as table",
    );
    expect(users?.table).toBeNull();
    expect(Number((await advisoryLocks(shared))[0]?.n)).toBe(0);
    expect(await handle.exclusive((db) => applyMigrations(db))).toBeGreaterThan(0);
  }, 60_000);
});
