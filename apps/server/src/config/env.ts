import { z } from 'zod';
import { servicesEnvShape } from './services-env';

export const booleanText = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: '应为 true/false、1/0、on/off 或 yes/no',
  })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

/** Every environment variable the server reads, with its Chinese error message. */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: '应为 development、production 或 test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: '应为端口号' })
    .int('应为整数端口号')
    .min(1, '端口号应在 1–65535 之间')
    .max(65535, '端口号应在 1–65535 之间')
    .default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1, '不能为空').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应以 postgres:// 或 postgresql:// 开头')
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应以 postgres:// 或 postgresql:// 开头')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '应以 redis:// 或 rediss:// 开头')
    .optional(),
  PUBLIC_ORIGIN: z.url({ error: '应为完整网址，如 http://localhost:3000' }).optional(),
  SIMULATORS: booleanText.optional(),
  PGLITE_THREAD: booleanText.default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: '应为 fatal/error/warn/info/debug/trace/silent',
    })
    .default('info'),
  SEED_SCALE: z.coerce
    .number({ error: '应为数字' })
    .positive('应大于 0')
    .max(50, '不能超过 50')
    .default(1),
  WEB_DIST: z.string().optional(),
  BANK_NOTIFY_SECRET: z.string().min(16, '至少 16 个字符').optional(),
  BANK_TEST_AMOUNT_FEN: z.coerce
    .number({ error: '应为整数（分）' })
    .int('应为整数（分）')
    .positive('应大于 0')
    .optional(),
  ORDER_CREATE_PER_ACCOUNT: z.coerce
    .number({ error: '应为正整数' })
    .int('应为正整数')
    .min(1, '应大于 0')
    .default(10),
  ORDER_CREATE_PER_CLIENT: z.coerce
    .number({ error: '应为正整数' })
    .int('应为正整数')
    .min(1, '应大于 0')
    .default(120),
  SMS_CODES_PER_CLIENT: z.coerce
    .number({ error: '应为正整数' })
    .int('应为正整数')
    .min(1, '应大于 0')
    .default(20),
  FOREGROUND_MAX_DEFER_MS: z.coerce
    .number({ error: '应为整数（毫秒）' })
    .int('应为整数（毫秒）')
    .min(0, '不能小于 0')
    .max(1000, '不能超过 1000')
    .default(40),
  RENDER_CONCURRENCY: z.coerce
    .number({ error: '应为正整数' })
    .int('应为正整数')
    .min(1, '应大于 0')
    .max(64, '不能超过 64')
    .default(2),
  WEB_VITALS_SAMPLE_RATE: z.coerce
    .number({ error: '应为 0 到 1 之间的数' })
    .min(0, '应为 0 到 1 之间的数')
    .max(1, '应为 0 到 1 之间的数')
    .optional(),
  RENDER_PER_CLIENT: z.coerce
    .number({ error: '应为正整数' })
    .int('应为正整数')
    .min(1, '应大于 0')
    .default(60),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, '应为 1–40 个字母、数字或 : _ -')
    .default('portal:'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/,
      '应为 true/false、代理层数或以逗号分隔的代理地址（可带网段）',
    )
    .optional(),
  STORAGE: z.enum(['local', 's3'], { error: '应为 local 或 s3' }).default('local'),
  S3_ENDPOINT: z.url({ error: '应为完整网址，如 https://s3.example.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '应为 3–63 个小写字母、数字、. 或 -')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_BASE_URL: z
    .url({ error: '应为完整网址，如 https://cdn.example.com/public' })
    .optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  IDENTITY_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(value),
      {
        error: '应为 32 字节密钥的 base64（44 个字符），可用 openssl rand -base64 32 生成',
      },
    )
    .optional(),
  ...servicesEnvShape,
});
