import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/db/client';
import {
  call,
  createSharedDatabase,
  type Instance,
  type SharedDatabase,
  startInstance,
} from './instances';

/**
 * The real server with DATABASE_READ_URL: a second PostgreSQL database (migrated, left empty,
 * standing in for a replica) serves the public reads, the primary everything else. The routing
 * of each read is tested route by route in test/read-replica.test.ts.
 */
let primary: SharedDatabase;
let replica: SharedDatabase;
let instance: Instance;

beforeAll(async () => {
  [primary, replica] = await Promise.all([createSharedDatabase(), createSharedDatabase()]);
  const migrated = await openDatabase({ url: replica.url, poolSize: 1 });
  await migrateDatabase(migrated);
  await migrated.close();
  instance = await startInstance({
    DATABASE_URL: primary.url,
    DATABASE_READ_URL: replica.url,
    SEED_SCALE: '0.05',
  });
}, 180_000);

afterAll(async () => {
  await instance?.stop();
  await primary?.drop();
  await replica?.drop();
});

describe('a server started with DATABASE_READ_URL', () => {
  it('reads public lists from the replica and signs in against the primary', async () => {
    const health = await call(instance.origin, 'GET', '/api/health');
    expect(health.body.data).toMatchObject({ db: 'ok', readReplica: 'ok' });
    const news = await call(instance.origin, 'GET', '/api/news');
    expect((news.body.data as { total: number }).total).toBe(0);
    const [seeded] = await primary.query<{ n: string }>('select count(*) as n from news');
    expect(Number(seeded?.n)).toBeGreaterThan(0);
    const login = await call(instance.origin, 'POST', '/api/auth/login', {
      body: { account: '13800000001', password: 'Demo@2026' },
    });
    expect(login.status).toBe(200);
    const [sessions] = await replica.query<{ n: string }>('select count(*) as n from sessions');
    expect(Number(sessions?.n)).toBe(0);
  });
});
