import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createSharedDatabase,
  type Instance,
  REDIS_URL,
  type SharedDatabase,
  startInstance,
} from './instances';

/**
 * The brute-force limits of one phone and one account under a burst of 30 requests sent at
 * once to two server processes on one PostgreSQL database: the limits are counted in the
 * database, so the two processes together let through exactly what one would.
 */
const BURST = 30;

let database: SharedDatabase;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await createSharedDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `races${randomBytes(4).toString('hex')}:`,
    SEED_SCALE: '0.05',
    TRUST_PROXY: '127.0.0.1',
  };
  a = await startInstance(env);
  b = await startInstance(env);
  // Opens each instance's database connections, so that the bursts below meet the database
  // together instead of one connection at a time.
  await Promise.all(
    Array.from({ length: BURST }, (_, i) => call((i % 2 ? a : b).origin, 'GET', '/api/health')),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

/** Sends `count` POSTs at once, alternating between the instances, from one client address. */
function burst(count: number, url: string, body: (i: number) => unknown, address: string) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      call(i % 2 === 0 ? a.origin : b.origin, 'POST', url, {
        body: body(i),
        headers: { 'x-forwarded-for': address },
      }),
    ),
  );
}

const countOf = <T>(values: T[], value: T) => values.filter((v) => v === value).length;

describe('brute-force limits across two instances', () => {
  it('send one code for a burst of requests for the same phone and purpose', async () => {
    const phone = '13700009911';
    const answers = await burst(
      BURST,
      '/api/auth/sms-codes',
      () => ({ phone, purpose: 'REGISTER' }),
      '198.51.100.71',
    );
    expect(
      countOf(
        answers.map((r) => r.status),
        200,
      ),
    ).toBe(1);
    expect(
      countOf(
        answers.map((r) => r.status),
        429,
      ),
    ).toBe(BURST - 1);
    const stored = await database.query<{ n: number }>(
      'select count(*)::int as n from sms_codes where phone = $1',
      [phone],
    );
    expect(stored[0]?.n).toBe(1);
  });

  it('weigh five wrong tries of a code, then burn it', async () => {
    const phone = '13700009912';
    const sent = await call(a.origin, 'POST', '/api/auth/sms-codes', {
      body: { phone, purpose: 'REGISTER' },
      headers: { 'x-forwarded-for': '198.51.100.72' },
    });
    expect(sent.status).toBe(200);
    const outbox = await call(b.origin, 'GET', `/api/dev/sms?phone=${phone}`);
    const code = (outbox.body.data as { code: string }[])[0]?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await burst(
      BURST,
      '/api/auth/register',
      () => ({ phone, code: wrong, password: 'Race@2026' }),
      '198.51.100.72',
    );
    const messages = answers.map((r) => r.body.message);
    expect(countOf(messages, '验证码错误次数过多，请重新获取')).toBe(BURST - 4);
    expect(messages.filter((m) => m.startsWith('验证码错误，还可尝试'))).toHaveLength(4);
    const right = await call(a.origin, 'POST', '/api/auth/register', {
      body: { phone, code, password: 'Race@2026' },
      headers: { 'x-forwarded-for': '198.51.100.72' },
    });
    expect(right.body.message).toBe('验证码错误次数过多，请重新获取');
  });

  it('weigh ten wrong passwords, then lock the account on both', async () => {
    const account = '13800000001';
    const answers = await burst(
      BURST,
      '/api/auth/login',
      () => ({ account, password: 'Wrong@2026' }),
      '198.51.100.73',
    );
    expect(
      countOf(
        answers.map((r) => r.body.code),
        '20001',
      ),
    ).toBe(9);
    expect(
      countOf(
        answers.map((r) => r.status),
        423,
      ),
    ).toBe(BURST - 9);
    for (const instance of [a, b]) {
      const locked = await call(instance.origin, 'POST', '/api/auth/login', {
        body: { account, password: 'Demo@2026' },
        headers: { 'x-forwarded-for': '198.51.100.73' },
      });
      expect(locked.status).toBe(423);
    }
  });
});
