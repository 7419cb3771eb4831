import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { adminAuditLog, users } from '../../db/schema/index';
import { simulatedSmsGateway } from '../../integrations/sms/sms-simulator';
import {
  call,
  createUser,
  latestCode,
  sendCode,
  signInOperator,
  TEST_PASSWORD,
} from './auth-test-helpers';
import { loginWithPassword } from './login.service';
import { OPERATOR_BASE_DELAY_MS, operatorDelayMs } from './operator-sign-in';

let t: TestApp;
let app: FastifyInstance;
const OPERATOR = '13600000071';
let operatorId = 0;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  operatorId = await createUser(t.database.db, OPERATOR);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, operatorId));
  for (const phone of ['13600000072', '13600000073', '13600000074']) {
    const id = await createUser(t.database.db, phone);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
  }
});
afterAll(() => t.dispose());

const login = (account: string, body: object, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account, ...body },
    remoteAddress,
  });

async function auditOf(action: string, targetId: number) {
  return t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.id));
}

describe('operator sign-in', () => {
  it('needs the password and then the SMS code sent to the operator, and audits the sign-in', async () => {
    const first = await login(OPERATOR, { password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ secondFactor: 'sms', phone: '136****0071' });
    expect(first.json().message).toBe('验证码已发送至 136****0071，请输入验证码完成登录');
    const code = await latestCode(app, OPERATOR);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = await login(OPERATOR, {
      password: TEST_PASSWORD,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrongCode.json().message).toBe('验证码错误，还可尝试4次');
    const codeWithoutPassword = await login(OPERATOR, { password: 'Wrong@2026', code });
    expect(codeWithoutPassword.json().code).toBe('20001');

    const signedIn = await login(OPERATOR, { password: TEST_PASSWORD, code });
    const token = signedIn.json().data.access_token as string;
    expect(token).toBeTruthy();
    const session = await call(app, 'GET', '/api/admin/session', undefined, token);
    expect(session.statusCode).toBe(200);
    const [entry] = await auditOf('auth.operatorSignIn', operatorId);
    expect(entry).toMatchObject({ actorId: operatorId, targetType: 'user' });
    expect(entry?.after).toMatchObject({ ip: '127.0.0.1', factors: 'password+sms' });
  });

  it('never signs an operator in with an SMS code alone, nor resets his password with one', async () => {
    const loginCode = await sendCode(app, t.database.db, OPERATOR, 'LOGIN');
    const smsOnly = await call(app, 'POST', '/api/auth/sms-login', {
      phone: OPERATOR,
      code: loginCode,
    });
    expect(smsOnly.statusCode).toBe(403);
    expect(smsOnly.json().message).toBe('运营账号须使用密码加短信验证码登录');
    const resetCode = await sendCode(app, t.database.db, OPERATOR, 'FORGET_PWD');
    const reset = await call(app, 'POST', '/api/auth/forget-password', {
      phone: OPERATOR,
      code: resetCode,
      newPwd: 'Taken@2026',
    });
    expect(reset.statusCode).toBe(403);
    expect(await signInOperator(app, OPERATOR, TEST_PASSWORD)).toBeTruthy();
  });

  it('delays only the guessing address, longer after each wrong password', async () => {
    const stranger = '198.51.100.7';
    for (let i = 0; i < 3; i += 1) {
      const wrong = await login('13600000072', { password: `Wrong@${i}000` }, stranger);
      expect(wrong.json().code).toBe('20001');
    }
    const delayed = await login('13600000072', { password: TEST_PASSWORD }, stranger);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().message).toBe('密码错误次数过多，请30秒后再试');
    // The operator's own address is not kept out.
    const own = await login('13600000072', { password: TEST_PASSWORD }, '203.0.113.9');
    expect(own.json().data).toMatchObject({ secondFactor: 'sms' });
    const [entry] = await auditOf('auth.operatorSignInDelayed', (await idOf('13600000072')) ?? 0);
    expect(entry?.after).toMatchObject({ ip: stranger, failures: 3, delaySeconds: 30 });
  });

  it('doubles the delay after each further wrong password, up to 15 minutes', async () => {
    expect([1, 2, 3, 4, 5, 8, 20].map(operatorDelayMs)).toEqual([
      0,
      0,
      OPERATOR_BASE_DELAY_MS,
      2 * OPERATOR_BASE_DELAY_MS,
      4 * OPERATOR_BASE_DELAY_MS,
      15 * 60 * 1000,
      15 * 60 * 1000,
    ]);
    const db = t.database.db;
    const client = (at: number) => ({ ip: '198.51.100.8', now: new Date(at) });
    const start = Date.now();
    const attempt = (at: number, password: string) =>
      loginWithPassword(
        db,
        { account: '13600000073', password, remember: false },
        client(at),
        simulatedSmsGateway,
      ).then(
        () => 'ok',
        (error: Error) => error.message,
      );
    let at = start;
    for (let i = 0; i < 3; i += 1) expect(await attempt(at, 'Wrong@2026x')).toBe('账号或密码错误');
    expect(await attempt(at + 29_000, 'Wrong@2026x')).toBe('密码错误次数过多，请1秒后再试');
    at += 30_000;
    expect(await attempt(at, 'Wrong@2026x')).toBe('账号或密码错误');
    expect(await attempt(at + 59_000, TEST_PASSWORD)).toBe('密码错误次数过多，请1秒后再试');
    at += 60_000;
    expect(await attempt(at, TEST_PASSWORD)).toBe('ok');
    // The right password clears the address's run of failures.
    expect(await attempt(at, 'Wrong@2026x')).toBe('账号或密码错误');
    expect(await attempt(at, 'Wrong@2026x')).toBe('账号或密码错误');
  });

  it('keeps the citizen lockout away from operators: ten wrong passwords lock nobody out', async () => {
    for (let i = 0; i < 10; i += 1) {
      await login('13600000074', { password: 'Wrong@2026' }, `198.51.100.${20 + i}`);
    }
    const own = await login('13600000074', { password: TEST_PASSWORD }, '203.0.113.10');
    expect(own.json().data).toMatchObject({ secondFactor: 'sms' });
  });
});

async function idOf(phone: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone));
  return row?.id;
}
