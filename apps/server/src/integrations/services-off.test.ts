import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { users } from '../db/schema/index';
import { givePrivacyConsent } from '../modules/legal/legal-test-helpers';
import { bearerFor } from '../modules/news/test-helpers';

let t: TestApp;
beforeAll(async () => {
  // Not the embedded demo and no provider named: every outside service is switched off.
  t = await createTestApp({ env: { SIMULATORS: 'off' } });
  const [row] = await t.database.db
    .insert(users)
    .values({ phone: '13800000002', passwordHash: 'x' })
    .returning({ id: users.id });
  await givePrivacyConsent(t.database.db, row?.id as number);
}, 60_000);
afterAll(async () => t.dispose());

describe('outside services switched off', () => {
  it('answer citizens with a 503 and a Chinese message, service by service', async () => {
    const headers = await bearerFor(t.database.db, '13800000002');
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/auth/sms-codes',
        payload: { phone: '13800000002', purpose: 'LOGIN' },
      },
      { method: 'POST' as const, url: '/api/auth/wechat/qr' },
      { method: 'POST' as const, url: '/api/users/me/realname-qr', headers },
    ];
    const answers = await Promise.all(calls.map((call) => t.app.inject(call)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([503, 503, 503]);
    expect(answers.map((answer) => answer.json<{ message: string }>().message)).toEqual([
      '短信服务暂不可用，请稍后再试或使用账号密码登录',
      '微信扫码登录暂不可用，请使用手机号登录',
      '实名认证服务暂不可用，请稍后再试',
    ]);
  });

  it('leave the simulator pages and the provider callbacks unregistered', async () => {
    for (const url of [
      '/dev/sms',
      '/dev/bank/pay?tradeNo=SIM000000000000',
      '/api/wechat/callback',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
