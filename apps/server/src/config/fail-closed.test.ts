import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { ConfigError, DEV_IDENTITY_KEY_BASE64, loadConfig } from './index';

/*
 * Configuration that fails closed (docs/security.md): every unsafe setting is refused at start
 * with its variable and the fix named, and a simulator exists only for a service it stands in for.
 */

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://fc.qhd.example.cn',
  SMS_PROVIDER: 'off',
  WECHAT_PROVIDER: 'off',
  REALNAME_PROVIDER: 'off',
  PAYMENT_PROVIDER: 'off',
  IDENTITY_ENCRYPTION_KEY: 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=',
};

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALIPAY = {
  PAYMENT_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: pem.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ALIPAY_PUBLIC_KEY: pem.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};

describe('production refuses what is unsafe, naming the variable and the fix', () => {
  it('accepts a complete production configuration', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    // http only for a production build tried on this machine: origin and listen address loopback.
    expect(
      problemsOf({ ...PRODUCTION, HOST: '127.0.0.1', PUBLIC_ORIGIN: 'http://127.0.0.1:3400' }),
    ).toEqual([]);
    expect(
      problemsOf({ ...PRODUCTION, HOST: '0.0.0.0', PUBLIC_ORIGIN: 'http://127.0.0.1:3400' }),
    ).toHaveLength(1);
    expect(problemsOf({ ...PRODUCTION, ...ALIPAY, ALIPAY_SELLER_ID: '2088000000000001' })).toEqual(
      [],
    );
  });

  it.each([
    [
      'simulators, even on a private origin',
      { SIMULATORS: 'on', PUBLIC_ORIGIN: 'https://portal.lan' },
      /^SIMULATORS: 生产环境.*请删除 SIMULATORS=on/,
    ],
    [
      'the development identity key',
      { IDENTITY_ENCRYPTION_KEY: DEV_IDENTITY_KEY_BASE64 },
      /^IDENTITY_ENCRYPTION_KEY: 不能使用开发用的公开密钥；请用 openssl rand -base64 32/,
    ],
    [
      'a missing PUBLIC_ORIGIN',
      { PUBLIC_ORIGIN: '' },
      /^PUBLIC_ORIGIN: 生产环境必须设置为站点的 https 地址/,
    ],
    [
      'an http PUBLIC_ORIGIN',
      { PUBLIC_ORIGIN: 'http://fc.qhd.example.cn' },
      /^PUBLIC_ORIGIN: 生产环境必须使用 https 地址.*请改为 https/,
    ],
    [
      'Alipay without its seller id',
      ALIPAY,
      /^ALIPAY_SELLER_ID: 生产环境使用 PAYMENT_PROVIDER=alipay 时必须设置/,
    ],
  ])('refuses %s', (_case, change, message) => {
    const problems = problemsOf({ ...PRODUCTION, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});

describe('outside production the server stays on this machine or the LAN', () => {
  it('keeps the bare demo, loopback addresses and a LAN demo working', () => {
    expect(problemsOf({})).toEqual([]);
    for (const HOST of ['localhost', '127.0.0.1', '::1']) expect(problemsOf({ HOST })).toEqual([]);
    expect(problemsOf({ HOST: '192.168.1.20', PUBLIC_ORIGIN: 'http://192.168.1.20:3000' })).toEqual(
      [],
    );
    expect(problemsOf({ HOST: '10.0.0.5' })).toEqual([]);
    expect(problemsOf({ HOST: '172.20.0.3' })).toEqual([]);
    // The journeys' and scale-out tests' way of starting.
    expect(
      problemsOf({ HOST: '127.0.0.1', PUBLIC_ORIGIN: 'http://127.0.0.1:3400', SIMULATORS: 'on' }),
    ).toEqual([]);
  });

  it.each([
    [
      'a public origin',
      { PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn' },
      /^PUBLIC_ORIGIN: 公网地址 https:\/\/fc\.qhd\.gov\.cn 只能用于生产环境；请设置 NODE_ENV=production/,
    ],
    [
      'every interface',
      { HOST: '0.0.0.0' },
      /^HOST: .*当前为 0\.0\.0\.0，对外服务请设置 NODE_ENV=production/,
    ],
    ['a public address', { HOST: '203.0.113.7' }, /^HOST: .*请设置 NODE_ENV=production/],
    [
      'a LAN address serving a public origin',
      { HOST: '192.168.1.20', PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn' },
      /请设置 NODE_ENV=production/,
    ],
  ])('refuses %s without NODE_ENV=production', (_case, env, message) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(
      problems.some((problem) => message.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('warns of TRUST_PROXY=true on an address beyond this machine, not on loopback', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).warnings).toEqual([]);
    const [warning, ...rest] = loadConfig({
      ...PRODUCTION,
      HOST: '0.0.0.0',
      TRUST_PROXY: 'true',
    }).warnings;
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^TRUST_PROXY: 服务监听在 0\.0\.0\.0 上.*TRUST_PROXY=127\.0\.0\.1/);
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0', TRUST_PROXY: '1' }).warnings).toEqual([]);
  });
});

describe('the simulators beside real providers', () => {
  it('never registers the bank simulator’s pay route or notifications beside Alipay', async () => {
    const t = await createTestApp({ env: { SIMULATORS: 'on', ...ALIPAY } });
    try {
      expect(t.config.services.payment.provider).toBe('alipay');
      expect(t.config.bank.notifySecret).toBeUndefined();
      const pay = await t.app.inject({
        method: 'POST',
        url: '/dev/bank/pay/T20260101000000000001',
        payload: { result: 'paid' },
      });
      expect(pay.statusCode).toBe(404);
      const page = await t.app.inject({ method: 'GET', url: '/dev/bank/pay?tradeNo=T1' });
      expect(page.statusCode).toBe(404);
      // The services still simulated keep their simulator.
      const sms = await t.app.inject({ method: 'GET', url: '/api/dev/sms?phone=13800000000' });
      expect(sms.statusCode).toBe(200);
      const wechat = await t.app.inject({ method: 'GET', url: '/dev/wechat/unknown-ticket' });
      expect(wechat.json()).toMatchObject({ message: '二维码不存在' });
    } finally {
      await t.dispose();
    }
  });

  it('keeps the bank simulator while payments are simulated', async () => {
    const t = await createTestApp({ env: { SIMULATORS: 'on' } });
    try {
      expect(t.config.bank.notifySecret).toBeDefined();
      const page = await t.app.inject({ method: 'GET', url: '/dev/bank/pay?tradeNo=T1' });
      expect(page.statusCode).not.toBe(404);
    } finally {
      await t.dispose();
    }
  });
});
