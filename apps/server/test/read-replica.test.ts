import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index';
import { favourites, sessions } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase, type TestDatabase } from './db';

/**
 * DATABASE_READ_URL: public, cache-tolerant reads go to the read replica and everything else
 * (sessions, orders, room states, personal data, every write) to the primary. The "replica" here
 * is a second database, migrated but empty, so a read served by it shows an empty city while
 * the seeded primary serves the rest. With TEST_DATABASE_URL both are PostgreSQL databases.
 */
let replica: TestDatabase;
let t: TestApp;
let token: string;

beforeAll(async () => {
  replica = await createTestDatabase();
  t = await createTestApp({ seedScale: 0.05, readDatabase: replica });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account: '13800000001', password: 'Demo@2026' },
  });
  token = login.json().data.access_token;
});
afterAll(async () => {
  await t?.dispose();
  await replica?.dispose();
});

async function get(url: string, withToken = false) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: withToken ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json().data;
}

describe('a read replica configured', () => {
  it('serves the public searches, lists and aggregates from the replica', async () => {
    expect((await get('/api/projects')).total).toBe(0);
    expect(await get('/api/projects/recommended')).toEqual([]);
    expect((await get('/api/news')).total).toBe(0);
    expect(await get('/api/news/headlines')).toEqual([]);
    expect((await get('/api/map/clusters')).total).toBe(0);
    expect((await get('/api/map/projects')).total).toBe(0);
    expect(await get('/api/analytics/counters')).toEqual({ publishedCount: 0, collectedCount: 0 });
    expect((await get('/api/registry/licences')).total).toBe(0);
    expect((await get('/api/registry/supervision-accounts')).total).toBe(0);
  });

  it('keeps sign-in, personal data, room states and the health counts on the primary', async () => {
    expect((await get('/api/auth/me', true)).realNameAuth).toBe(true);
    expect((await get('/api/orders', true)).total).toBeGreaterThan(0);
    const health = await get('/api/health');
    expect(health.counts.projects).toBeGreaterThan(0);
    expect(health.readReplica).toBe('ok');
    const [project] = await t.database.db.query.projects.findMany({ limit: 1 });
    expect(project).toBeDefined();
    const detail = await get(`/api/projects/${project?.id}`, true);
    expect(detail.id).toBe(project?.id);
    const buildings = await get(`/api/building-table/projects/${project?.id}/buildings`);
    expect(buildings.length).toBeGreaterThan(0);
  });

  it('writes to the primary only', async () => {
    const [project] = await t.database.db.query.projects.findMany({ limit: 1 });
    const toggled = await t.app.inject({
      method: 'POST',
      url: '/api/favourites/toggle',
      headers: { authorization: `Bearer ${token}` },
      payload: { businessType: 'PROJECT', businessId: project?.id, collected: true },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    const inPrimary = await t.database.db
      .select({ n: count() })
      .from(favourites)
      .where(eq(favourites.businessId, project?.id ?? 0));
    expect(inPrimary[0]?.n).toBeGreaterThan(0);
    for (const table of [favourites, sessions]) {
      const [row] = await replica.db.select({ n: count() }).from(table);
      expect(row?.n).toBe(0);
    }
  });
});

describe('DATABASE_READ_URL', () => {
  it('is optional, must be PostgreSQL and needs a PostgreSQL primary', () => {
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    const both = loadConfig({
      DATABASE_URL: 'postgres://portal@10.0.0.10/portal',
      DATABASE_READ_URL: 'postgres://portal@10.0.0.12/portal',
    });
    expect(both.databaseReadUrl).toBe('postgres://portal@10.0.0.12/portal');
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://portal@10.0.0.12/portal' })).toThrow(
      /DATABASE_READ_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://a/b', DATABASE_READ_URL: 'mysql://c/d' }),
    ).toThrow(/DATABASE_READ_URL/);
  });
});
