import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { smsCodes } from '../../db/schema/index';
import { ageCodes, call, createUser, expireCodes, latestCode, sendCode } from './auth-test-helpers';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  for (const phone of ['13700000011', '13700000012', '13700000013', '13700000014']) {
    await createUser(t.database.db, phone);
  }
});
afterAll(() => t.dispose());

const smsLogin = (phone: string, code: string) =>
  call(app, 'POST', '/api/auth/sms-login', { phone, code });

describe('SMS codes', () => {
  it('sends 6 random digits to the simulator outbox and signs in once with them', async () => {
    const code = await sendCode(app, t.database.db, '13700000011', 'LOGIN');
    expect(code).toMatch(/^\d{6}$/);
    const first = await smsLogin('13700000011', code);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.access_token).toBeTruthy();
    const reused = await smsLogin('13700000011', code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: '20003', message: '验证码已使用，请重新获取' });
  });

  it('refuses an expired code', async () => {
    const code = await sendCode(app, t.database.db, '13700000012', 'LOGIN');
    await expireCodes(t.database.db, '13700000012', 'LOGIN');
    const response = await smsLogin('13700000012', code);
    expect(response.json().message).toBe('验证码已过期，请重新获取');
  });

  it('burns a code after 5 wrong tries', async () => {
    const code = await sendCode(app, t.database.db, '13700000012', 'LOGIN');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1)
      messages.push((await smsLogin('13700000012', wrong)).json().message);
    expect(messages[0]).toBe('验证码错误，还可尝试4次');
    expect(messages[4]).toBe('验证码错误次数过多，请重新获取');
    const right = await smsLogin('13700000012', code);
    expect(right.json().message).toBe('验证码错误次数过多，请重新获取');
  });

  it('binds a code to its purpose', async () => {
    const code = await sendCode(app, t.database.db, '13700000013', 'FORGET_PWD');
    const response = await smsLogin('13700000013', code);
    expect(response.json().message).toBe('请先获取验证码');
  });

  it('makes an older code useless once a new one is sent', async () => {
    const older = await sendCode(app, t.database.db, '13700000013', 'LOGIN');
    const newer = await sendCode(app, t.database.db, '13700000013', 'LOGIN');
    if (older !== newer) expect((await smsLogin('13700000013', older)).statusCode).toBe(400);
    expect((await smsLogin('13700000013', newer)).statusCode).toBe(200);
  });

  it('limits sends: 1 a minute per purpose, 5 an hour and 10 a day per phone', async () => {
    const phone = '13700000014';
    const send = () => call(app, 'POST', '/api/auth/sms-codes', { phone, purpose: 'LOGIN' });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('验证码发送过于频繁，请60秒后再试');
    const otherPurpose = await call(app, 'POST', '/api/auth/sms-codes', {
      phone,
      purpose: 'FORGET_PWD',
    });
    expect(otherPurpose.statusCode).toBe(200);

    for (let i = 0; i < 3; i += 1) {
      await ageCodes(t.database.db, phone);
      expect((await send()).statusCode).toBe(200);
    }
    await ageCodes(t.database.db, phone);
    expect((await send()).json().message).toBe('该手机号1小时内最多获取5次验证码，请稍后再试');

    const age = sql`${smsCodes.createdAt} - interval '2 hours'`;
    await t.database.db.update(smsCodes).set({ createdAt: age }).where(eq(smsCodes.phone, phone));
    for (let i = 0; i < 5; i += 1) {
      await ageCodes(t.database.db, phone);
      expect((await send()).statusCode).toBe(200);
    }
    await t.database.db.update(smsCodes).set({ createdAt: age }).where(eq(smsCodes.phone, phone));
    expect((await send()).json().message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
  });

  it('limits sends per client IP to 20 an hour', async () => {
    await t.database.db.delete(smsCodes);
    const rows = Array.from({ length: 20 }, (_, i) => ({
      phone: `1350000${String(i).padStart(4, '0')}`,
      code: '123456',
      purpose: 'LOGIN',
      expiresAt: new Date(Date.now() + 300_000),
      ip: '127.0.0.1',
    }));
    await t.database.db.insert(smsCodes).values(rows);
    const response = await call(app, 'POST', '/api/auth/sms-codes', {
      phone: '13700000011',
      purpose: 'LOGIN',
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe('当前网络获取验证码过于频繁，请稍后再试');
    expect(await latestCode(app, '13700000011')).toBe('');
  });

  it('answers alike for registered and unknown phones, and refuses bad input in Chinese', async () => {
    await t.database.db.delete(smsCodes);
    const answers = [];
    for (const [phone, purpose] of [
      ['13799999999', 'LOGIN'],
      ['13700000011', 'LOGIN'],
      ['13799999998', 'REGISTER'],
      ['13700000012', 'REGISTER'],
      ['13799999997', 'FORGET_PWD'],
      ['13700000013', 'CHANGE_PHONE'],
    ] as const) {
      const response = await call(app, 'POST', '/api/auth/sms-codes', { phone, purpose });
      answers.push([response.statusCode, response.body]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual([
      200,
      JSON.stringify({ code: '000000', message: '验证码已发送', data: null }),
    ]);
    const bad = await call(app, 'POST', '/api/auth/sms-codes', { phone: '123', purpose: 'LOGIN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('请输入正确的手机号');
  });

  it('applies the send limits before anything else, to unknown phones as to registered ones', async () => {
    await t.database.db.delete(smsCodes);
    for (const phone of ['13799999996', '13700000014']) {
      const first = await call(app, 'POST', '/api/auth/sms-codes', { phone, purpose: 'LOGIN' });
      expect(first.statusCode).toBe(200);
      const again = await call(app, 'POST', '/api/auth/sms-codes', { phone, purpose: 'LOGIN' });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe('验证码发送过于频繁，请60秒后再试');
    }
  });

  it('says a phone is unknown or taken only once its code is entered', async () => {
    await t.database.db.delete(smsCodes);
    for (const [url, body] of [
      ['/api/auth/sms-login', { phone: '13799999995', code: '000000' }],
      ['/api/auth/register', { phone: '13700000011', code: '000000', password: 'Brand@2026' }],
      ['/api/auth/forget-password', { phone: '13799999995', code: '000000', newPwd: 'Brand@2026' }],
    ] as const) {
      const guessed = await call(app, 'POST', url, body);
      expect(guessed.json().message).toBe('请先获取验证码');
    }
    const loginCode = await sendCode(app, t.database.db, '13799999995', 'LOGIN');
    const wrong = await smsLogin('13799999995', loginCode === '000000' ? '000001' : '000000');
    expect(wrong.json().message).toBe('验证码错误，还可尝试4次');
    const unknown = await smsLogin('13799999995', loginCode);
    expect(unknown.json().message).toBe('该手机号尚未注册，请先注册');
    const registerCode = await sendCode(app, t.database.db, '13700000011', 'REGISTER');
    const taken = await call(app, 'POST', '/api/auth/register', {
      phone: '13700000011',
      code: registerCode,
      password: 'Brand@2026',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('该手机号已被注册');
  });
});
