import { describe, expect, it } from 'vitest';
import { isPrivateHost, isPublicOrigin } from './exposure';
import { servicesSummary } from './services-summary';
import { ConfigError, loadConfig } from './index';

/** The problems a configuration is refused with (empty when it is accepted). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** Every outside service switched off, as production requires when it has none. */
const ALL_OFF = {
  SMS_PROVIDER: 'off',
  WECHAT_PROVIDER: 'off',
  REALNAME_PROVIDER: 'off',
  PAYMENT_PROVIDER: 'off',
  IDENTITY_ENCRYPTION_KEY: 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=',
  PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn',
};

describe('where simulators run', () => {
  it('runs them in the embedded demo a bare npm start gives, on localhost', () => {
    const config = loadConfig({});
    expect(config.host).toBe('localhost');
    expect(config.simulators).toBe(true);
    expect(config.services.sms.provider).toBe('simulator');
    expect(config.services.payment.provider).toBe('simulator');
    expect(servicesSummary(config.services)).toBe(
      '短信 模拟｜微信登录 模拟｜实名认证 模拟｜支付 模拟｜地图 离线底图',
    );
  });

  it('keeps them on for a LAN address, so a phone on the same network can scan the QR codes', () => {
    expect(loadConfig({ HOST: '192.168.1.20' }).simulators).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://192.168.1.20:3000' }).simulators).toBe(true);
  });

  it('leaves them off whenever the server is not the embedded demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@db/portal' }).simulators).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn' }).simulators,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...ALL_OFF }).simulators).toBe(false);
    const off = loadConfig({ NODE_ENV: 'production', ...ALL_OFF, HOST: '0.0.0.0' });
    expect(off.simulators).toBe(false);
    expect(off.services.sms.provider).toBe('off');
    expect(off.bank.notifySecret).toBeUndefined();
  });

  it('runs them when asked for on a private origin, even with PostgreSQL', () => {
    const config = loadConfig({ SIMULATORS: 'on', DATABASE_URL: 'postgres://x@db/portal' });
    expect(config.simulators).toBe(true);
  });

  it('refuses to start with simulators on a public origin, saying why', () => {
    const problems = problemsOf({
      NODE_ENV: 'test',
      SIMULATORS: 'on',
      PUBLIC_ORIGIN: 'https://fc.qhd.gov.cn',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SIMULATORS: .*公开所有短信验证码.*https:\/\/fc\.qhd\.gov\.cn/);
  });

  it('tells private hosts from public ones', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.1',
      'portal.lan',
      'box',
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '8.8.8.8', '172.32.0.1', 'fc.qhd.gov.cn', '2001:db8::1']) {
      expect(isPrivateHost(host), host).toBe(false);
    }
    expect(isPublicOrigin('http://[fd00::1]:3000')).toBe(false);
  });
});

describe('production start-up', () => {
  it('requires every outside service configured or switched off, and the identity key', () => {
    const problems = problemsOf({ NODE_ENV: 'production' }).join('\n');
    for (const name of [
      'SMS_PROVIDER',
      'WECHAT_PROVIDER',
      'REALNAME_PROVIDER',
      'PAYMENT_PROVIDER',
      'IDENTITY_ENCRYPTION_KEY',
    ]) {
      expect(problems).toContain(`${name}: `);
    }
    expect(problemsOf({ NODE_ENV: 'production', ...ALL_OFF })).toEqual([]);
  });

  it('refuses the public development identity key in production', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      ...ALL_OFF,
      IDENTITY_ENCRYPTION_KEY: 'ZGV2LW9ubHktaWRlbnRpdHkta2V5LW5vdC1zZWNyZXQ=',
    });
    expect(problems).toEqual([
      'IDENTITY_ENCRYPTION_KEY: 不能使用开发用的公开密钥；请用 openssl rand -base64 32 生成新密钥',
    ]);
  });

  it('refuses known placeholder secrets', () => {
    const problems = problemsOf({
      BANK_NOTIFY_SECRET: 'CHANGE-ME-AT-LEAST-16-CHARS',
      WECHAT_MP_TOKEN: 'CHANGEME',
      SMS_ALIYUN_ACCESS_KEY_SECRET: 'your-access-key-secret',
      SMS_TENCENT_SECRET_KEY: '<secret key>',
    });
    for (const name of [
      'BANK_NOTIFY_SECRET',
      'WECHAT_MP_TOKEN',
      'SMS_ALIYUN_ACCESS_KEY_SECRET',
      'SMS_TENCENT_SECRET_KEY',
    ]) {
      expect(problems).toContain(`${name}: 仍是示例占位值，请换成真实的密钥`);
    }
  });

  it('names variables of an earlier release that nothing reads any more', () => {
    const problems = problemsOf({
      BANK_GATEWAY_URL: 'https://bank.example.com',
      BANK_MERCHANT_ID: 'M1',
    });
    expect(problems.join('\n')).toMatch(/BANK_GATEWAY_URL: .*PAYMENT_PROVIDER=alipay/);
    expect(problems.join('\n')).toMatch(/BANK_MERCHANT_ID: /);
  });
});
