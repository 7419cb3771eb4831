import { z } from 'zod';

/*
 * Environment variables of the outside services (SMS, WeChat sign-in, face verification,
 * payment, map tiles, QR links). Their meaning is in README.md and docs/operations.md.
 */

const required = z.string().trim().min(1, '不能为空');

/**
 * An https URL, or http only to this machine (a local proxy or a test double), so that keys
 * and codes never cross a network in clear text.
 */
const serviceUrl = z.url({ error: '应为完整网址，如 https://…' }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}, '应为 https 地址（仅本机地址可用 http）');

/** A PEM key or its bare base64 body (as the Alipay console shows it). */
const keyText = z
  .string()
  .trim()
  .regex(/^(-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----|[A-Za-z0-9+/=\s]{100,})$/, {
    error: '应为 PEM 格式密钥或其 base64 正文',
  });

export const servicesEnvShape = {
  SMS_PROVIDER: z
    .enum(['aliyun', 'tencent', 'off'], { error: '应为 aliyun、tencent 或 off' })
    .optional(),
  SMS_SIGN_NAME: required.max(20, '不能超过20个字符').optional(),
  SMS_TEMPLATE: required
    .regex(/^[A-Za-z0-9_]{1,40}$/, '应为模板编号，如 SMS_123456789 或 1234567')
    .optional(),
  SMS_TEMPLATE_LISTING_CONFIRM: required
    .regex(/^[A-Za-z0-9_]{1,40}$/, '应为模板编号，如 SMS_123456789 或 1234567')
    .optional(),
  SMS_TEMPLATE_SUBSCRIPTION: required
    .regex(/^[A-Za-z0-9_]{1,40}$/, '应为模板编号，如 SMS_123456789 或 1234567')
    .optional(),
  SMS_TEMPLATE_LOTTERY: required
    .regex(/^[A-Za-z0-9_]{1,40}$/, '应为模板编号，如 SMS_123456789 或 1234567')
    .optional(),
  SMS_ALIYUN_ACCESS_KEY_ID: required.optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: required.optional(),
  SMS_ALIYUN_ENDPOINT: serviceUrl.default('https://dysmsapi.aliyuncs.com'),
  SMS_TENCENT_SECRET_ID: required.optional(),
  SMS_TENCENT_SECRET_KEY: required.optional(),
  SMS_TENCENT_SDK_APP_ID: z
    .string()
    .regex(/^14\d{8}$/, '应为 14 开头的 10 位 SdkAppId')
    .optional(),
  SMS_TENCENT_REGION: required.default('ap-guangzhou'),
  SMS_TENCENT_ENDPOINT: serviceUrl.default('https://sms.tencentcloudapi.com'),

  WECHAT_PROVIDER: z.enum(['mp', 'off'], { error: '应为 mp（公众号带参二维码）或 off' }).optional(),
  WECHAT_MP_APP_ID: z
    .string()
    .regex(/^wx[0-9a-f]{16}$/, '应为 wx 开头的 18 位 AppID')
    .optional(),
  WECHAT_MP_APP_SECRET: z
    .string()
    .regex(/^[0-9a-f]{32}$/, '应为 32 位 AppSecret')
    .optional(),
  WECHAT_MP_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9]{3,32}$/, '应为 3–32 位字母或数字')
    .optional(),
  /** 安全模式: the EncodingAESKey of the account's server configuration (43 characters). */
  WECHAT_MP_ENCODING_AES_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}$/, '应为 43 位 EncodingAESKey')
    .optional(),
  WECHAT_API_BASE: serviceUrl.default('https://api.weixin.qq.com'),

  REALNAME_PROVIDER: z
    .enum(['tencent', 'off'], { error: '应为 tencent（腾讯云慧眼）或 off' })
    .optional(),
  FACEID_SECRET_ID: required.optional(),
  FACEID_SECRET_KEY: required.optional(),
  FACEID_RULE_ID: z
    .string()
    .regex(/^\d{1,10}$/, '应为慧眼控制台的业务 RuleId（数字）')
    .optional(),
  FACEID_ENDPOINT: serviceUrl.default('https://faceid.tencentcloudapi.com'),

  PAYMENT_PROVIDER: z.enum(['alipay', 'off'], { error: '应为 alipay 或 off' }).optional(),
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{16}$/, '应为 16 位数字 APPID')
    .optional(),
  ALIPAY_PRIVATE_KEY: keyText.optional(),
  ALIPAY_PUBLIC_KEY: keyText.optional(),
  ALIPAY_SELLER_ID: z
    .string()
    .regex(/^2088\d{12}$/, '应为 2088 开头的 16 位 PID')
    .optional(),
  ALIPAY_GATEWAY: serviceUrl.default('https://openapi.alipay.com/gateway.do'),

  MAP_PROVIDER: z
    .enum(['tianditu', 'offline'], { error: '应为 tianditu 或 offline' })
    .default('offline'),
  MAP_KEY: z
    .string()
    .regex(/^[0-9A-Za-z]{16,64}$/, '应为地图服务的 Key')
    .optional(),
  MAP_REVIEW_NUMBER: z
    .string()
    .regex(/^GS(（|\()\d{4}(）|\))\d+号$/, '应为审图号，如 GS(2024)1234号')
    .optional(),

  MINI_PROGRAM_URL: serviceUrl.optional(),
};

