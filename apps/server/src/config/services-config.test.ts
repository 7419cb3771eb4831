import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = pem.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_PEM = pem.publicKey.export({ type: 'spki', format: 'pem' }).toString();

describe('choosing a provider names each missing variable', () => {
  it.each([
    [
      'SMS_PROVIDER',
      'aliyun',
      [
        'SMS_ALIYUN_ACCESS_KEY_ID',
        'SMS_ALIYUN_ACCESS_KEY_SECRET',
        'SMS_SIGN_NAME',
        'SMS_TEMPLATE',
        'SMS_TEMPLATE_LISTING_CONFIRM',
      ],
    ],
    [
      'SMS_PROVIDER',
      'tencent',
      ['SMS_TENCENT_SECRET_ID', 'SMS_TENCENT_SECRET_KEY', 'SMS_TENCENT_SDK_APP_ID'],
    ],
    ['WECHAT_PROVIDER', 'mp', ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET', 'WECHAT_MP_TOKEN']],
    ['REALNAME_PROVIDER', 'tencent', ['FACEID_SECRET_ID', 'FACEID_SECRET_KEY', 'FACEID_RULE_ID']],
    ['PAYMENT_PROVIDER', 'alipay', ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']],
    ['MAP_PROVIDER', 'tianditu', ['MAP_KEY', 'MAP_REVIEW_NUMBER']],
  ])('%s=%s', (selector, provider, names) => {
    const problems = problemsOf({ [selector]: provider }).join('\n');
    for (const name of names) {
      expect(problems).toContain(`${name}: 使用 ${selector}=${provider} 时必须设置`);
    }
  });

  it('names each malformed value', () => {
    const problems = problemsOf({
      SMS_PROVIDER: 'sms.example',
      SMS_TENCENT_SDK_APP_ID: '12',
      WECHAT_MP_APP_ID: 'appid',
      FACEID_RULE_ID: 'rule',
      ALIPAY_APP_ID: '123',
      ALIPAY_PRIVATE_KEY: 'not a key',
      SMS_ALIYUN_ENDPOINT: 'http://sms.example.com',
      MAP_REVIEW_NUMBER: '审图号',
      MINI_PROGRAM_URL: 'weixin://x',
    });
    for (const name of [
      'SMS_PROVIDER',
      'SMS_TENCENT_SDK_APP_ID',
      'WECHAT_MP_APP_ID',
      'FACEID_RULE_ID',
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY',
      'SMS_ALIYUN_ENDPOINT',
      'MAP_REVIEW_NUMBER',
      'MINI_PROGRAM_URL',
    ]) {
      expect(
        problems.some((line) => line.startsWith(`${name}: `)),
        name,
      ).toBe(true);
    }
  });
});

describe('a configured provider', () => {
  it('wins over the simulator, service by service', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'tencent',
      SMS_TENCENT_SECRET_ID: 'AKIDexample0000',
      SMS_TENCENT_SECRET_KEY: 'k'.repeat(32),
      SMS_TENCENT_SDK_APP_ID: '1400000001',
      SMS_SIGN_NAME: '秦皇岛房产',
      SMS_TEMPLATE: '1234567',
      SMS_TEMPLATE_LISTING_CONFIRM: '1234568',
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: PRIVATE_PEM,
      ALIPAY_PUBLIC_KEY: PUBLIC_PEM,
      MAP_PROVIDER: 'tianditu',
      MAP_KEY: '0123456789abcdef0123456789abcdef',
      MAP_REVIEW_NUMBER: 'GS(2024)0650号',
    });
    expect(config.simulators).toBe(true);
    expect(config.services.sms).toMatchObject({
      provider: 'tencent',
      region: 'ap-guangzhou',
      noticeTemplates: { LISTING_CONFIRM: '1234568' },
    });
    expect(config.services.payment).toMatchObject({
      provider: 'alipay',
      gateway: 'https://openapi.alipay.com/gateway.do',
    });
    expect(config.services.wechat.provider).toBe('simulator');
    expect(config.services.map).toMatchObject({
      provider: 'tianditu',
      reviewNumber: 'GS(2024)0650号',
    });
  });
});
