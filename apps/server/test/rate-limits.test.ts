import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCounter } from '../src/plugins/rate-limit';
import { createTestApp, type TestApp } from './app';
import { freePort } from './scale-out/instances';

/**
 * The per-address sign-in limit (100 a minute) driven to 429 on one instance, with the counters
 * in process and with a configured Redis that does not answer: then the instance counts on its
 * own, sign-in keeps working and nothing answers 500. Shared counting across two instances is
 * in test/scale-out/two-instances.test.ts, a Redis outage and its end in redis-outage.test.ts.
 */
let local: TestApp;
let redisDown: TestApp;

beforeAll(async () => {
  local = await createTestApp({ seedScale: 0.05 });
  const closedPort = await freePort();
  redisDown = await createTestApp({
    seedScale: 0.05,
    env: { REDIS_URL: `redis://127.0.0.1:${closedPort}` },
  });
});
afterAll(async () => {
  await local?.dispose();
  await redisDown?.dispose();
});

const LOGIN_LIMIT = 100;

async function attempts(t: TestApp, remoteAddress: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { account: '13700005555', password: 'Wrong@2026' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the per-address sign-in limit', () => {
  it('refuses the 101st attempt of a minute with 429 and a Chinese envelope', async () => {
    const statuses = await attempts(local, '198.51.100.10', LOGIN_LIMIT);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await local.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.10',
      payload: { account: '13800000001', password: 'Demo@2026' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: '10429',
      message: '操作过于频繁，请稍后再试',
      data: null,
    });
    const other = await local.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.11',
      payload: { account: '13800000001', password: 'Demo@2026' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('still holds, counted on the instance, when Redis does not answer', async () => {
    const signIn = await redisDown.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.20',
      payload: { account: '13800000001', password: 'Demo@2026' },
    });
    expect(signIn.statusCode).toBe(200);
    const statuses = await attempts(redisDown, '198.51.100.20', LOGIN_LIMIT);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.slice(0, LOGIN_LIMIT - 1).every((status) => status !== 429)).toBe(true);
    expect(statuses[LOGIN_LIMIT - 1]).toBe(429);
  });

  it('reports Redis as unavailable in a health check that still passes', async () => {
    const res = await redisDown.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ db: 'ok', redis: 'unavailable', readReplica: 'off' });
    const plain = await local.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.json().data).toMatchObject({ redis: 'off', readReplica: 'off' });
  });
});

describe('LocalCounter', () => {
  it('counts hits in a fixed window and starts a new one when it ends', () => {
    const counter = new LocalCounter();
    expect(counter.incr('k', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.incr('k', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counter.incr('other', 1000, 400)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.incr('k', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
  });
});
