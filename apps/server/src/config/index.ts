import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from '../lib/server-root';

/** The repository root, used for the default data folder and the built web app. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

const booleanText = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: '应为 true/false、1/0、on/off 或 yes/no',
  })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const envSchema = z.object({
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
  HOST: z.string().min(1).default('0.0.0.0'),
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
  BANK_GATEWAY_URL: z.url({ error: '应为完整网址' }).optional(),
  BANK_MERCHANT_ID: z.string().min(1).optional(),
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
});

/** Settings that are only wrong together: what STORAGE=s3 needs (each named by its variable). */
function storageProblems(env: Record<string, string | undefined>): string[] {
  if (env.STORAGE !== 's3') return [];
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('S3_BUCKET: 使用 STORAGE=s3 时必须设置');
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY)
    problems.push('S3_SECRET_ACCESS_KEY: 应与 S3_ACCESS_KEY_ID 一起设置');
  if (!env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
    problems.push('S3_ACCESS_KEY_ID: 应与 S3_SECRET_ACCESS_KEY 一起设置');
  return problems;
}

/**
 * Which proxies may set X-Forwarded-For/-Proto: none unless configured, so a client cannot
 * forge its address past the rate limits. `true`, a hop count, or addresses/CIDRs.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute data folder: PGlite in `db/`, public uploads in `uploads/`, private in `private/`. */
  dataDir: string;
  uploadsDir: string;
  /** Object storage (ARCHITECTURE §5): local disk by default, an S3-compatible bucket with s3. */
  storage: StorageConfig;
  databaseUrl: string | undefined;
  /**
   * A PostgreSQL read replica for public, cache-tolerant reads (project search and pages, news,
   * map, analytics, registry lookups); unset = every read goes to DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of this site's Redis keys and pub/sub channels, so sites can share one Redis. */
  redisPrefix: string;
  publicOrigin: string;
  /** SMS, WeChat, face-verification and bank simulators; on unless production. */
  simulators: boolean;
  logLevel: string;
  seedScale: number;
  /** Built SPA folder; absent folder = API only. */
  webDist: string;
  /** Bank payment (ARCHITECTURE §5): simulator while simulators are on, else the real gateway. */
  bank: BankConfig;
  /** Fastify `trustProxy`: false (default), true, a hop count or proxy addresses. */
  trustProxy: boolean | number | string[];
}

/** Development HMAC secret of the bank simulator's notifications, used only while simulators are on. */
export const DEV_BANK_NOTIFY_SECRET = 'dev-bank-simulator-secret-change-me';

export interface StorageConfig {
  driver: 'local' | 's3';
  /** Local disk: public objects, served at `/oss/app/` (`DATA_DIR/uploads`). */
  publicDir: string;
  /** Local disk: private objects, reached only by signed links (`DATA_DIR/private`). */
  privateDir: string;
  /** The bucket, when driver is s3. */
  s3: S3Config | undefined;
}

export interface S3Config {
  /** Unset = AWS S3 itself; set for MinIO, Ceph and other S3-compatible services. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both unset = the SDK's default credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Address serving the bucket's `public/` folder (CDN); unset = the server streams them. */
  publicBaseUrl: string | undefined;
  /** Path-style addressing; default on when an endpoint is set. */
  forcePathStyle: boolean;
}

export interface BankConfig {
  /** HMAC-SHA256 key of payment notifications; unset (no simulator) = payments unavailable. */
  notifySecret: string | undefined;
  /** Forces every payment to this amount in fen (trial runs, DECISIONS #8); unset = lockMoney. */
  testAmountFen: number | undefined;
  /** Real gateway endpoint and merchant id (used by a real adapter). */
  gatewayUrl: string | undefined;
  merchantId: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置有误，服务未启动：\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at start-up. Empty strings count as unset. Every bad variable is
 * named in the thrown ConfigError, so one start-up attempt shows all problems.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  const problems = [
    ...(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...storageProblems(cleaned),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError([
      'DATABASE_READ_URL: 只读副本需要同时设置 DATABASE_URL（PostgreSQL 主库）',
    ]);
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    storage: {
      driver: e.STORAGE,
      publicDir: path.join(dataDir, 'uploads'),
      privateDir: path.join(dataDir, 'private'),
      s3:
        e.STORAGE === 's3' && e.S3_BUCKET
          ? {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              publicBaseUrl: e.S3_PUBLIC_BASE_URL,
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            }
          : undefined,
    },
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    simulators: e.SIMULATORS ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    seedScale: e.SEED_SCALE,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    bank: {
      notifySecret:
        e.BANK_NOTIFY_SECRET ??
        ((e.SIMULATORS ?? e.NODE_ENV !== 'production') ? DEV_BANK_NOTIFY_SECRET : undefined),
      testAmountFen: e.BANK_TEST_AMOUNT_FEN,
      gatewayUrl: e.BANK_GATEWAY_URL,
      merchantId: e.BANK_MERCHANT_ID,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/**
 * Whether a browser page at `origin` may open the chat socket (`/api/chat/ws`): the site's own
 * PUBLIC_ORIGIN always; outside production also any `http://localhost:<port>` and
 * `http://127.0.0.1:<port>` (the Vite dev server and local runs). A missing Origin is refused.
 */
export function isAllowedSocketOrigin(
  config: Pick<AppConfig, 'publicOrigin' | 'nodeEnv'>,
  origin: string | undefined,
): boolean {
  if (!origin) return false;
  if (origin === new URL(config.publicOrigin).origin) return true;
  if (config.nodeEnv === 'production') return false;
  return /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(origin);
}
