import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { passwordSignInFailures, sessions } from '../../db/schema/index';
import { call, createUser, login, TEST_PASSWORD } from './auth-test-helpers';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await createUser(t.database.db, '13700000001');
  await createUser(t.database.db, '13700000002');
  await createUser(t.database.db, '13700000003');
});
afterAll(() => t.dispose());

const passwordLogin = (account: string, password: string, remember = false) =>
  call(app, 'POST', '/api/auth/login', { account, password, type: 'phone', remember });

describe('password sign-in', () => {
  it('answers a token that opens /api/auth/me', async () => {
    const response = await passwordLogin('13700000001', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('登录成功');
    const token = response.json().data.access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(me.json().data).toMatchObject({ phoneNumber: '13700000001', realNameAuth: false });
  });

  it('refuses a wrong password and an unknown phone with the same message', async () => {
    const wrong = await passwordLogin('13700000002', 'Wrong@2026');
    const unknown = await passwordLogin('13799999999', TEST_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: '20001', message: '账号或密码错误' });
    expect(unknown.json()).toMatchObject({ code: '20001', message: '账号或密码错误' });
  });

  it('checks the form with Chinese messages', async () => {
    const response = await call(app, 'POST', '/api/auth/login', { account: '123', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/请输入正确的手机号|请输入密码/);
  });

  it('keeps a remembered session for 7 days and a plain one for 2 hours', async () => {
    const lifetimeHours = async (remember: boolean) => {
      await t.database.db.delete(sessions);
      expect((await passwordLogin('13700000001', TEST_PASSWORD, remember)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(sessions);
      return Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000);
    };
    expect(await lifetimeHours(false)).toBe(2);
    expect(await lifetimeHours(true)).toBe(168);
  });
});

const F = passwordSignInFailures;

describe('lockout', () => {
  it('locks password sign-in for 15 minutes after 10 wrong passwords, even with the right one', async () => {
    for (let i = 1; i <= 9; i += 1) {
      expect((await passwordLogin('13700000003', 'Wrong@2026')).json().code).toBe('20001');
    }
    const tenth = await passwordLogin('13700000003', 'Wrong@2026');
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json().message).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    const right = await passwordLogin('13700000003', TEST_PASSWORD);
    expect(right.statusCode).toBe(423);

    await t.database.db
      .update(F)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(F.scope, 'phone'), eq(F.key, '13700000003')));
    expect((await passwordLogin('13700000003', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('warns when only a few tries are left', async () => {
    await t.database.db
      .insert(F)
      .values({ scope: 'phone', key: '13700000002', failures: 7 })
      .onConflictDoUpdate({ target: [F.scope, F.key], set: { failures: 7, lockedUntil: null } });
    const response = await passwordLogin('13700000002', 'Wrong@2026');
    expect(response.json().message).toBe('账号或密码错误，再错2次账号将锁定15分钟');
  });

  it('answers an unknown phone byte for byte as a registered one, wrong password after wrong password', async () => {
    await createUser(t.database.db, '13700000004');
    const tryAs = (account: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account, password: 'Wrong@2026', type: 'phone' },
        remoteAddress,
      });
    for (let i = 1; i <= 11; i += 1) {
      const registered = await tryAs('13700000004', '198.51.100.4');
      const unknown = await tryAs('13799990004', '198.51.100.5');
      expect(unknown.statusCode, `try ${i}`).toBe(registered.statusCode);
      expect(unknown.body, `try ${i}`).toBe(registered.body);
      expect(unknown.headers['content-type']).toBe(registered.headers['content-type']);
      if (i === 8)
        expect(registered.json().message).toBe('账号或密码错误，再错2次账号将锁定15分钟');
      if (i >= 10) expect(registered.statusCode).toBe(423);
    }
  });

  it('locks password sign-in from an address after 50 wrong passwords, whatever the phones', async () => {
    const from = (account: string, password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account, password, type: 'phone' },
        remoteAddress,
      });
    for (let i = 0; i < 50; i += 1) {
      const phone = `1370001${String(i).padStart(4, '0')}`;
      const answer = await from(phone, 'Wrong@2026', '198.51.100.50');
      expect(answer.statusCode, `try ${i + 1}`).toBe(i === 49 ? 423 : 400);
    }
    // Even a registered phone with its right password waits; another address does not.
    const locked = await from('13700000001', TEST_PASSWORD, '198.51.100.50');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe(
      '当前网络密码错误次数过多，请15分钟后再试，或使用短信验证码登录',
    );
    expect((await from('13700000001', TEST_PASSWORD, '198.51.100.51')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 90001 for a missing, unknown, expired or revoked token', async () => {
    const missing = await call(app, 'GET', '/api/auth/me');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('90001');
    const unknown = await call(app, 'GET', '/api/auth/me', undefined, 'x'.repeat(43));
    expect(unknown.json().code).toBe('90001');

    const expiring = await login(app, '13700000001');
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await call(app, 'GET', '/api/auth/me', undefined, expiring)).json().code).toBe('90001');

    const token = await login(app, '13700000001');
    const out = await call(app, 'POST', '/api/auth/logout', undefined, token);
    expect(out.json().code).toBe('000000');
    const after = await call(app, 'GET', '/api/auth/me', undefined, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('90001');
  });

  it('answers the real-name status as a boolean', async () => {
    const token = await login(app, '13700000001');
    const response = await call(app, 'GET', '/api/auth/realname-status', undefined, token);
    expect(response.json().data).toBe(false);
  });
});
