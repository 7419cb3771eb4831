/**
 * Values copied from an example file instead of a real secret: `CHANGE-ME…`, `REPLACE_ME`,
 * `your-secret`, `<secret>`, `xxxxxx`, `placeholder`, `example`. Refused at start-up so that a
 * deployment never runs on a key that is printed in the repository.
 */
const PLACEHOLDER_PATTERNS = [
  /change[-_ ]?me/i,
  /replace[-_ ]?me/i,
  /^your[-_ ]/i,
  /placeholder/i,
  /^<.*>$/,
  /^x{4,}$/i,
  /example/i,
];

/** Whether a secret is a known placeholder rather than a real value. */
export function isPlaceholderSecret(value: string): boolean {
  return PLACEHOLDER_PATTERNS.some((pattern) => pattern.test(value.trim()));
}

/** The variables holding secrets: each is refused when it carries a placeholder. */
export const SECRET_VARIABLES = [
  'BANK_NOTIFY_SECRET',
  'IDENTITY_ENCRYPTION_KEY',
  'SMS_ALIYUN_ACCESS_KEY_SECRET',
  'SMS_TENCENT_SECRET_KEY',
  'WECHAT_MP_APP_SECRET',
  'WECHAT_MP_TOKEN',
  'WECHAT_MP_ENCODING_AES_KEY',
  'FACEID_SECRET_KEY',
  'ALIPAY_PRIVATE_KEY',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** `NAME: message` for every secret variable holding a placeholder. */
export function placeholderProblems(env: Record<string, string | undefined>): string[] {
  return SECRET_VARIABLES.filter((name) => {
    const value = env[name];
    return value !== undefined && isPlaceholderSecret(value);
  }).map((name) => `${name}: 仍是示例占位值，请换成真实的密钥`);
}
