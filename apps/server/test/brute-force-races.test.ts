import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/index';
import { passwordSignInFailures, smsCodes } from '../src/db/schema/index';
import { createUser, TEST_PASSWORD } from '../src/modules/auth/auth-test-helpers';
import { createTestDatabase, type TestDatabase } from './db';

/**
 * The brute-force limits under concurrent requests: 30 requests fired at once, spread over two
 * API instances that share one database (on PostgreSQL through a pool as large as the burst, so
 * every request has its own connection and the database really sees them together). Whatever
 * the interleaving, exactly as many requests get through as the limits allow (docs/product/accounts.md,
 * docs/decisions/0006): one code a minute per phone and purpose, 5 an hour and 10 a day per
 * phone, 20 an hour per address, 5 wrong tries per code, one use per code, 10 wrong passwords.
 */
const BURST = 30;

let database: TestDatabase;
let instances: FastifyInstance[];
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: BURST + 2 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-races-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  instances = [];
  for (let i = 0; i < 2; i += 1) {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    instances.push(app);
  }
});
afterAll(async () => {
  for (const app of instances ?? []) await app.close();
  await database?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Fires `count` requests at once, alternating between the instances. */
function burst(
  count: number,
  request: (i: number) => { url: string; payload: object; remoteAddress: string },
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const { url, payload, remoteAddress } = request(i);
      return instances[i % instances.length]!.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress,
      });
    }),
  );
}

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);
const countOf = <T>(values: T[], value: T) => values.filter((v) => v === value).length;
const messagesOf = (answers: LightMyRequestResponse[]) =>
  answers.map((a) => (a.json() as { message: string }).message);

async function codesOf(phone: string) {
  return database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
}

/** Stored codes sent `minutesAgo` minutes ago, as earlier sends of the phone. */
async function earlierSends(phone: string, count: number, minutesAgo: number, ip = '10.9.9.9') {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  await database.db.insert(smsCodes).values(
    Array.from({ length: count }, () => ({
      phone,
      code: '000000',
      purpose: 'REGISTER',
      createdAt,
      expiresAt: createdAt,
      ip,
    })),
  );
}

const ACCOUNT_PURPOSES = ['LOGIN', 'FORGET_PWD', 'CHANGE_PWD', 'VALIDATE_PHONE'] as const;

describe('SMS sends under a burst of concurrent requests', () => {
  it('send one code a minute per phone and purpose', async () => {
    const phone = '13700008001';
    await createUser(database.db, phone);
    const answers = await burst(BURST, () => ({
      url: '/api/auth/sms-codes',
      payload: { phone, purpose: 'LOGIN' },
      remoteAddress: '203.0.113.1',
    }));
    expect(countOf(statuses(answers), 200)).toBe(1);
    expect(countOf(statuses(answers), 429)).toBe(BURST - 1);
    expect(countOf(messagesOf(answers), '验证码发送过于频繁，请60秒后再试')).toBe(BURST - 1);
    expect(await codesOf(phone)).toHaveLength(1);
  });

  it('send at most 5 codes an hour per phone, whatever the purposes', async () => {
    const phone = '13700008002';
    await createUser(database.db, phone);
    await earlierSends(phone, 3, 10);
    const answers = await burst(BURST, (i) => ({
      url: '/api/auth/sms-codes',
      payload: { phone, purpose: ACCOUNT_PURPOSES[i % ACCOUNT_PURPOSES.length] },
      remoteAddress: '203.0.113.2',
    }));
    expect(countOf(statuses(answers), 200)).toBe(2);
    expect(countOf(statuses(answers), 429)).toBe(BURST - 2);
    expect(messagesOf(answers)).toContain('该手机号1小时内最多获取5次验证码，请稍后再试');
    expect(await codesOf(phone)).toHaveLength(5);
  });

  it('send at most 10 codes a day per phone', async () => {
    const phone = '13700008003';
    await createUser(database.db, phone);
    await earlierSends(phone, 8, 180);
    const answers = await burst(BURST, (i) => ({
      url: '/api/auth/sms-codes',
      payload: { phone, purpose: ACCOUNT_PURPOSES[i % ACCOUNT_PURPOSES.length] },
      remoteAddress: '203.0.113.3',
    }));
    expect(countOf(statuses(answers), 200)).toBe(2);
    expect(messagesOf(answers)).toContain('该手机号今日获取验证码次数已达上限，请明天再试');
    expect(await codesOf(phone)).toHaveLength(10);
  });

  it('send at most 20 codes an hour to one address, to different phones', async () => {
    const address = '203.0.113.4';
    const answers = await burst(BURST, (i) => ({
      url: '/api/auth/sms-codes',
      payload: { phone: `1360000${String(i).padStart(4, '0')}`, purpose: 'REGISTER' },
      remoteAddress: address,
    }));
    expect(countOf(statuses(answers), 200)).toBe(20);
    expect(countOf(messagesOf(answers), '当前网络获取验证码过于频繁，请稍后再试')).toBe(BURST - 20);
    const [stored] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(eq(smsCodes.ip, address));
    expect(stored?.n).toBe(20);
  });
});

