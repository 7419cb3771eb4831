import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUYER_QUERY } from '../../src/seed/demo-accounts';
import {
  call,
  createSharedDatabase,
  freePort,
  type Instance,
  REDIS_URL,
  type SharedDatabase,
  startInstance,
} from './instances';
import { Relay, until } from './relay';

/**
 * Redis goes away under a running instance and comes back (a TCP relay in front of Redis that
 * the test cuts and reopens). Redis is optional for serving: sign-in keeps working and stays
 * rate-limited (counted on the instance meanwhile), /api/health stays 200 and reports Redis as
 * unavailable, nothing answers 500, and the shared counting resumes by itself.
 */
let database: SharedDatabase;
let relay: Relay;
let instance: Instance;
const prefix = `outage${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  database = await createSharedDatabase();
  const direct = new URL(REDIS_URL);
  relay = new Relay(await freePort(), {
    host: direct.hostname,
    port: Number(direct.port) || 6379,
  });
  await relay.open();
  const viaRelay = new URL(REDIS_URL);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  instance = await startInstance({
    DATABASE_URL: database.url,
    REDIS_URL: viaRelay.toString(),
    REDIS_PREFIX: prefix,
    SEED_SCALE: '0.05',
  });
}, 180_000);

afterAll(async () => {
  await instance?.stop();
  await relay?.cut();
  await database?.drop();
});

const wrongLogin = { account: '13700001234', password: 'Wrong@2026' };
const report = { kind: 'runtime', message: '渲染失败', url: 'http://localhost/home' };

describe('Redis going away', () => {
  it('keeps sign-in, limits and health working, and resumes sharing when it returns', async () => {
    const before = await call(instance.origin, 'GET', '/api/health');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ db: 'ok', redis: 'ok' });

    await relay.cut();
    const health = await call(instance.origin, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ db: 'ok', redis: 'unavailable' });

    const login = await call(instance.origin, 'POST', '/api/auth/login', {
      body: { account: '13800000001', password: 'Demo@2026' },
    });
    expect(login.status).toBe(200);
    const token = (login.body.data as { access_token: string }).access_token;
    const me = await call(instance.origin, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    const news = await call(instance.origin, 'GET', '/api/news');
    expect(news.status).toBe(200);

    // Features that use Redis degrade, they do not fail: a chat message is stored and
    // answered (live pushes to other instances resume with Redis), a buyer query is answered.
    const conversation = await call(instance.origin, 'POST', '/api/chat/conversations', {
      token,
      body: { channel: 'service' },
    });
    expect(conversation.status).toBe(200);
    const conversationId = (conversation.body.data as { id: number }).id;
    const sent = await call(
      instance.origin,
      'POST',
      `/api/chat/conversations/${conversationId}/messages`,
      { token, body: { text: 'Redis 不在时也能留言' } },
    );
    expect(sent.status).toBe(200);
    const query = await call(instance.origin, 'POST', '/api/registry/buyer-funds', {
      body: {
        areaCode: DEMO_BUYER_QUERY.areaCode,
        idcard: DEMO_BUYER_QUERY.idCard,
        netsignnum: DEMO_BUYER_QUERY.netsignnum,
        password: DEMO_BUYER_QUERY.password,
      },
    });
    expect(query.status).toBe(200);

    // The client-error report allows 30 a minute per address: still enforced, on this instance.
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const res = await call(instance.origin, 'POST', '/api/telemetry/client-errors', {
        body: report,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.slice(0, 30).every((status) => status < 300)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);

    const wrong = await call(instance.origin, 'POST', '/api/auth/login', { body: wrongLogin });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);

    await relay.open();
    const back = await until(async () => {
      const res = await call(instance.origin, 'GET', '/api/health');
      return (res.body.data as { redis?: string } | null)?.redis === 'ok';
    }, 20);
    expect(back).toBe(true);

    // Counting is in Redis again: a fresh window there, so the first reports pass.
    const again = await call(instance.origin, 'POST', '/api/telemetry/client-errors', {
      body: report,
    });
    expect(again.status).toBeLessThan(300);
    expect(await rateLimitKeys()).toBeGreaterThan(0);
    expect(instance.output()).not.toMatch(/uncaught|unhandled rejection/i);
  }, 90_000);
});

/** How many rate-limit keys of this instance's prefix Redis holds (through the direct URL). */
async function rateLimitKeys(): Promise<number> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return (await client.keys(`${prefix}rate-limit:*`)).length;
  } finally {
    client.disconnect();
  }
}
