import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache, RedisReadCacheRelay } from '../../src/lib/read-cache';
import {
  BUYER_QUERY_MAX_FAILURES,
  RedisBuyerQueryLimiter,
} from '../../src/modules/registry/buyer-query-limiter';
import { DEMO_BUYER_QUERY } from '../../src/seed/demo-accounts';
import {
  call,
  createSharedDatabase,
  type Instance,
  REDIS_URL,
  type SharedDatabase,
  signInOperator,
  startInstance,
} from './instances';

const prefix = () => `t${randomBytes(4).toString('hex')}:`;
const fail = (error: unknown) => {
  throw error;
};

/** Polls `check` until it holds or `ms` pass. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('read caches on one Redis', () => {
  it('see each other’s invalidations, and not their own', async () => {
    const channel = prefix();
    const a = new ReadCache();
    const b = new ReadCache();
    let aCleared = 0;
    const relayA = new RedisReadCacheRelay(REDIS_URL, channel, () => (aCleared += 1), fail);
    const relayB = new RedisReadCacheRelay(REDIS_URL, channel, () => b.clear(), fail);
    await Promise.all([relayA.whenReady(), relayB.whenReady()]);
    try {
      await a.get('k', async () => 'old');
      await b.get('k', async () => 'old');
      // Instance A writes: it empties its own cache and tells the others.
      a.clear();
      relayA.publish();
      expect(await eventually(async () => (await b.get('k', async () => 'new')) === 'new')).toBe(
        true,
      );
      expect(aCleared).toBe(0);
    } finally {
      await Promise.all([relayA.close(), relayB.close()]);
    }
  });
});

describe('buyer-query attempts in Redis', () => {
  it('cap parallel reservations from two limiters at the limit, and give released ones back', async () => {
    const shared = prefix();
    const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)] as const;
    const one = new RedisBuyerQueryLimiter(connections[0], shared, fail);
    const two = new RedisBuyerQueryLimiter(connections[1], shared, fail);
    try {
      const tickets = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one : two).reserve('10.1.1.1')),
      );
      const granted = tickets.filter((ticket) => ticket !== null);
      expect(granted).toHaveLength(BUYER_QUERY_MAX_FAILURES);
      expect(await two.reserve('10.1.1.2')).not.toBeNull();
      const [first] = granted;
      if (first) await one.release(first);
      expect(await two.reserve('10.1.1.1')).not.toBeNull();
      expect(await one.reserve('10.1.1.1')).toBeNull();
    } finally {
      await Promise.all(connections.map((connection) => connection.quit()));
    }
  });
});

/** Two real instances on one PostgreSQL and one Redis, as behind the reverse proxy. */
describe('two instances', () => {
  let database: SharedDatabase;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createSharedDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix(),
      SEED_SCALE: '0.05',
    };
    a = await startInstance(env);
    b = await startInstance(env);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('serve a project write made on one instance from the other at once', async () => {
    const token = await signInOperator(a.origin);
    const [row] = await database.query<{ id: number }>(
      'select id from projects where publish_status = 3 order by id limit 1',
    );
    const card = async () =>
      (await call(b.origin, 'GET', `/api/map/markers/${row?.id}`)).body.data as {
        platformPrice: number;
      };
    const before = (await card()).platformPrice;
    expect((await card()).platformPrice).toBe(before);

    const detail = (await call(a.origin, 'GET', `/api/admin/projects/${row?.id}`, { token })).body
      .data as Record<string, unknown>;
    const facts = Object.fromEntries(
      Object.entries(detail).filter(
        ([key]) =>
          !['id', 'districtName', 'tags', 'allTags', 'album', 'licences', 'buildings'].includes(
            key,
          ),
      ),
    );
    const saved = await call(a.origin, 'PUT', `/api/admin/projects/${row?.id}`, {
      token,
      body: { ...facts, platformPrice: before + 123 },
    });
    expect(saved.status).toBe(200);
    expect(await eventually(async () => (await card()).platformPrice === before + 123)).toBe(true);
  });

  it('share the buyer-query attempt limit', async () => {
    const wrong = { ...DEMO_BUYER_QUERY, idcard: DEMO_BUYER_QUERY.idCard, password: '000000' };
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 === 0 ? a.origin : b.origin, 'POST', '/api/registry/buyer-contracts', {
          body: wrong,
        }).then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 404)).toHaveLength(BUYER_QUERY_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - BUYER_QUERY_MAX_FAILURES);
  });
});