describe('SMS codes under a burst of concurrent tries', () => {
  async function freshCode(phone: string, address: string): Promise<string> {
    const sent = await instances[0]!.inject({
      method: 'POST',
      url: '/api/auth/sms-codes',
      payload: { phone, purpose: 'LOGIN' },
      remoteAddress: address,
    });
    expect(sent.statusCode).toBe(200);
    const [row] = await codesOf(phone);
    return row!.code;
  }

  it('weigh only 5 wrong tries of a code, then burn it', async () => {
    const phone = '13700008011';
    await createUser(database.db, phone);
    const code = await freshCode(phone, '203.0.113.11');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await burst(BURST, () => ({
      url: '/api/auth/sms-login',
      payload: { phone, code: wrong },
      remoteAddress: '203.0.113.11',
    }));
    const messages = messagesOf(answers);
    expect(messages.filter((m) => m.startsWith('验证码错误，还可尝试')).sort()).toEqual([
      '验证码错误，还可尝试1次',
      '验证码错误，还可尝试2次',
      '验证码错误，还可尝试3次',
      '验证码错误，还可尝试4次',
    ]);
    expect(countOf(messages, '验证码错误次数过多，请重新获取')).toBe(BURST - 4);
    const [row] = await codesOf(phone);
    expect(row?.attempts).toBe(5);
    const right = await instances[1]!.inject({
      method: 'POST',
      url: '/api/auth/sms-login',
      payload: { phone, code },
      remoteAddress: '203.0.113.11',
    });
    expect(right.json().message).toBe('验证码错误次数过多，请重新获取');
  });

  it('let a right code sign in once, however many use it at the same moment', async () => {
    const phone = '13700008012';
    await createUser(database.db, phone);
    const code = await freshCode(phone, '203.0.113.12');
    const answers = await burst(BURST, () => ({
      url: '/api/auth/sms-login',
      payload: { phone, code },
      remoteAddress: '203.0.113.12',
    }));
    expect(countOf(statuses(answers), 200)).toBe(1);
    expect(countOf(messagesOf(answers), '验证码已使用，请重新获取')).toBe(BURST - 1);
  });

  it('weigh a right code among wrong ones only while tries are left', async () => {
    const phone = '13700008013';
    await createUser(database.db, phone);
    const code = await freshCode(phone, '203.0.113.13');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await burst(BURST, (i) => ({
      url: '/api/auth/sms-login',
      payload: { phone, code: i === BURST - 1 ? code : wrong },
      remoteAddress: '203.0.113.13',
    }));
    const signedIn = countOf(statuses(answers), 200);
    const wrongWeighed = messagesOf(answers).filter((m) => m.startsWith('验证码错误，还可尝试'));
    const [row] = await codesOf(phone);
    // Either the right code came within the first five tries and signed in once, or five wrong
    // tries burned the code first and it was refused: never more than five tries weighed.
    if (signedIn === 1) {
      expect(row?.usedAt).not.toBeNull();
      expect(row!.attempts).toBeLessThan(5);
    } else {
      expect(signedIn).toBe(0);
      expect(row?.attempts).toBe(5);
      expect(wrongWeighed).toHaveLength(4);
    }
  });
});

/** The run of wrong passwords of a typed phone. */
function failuresOf(phone: string) {
  const F = passwordSignInFailures;
  return database.db
    .select({ lockedUntil: F.lockedUntil, failures: F.failures })
    .from(F)
    .where(and(eq(F.scope, 'phone'), eq(F.key, phone)));
}

describe('password sign-in under a burst of concurrent wrong passwords', () => {
  const login = (account: string, password: string, remoteAddress: string) => ({
    url: '/api/auth/login',
    payload: { account, password, type: 'phone' },
    remoteAddress,
  });

  it('weighs exactly 10 passwords, then locks even the right one', async () => {
    const phone = '13700008021';
    await createUser(database.db, phone);
    const answers = await burst(BURST, () => login(phone, 'Wrong@2026', '203.0.113.21'));
    const codes = answers.map((a) => (a.json() as { code: string }).code);
    expect(countOf(codes, '20001')).toBe(9);
    expect(countOf(statuses(answers), 423)).toBe(BURST - 9);
    expect(countOf(messagesOf(answers), '账号或密码错误，再错1次账号将锁定15分钟')).toBe(1);
    const [run] = await failuresOf(phone);
    expect(run?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(run?.failures).toBe(0);

    const right = await burst(5, () => login(phone, TEST_PASSWORD, '203.0.113.21'));
    expect(statuses(right)).toEqual([423, 423, 423, 423, 423]);
    expect(messagesOf(right)[0]).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
  });

  it('lets the owner in with the right password while others guess, below the limit', async () => {
    const phone = '13700008022';
    await createUser(database.db, phone);
    const answers = await burst(6, (i) =>
      login(phone, i === 5 ? TEST_PASSWORD : 'Wrong@2026', '203.0.113.22'),
    );
    expect(answers[5]?.statusCode).toBe(200);
    expect(countOf(statuses(answers), 400)).toBe(5);
    // The right password ended the phone's run of failures.
    expect(await failuresOf(phone)).toEqual([]);
  });

  it('counts an unknown phone exactly like a registered one', async () => {
    const answers = await burst(BURST, () => login('13700008029', 'Wrong@2026', '203.0.113.29'));
    expect(countOf(statuses(answers), 400)).toBe(9);
    expect(countOf(statuses(answers), 423)).toBe(BURST - 9);
    expect(countOf(messagesOf(answers), '账号或密码错误，再错1次账号将锁定15分钟')).toBe(1);
    const [run] = await failuresOf('13700008029');
    expect(run?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });
});
