import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createSharedDatabase,
  freePort,
  type Instance,
  type SharedDatabase,
  startInstance,
} from './instances';
import { Relay, until } from './relay';

/**
 * The database goes away under a running instance and comes back: requests answer a clear 503
 * meanwhile, /api/health fails, and service resumes by itself. The outage is a TCP relay in
 * front of PostgreSQL that the test closes and reopens.
 */
let database: SharedDatabase;
let relay: Relay;
let instance: Instance;

beforeAll(async () => {
  database = await createSharedDatabase();
  const direct = new URL(database.url);
  relay = new Relay(await freePort(), {
    host: direct.hostname,
    port: Number(direct.port) || 5432,
  });
  await relay.open();
  const viaRelay = new URL(database.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  instance = await startInstance({ DATABASE_URL: viaRelay.toString(), SEED_SCALE: '0.05' });
}, 180_000);

afterAll(async () => {
  await instance?.stop();
  await relay?.cut();
  await database?.drop();
});

describe('the database going away', () => {
  it('answers 503 while it is gone and resumes when it returns', async () => {
    expect((await call(instance.origin, 'GET', '/api/news')).status).toBe(200);

    await relay.cut();
    const health = await call(instance.origin, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.code).toBe('50003');
    const news = await call(instance.origin, 'GET', '/api/news?pageNum=2');
    expect(news.status).toBe(503);
    expect(news.body).toEqual({ code: '50003', message: '服务暂不可用，请稍后再试', data: null });
    const login = await call(instance.origin, 'POST', '/api/auth/login', {
      body: { account: '13800000001', password: 'Demo@2026' },
    });
    expect(login.status).toBe(503);

    await relay.open();
    const back = await until(
      async () => (await call(instance.origin, 'GET', '/api/health')).status === 200,
      20,
    );
    expect(back).toBe(true);
    expect((await call(instance.origin, 'GET', '/api/news?pageNum=3')).status).toBe(200);
    expect(instance.output()).not.toMatch(/uncaught|unhandled rejection/i);
  }, 90_000);
});
