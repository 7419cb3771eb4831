import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { users } from '../../db/schema/index';
import { call, createUser, login, sendCode, TEST_PASSWORD } from './auth-test-helpers';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await createUser(t.database.db, '13700000021');
  await createUser(t.database.db, '13700000022');
  await createUser(t.database.db, '13700000023');
});
afterAll(() => t.dispose());

const me = (token: string) => call(app, 'GET', '/api/auth/me', undefined, token);

describe('registration', () => {
  it('registers with a code and a valid password, then signs in', async () => {
    const code = await sendCode(app, t.database.db, '13700000031', 'REGISTER');
    const weak = await call(app, 'POST', '/api/auth/register', {
      phone: '13700000031',
      code,
      password: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('密码格式不正确');
    const response = await call(app, 'POST', '/api/auth/register', {
      phone: '13700000031',
      code,
      password: 'Brand@2026',
    });
    expect(response.statusCode).toBe(200);
    const token = response.json().data.access_token as string;
    expect((await me(token)).json().data.phoneNumber).toBe('13700000031');
    const again = await call(app, 'POST', '/api/auth/register', {
      phone: '13700000031',
      code: await sendCode(app, t.database.db, '13700000031', 'REGISTER'),
      password: 'Brand@2026',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该手机号已被注册');
  });
});

describe('passwords', () => {
  it('stores a password only as a salted scrypt hash, different for the same password', async () => {
    for (const phone of ['13700000024', '13700000025']) {
      const code = await sendCode(app, t.database.db, phone, 'REGISTER');
      const res = await call(app, 'POST', '/api/auth/register', {
        phone,
        code,
        password: 'Same@2026',
      });
      expect(res.statusCode).toBe(200);
    }
    const hashes = await Promise.all(
      ['13700000024', '13700000025'].map(async (phone) => {
        const [row] = await t.database.db
          .select({ hash: users.passwordHash })
          .from(users)
          .where(eq(users.phone, phone));
        return row?.hash ?? '';
      }),
    );
    for (const hash of hashes) {
      expect(hash).toMatch(/^scrypt\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(hash).not.toContain('Same@2026');
    }
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  it('a password change revokes every other session and keeps the caller', async () => {
    const caller = await login(app, '13700000021');
    const other = await login(app, '13700000021');
    const code = await sendCode(app, t.database.db, '13700000021', 'CHANGE_PWD');
    const changed = await call(
      app,
      'POST',
      '/api/auth/password',
      { phone: '13700000021', code, newPwd: 'Changed@2026' },
      caller,
    );
    expect(changed.json()).toMatchObject({ code: '000000', message: '密码修改成功' });
    expect((await me(caller)).statusCode).toBe(200);
    const rejected = await me(other);
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json().code).toBe('90001');
    const old = await call(app, 'POST', '/api/auth/login', {
      account: '13700000021',
      password: TEST_PASSWORD,
    });
    expect(old.json().code).toBe('20001');
    const fresh = await call(app, 'POST', '/api/auth/login', {
      account: '13700000021',
      password: 'Changed@2026',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses to change the password with another phone or a weak password', async () => {
    const token = await login(app, '13700000022');
    const other = await call(
      app,
      'POST',
      '/api/auth/password',
      { phone: '13700000023', code: '123456', newPwd: 'Changed@2026' },
      token,
    );
    expect(other.json().message).toBe('请输入当前账号绑定的手机号');
    const weak = await call(
      app,
      'POST',
      '/api/auth/password',
      { phone: '13700000022', code: '123456', newPwd: 'short' },
      token,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('密码须为8-20位字符，且必须包含大写字母、小写字母和数字');
  });

  it('resets a forgotten password and ends every session', async () => {
    const before = await login(app, '13700000023');
    const code = await sendCode(app, t.database.db, '13700000023', 'FORGET_PWD');
    const reset = await call(app, 'POST', '/api/auth/forget-password', {
      phone: '13700000023',
      code,
      newPwd: 'Forgot@2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(before)).json().code).toBe('90001');
    const fresh = await call(app, 'POST', '/api/auth/login', {
      account: '13700000023',
      password: 'Forgot@2026',
    });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('phone change', () => {
  it('needs the old phone verified first, then a free new phone with its code', async () => {
    const token = await login(app, '13700000022');
    const early = await call(
      app,
      'POST',
      '/api/auth/phone/change',
      { phone: '13700000041', code: '123456' },
      token,
    );
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('请先验证原手机号');

    const oldCode = await sendCode(app, t.database.db, '13700000022', 'VALIDATE_PHONE');
    const verified = await call(
      app,
      'POST',
      '/api/auth/phone/verify-old',
      { phone: '13700000022', code: oldCode },
      token,
    );
    expect(verified.json().code).toBe('000000');

    const takenCode = await sendCode(app, t.database.db, '13700000021', 'CHANGE_PHONE');
    const taken = await call(
      app,
      'POST',
      '/api/auth/phone/change',
      { phone: '13700000021', code: takenCode },
      token,
    );
    expect(taken.json().message).toBe('该手机号已被注册');

    const newCode = await sendCode(app, t.database.db, '13700000041', 'CHANGE_PHONE');
    const changed = await call(
      app,
      'POST',
      '/api/auth/phone/change',
      { phone: '13700000041', code: newCode },
      token,
    );
    expect(changed.json()).toMatchObject({ code: '000000', message: '手机号修改成功' });
    expect((await me(token)).json().data.phoneNumber).toBe('13700000041');
  });
});