/** Which variables each provider needs, by the provider variable and its value. */
export const PROVIDER_REQUIREMENTS: Record<string, Record<string, string[]>> = {
  SMS_PROVIDER: {
    aliyun: [
      'SMS_ALIYUN_ACCESS_KEY_ID',
      'SMS_ALIYUN_ACCESS_KEY_SECRET',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE',
      'SMS_TEMPLATE_LISTING_CONFIRM',
    ],
    tencent: [
      'SMS_TENCENT_SECRET_ID',
      'SMS_TENCENT_SECRET_KEY',
      'SMS_TENCENT_SDK_APP_ID',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE',
      'SMS_TEMPLATE_LISTING_CONFIRM',
    ],
  },
  WECHAT_PROVIDER: { mp: ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET', 'WECHAT_MP_TOKEN'] },
  REALNAME_PROVIDER: { tencent: ['FACEID_SECRET_ID', 'FACEID_SECRET_KEY', 'FACEID_RULE_ID'] },
  PAYMENT_PROVIDER: { alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] },
  MAP_PROVIDER: {
    tianditu: ['MAP_KEY', 'MAP_REVIEW_NUMBER'],
  },
};

/** The services a production server must have configured or explicitly switched off. */
export const OUTSIDE_SERVICES = [
  'SMS_PROVIDER',
  'WECHAT_PROVIDER',
  'REALNAME_PROVIDER',
  'PAYMENT_PROVIDER',
] as const;

/** Variables of an earlier release that nothing reads any more, with what replaces them. */
export const RETIRED_VARIABLES: Record<string, string> = {
  BANK_GATEWAY_URL: '已不再使用，请改用 PAYMENT_PROVIDER=alipay 与 ALIPAY_* 变量',
  BANK_MERCHANT_ID: '已不再使用，请改用 PAYMENT_PROVIDER=alipay 与 ALIPAY_APP_ID',
  VITE_MAP_TILE_URL: '已不再使用，请改用 MAP_PROVIDER、MAP_KEY 与 MAP_REVIEW_NUMBER（运行时生效）',
};

/**
 * Problems of the provider settings that are only wrong together: each chosen provider's
 * missing variables, and in production every outside service left unset (it must be a
 * provider or `off`) unless the simulators run. Each problem names its variable.
 */
export function serviceProblems(
  env: Record<string, string | undefined>,
  options: { production: boolean; simulators: boolean },
): string[] {
  const problems: string[] = [];
  for (const [selector, providers] of Object.entries(PROVIDER_REQUIREMENTS)) {
    const needs = providers[env[selector] ?? ''] ?? [];
    for (const name of needs.filter((n) => env[n] === undefined)) {
      problems.push(`${name}: 使用 ${selector}=${env[selector]} 时必须设置`);
    }
  }
  if (options.production && !options.simulators) {
    for (const name of OUTSIDE_SERVICES.filter((n) => env[n] === undefined)) {
      problems.push(`${name}: 生产环境必须配置该外部服务，或设为 off 明确停用`);
    }
  }
  for (const [name, message] of Object.entries(RETIRED_VARIABLES)) {
    if (env[name] !== undefined) problems.push(`${name}: ${message}`);
  }
  return problems;
}
