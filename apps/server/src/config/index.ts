import path from 'node:path';
import { parseOutboundProxy, proxyFor, type OutboundProxy } from '../integrations/outbound-proxy';
import { SERVER_ROOT } from '../lib/server-root';
import { envSchema } from './env';
import { decideSimulators, environmentProblems, environmentWarnings } from './exposure';
import { placeholderProblems } from './secrets';
import { resolveServices, type ServicesConfig } from './services';
import { serviceProblems } from './services-env';

export type * from './services';

/** The repository root, used for the default data folder and the built web app. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

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
  /** Object storage (docs/architecture.md): local disk by default, an S3-compatible bucket with s3. */
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
  /** Deposit-order creations allowed per minute per account and per client address. */
  orderCreateLimits: { perAccount: number; perClient: number };
  /** SMS codes one client address may ask for in an hour (docs/operations.md). */
  smsCodesPerClientPerHour: number;
  /**
   * Server rendering under load (docs/operations.md): drawings at once per process, and fresh
   * drawings per minute per client address; beyond either the plain page shell is served.
   */
  render: { concurrency: number; perClientPerMinute: number; threads: boolean };
  /**
   * How long a public read waits at most for the deposit orders running when it came (ms); 0:
   * public reads never wait (docs/decisions/0073-orders-before-public-reads.md).
   */
  foregroundMaxDeferMs: number;
  /**
   * The embedded database on a worker thread of its own (PGLITE_THREAD, on unless `off`;
   * docs/decisions/0076-embedded-database-thread.md). Ignored with DATABASE_URL.
   */
  pgliteThread: boolean;
  publicOrigin: string;
  /**
   * SMS, WeChat, face-verification and bank simulators: on when SIMULATORS=on, or in the
   * embedded demo (see `decideSimulators`); never on a public origin.
   */
  simulators: boolean;
  /** The outside services and the provider chosen for each (docs/operations.md). */
  services: ServicesConfig;
  /** AES-256-GCM key (32 bytes) of the verified names and ID numbers stored at rest. */
  identityKey: Buffer;
  logLevel: string;
  seedScale: number;
  /**
   * Share of page visits whose LCP, INP and CLS the browser reports (0–1): 10 % in production,
   * every visit elsewhere (docs/decisions/0060-real-visit-figures.md).
   */
  webVitalsSampleRate: number;
  /** Built SPA folder; absent folder = API only. */
  webDist: string;
  /** Payment settings shared by every provider (the provider itself is in `services`). */
  bank: BankConfig;
  /** Fastify `trustProxy`: false (default), true, a hop count or proxy addresses. */
  trustProxy: boolean | number | string[];
  /**
   * The forward proxy of every call to an outside service (HTTPS_PROXY, HTTP_PROXY, NO_PROXY),
   * read once here; docs/operations.md, "Endpoints and proxies".
   */
  outboundProxy: OutboundProxy;
  /** Risky settings that do not stop the start, logged once at start-up (each names its variable). */
  warnings: string[];
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
  /** Endpoint of an S3-compatible service (MinIO, Ceph, OSS, COS…); unset = AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both unset = the SDK's default credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://cdn…/` serving the bucket's `public/` folder; unset = the server streams them. */
  publicBaseUrl: string | undefined;
  /**
   * Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services need;
   * default on when an endpoint is set.
   */
  forcePathStyle: boolean;
}

export interface BankConfig {
  /** HMAC-SHA256 key of the bank simulator's notifications; unset when no simulator runs. */
  notifySecret: string | undefined;
  /** Forces every payment to this amount in fen (trial runs, docs/operations.md); unset = lockMoney. */
  testAmountFen: number | undefined;
}

/**
 * Development key of the identity fields, used only outside production when
 * IDENTITY_ENCRYPTION_KEY is unset (the embedded demo and tests). Refused in production.
 */
export const DEV_IDENTITY_KEY_BASE64 = 'ZGV2LW9ubHktaWRlbnRpdHkta2V5LW5vdC1zZWNyZXQ=';

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
    ...placeholderProblems(cleaned),
  ];
  const outbound = parseOutboundProxy(cleaned);
  problems.push(...outbound.problems);
  const production = cleaned.NODE_ENV === 'production';
  let simulators = ['true', '1', 'on', 'yes'].includes(cleaned.SIMULATORS ?? '');
  if (result.success) {
    try {
      simulators = decideSimulators({
        nodeEnv: result.data.NODE_ENV,
        simulators: result.data.SIMULATORS,
        databaseUrl: result.data.DATABASE_URL,
        host: result.data.HOST,
        publicOrigin: result.data.PUBLIC_ORIGIN,
      });
    } catch (error) {
      problems.push((error as Error).message);
    }
    problems.push(
      ...environmentProblems({
        nodeEnv: result.data.NODE_ENV,
        simulators: result.data.SIMULATORS,
        host: result.data.HOST,
        publicOrigin: result.data.PUBLIC_ORIGIN,
        paymentProvider: result.data.PAYMENT_PROVIDER,
        alipaySellerId: result.data.ALIPAY_SELLER_ID,
      }),
    );
  }
  problems.push(...serviceProblems(cleaned, { production, simulators }));
  if (cleaned.DATABASE_READ_URL && !cleaned.DATABASE_URL) {
    problems.push('DATABASE_READ_URL: 只读副本需要同时设置 DATABASE_URL（PostgreSQL 主库）');
  }
  if (production && !cleaned.IDENTITY_ENCRYPTION_KEY) {
    problems.push('IDENTITY_ENCRYPTION_KEY: 生产环境必须设置（实名信息加密存储的密钥）');
  }
  if (production && cleaned.IDENTITY_ENCRYPTION_KEY === DEV_IDENTITY_KEY_BASE64) {
    problems.push(
      'IDENTITY_ENCRYPTION_KEY: 不能使用开发用的公开密钥；请用 openssl rand -base64 32 生成新密钥',
    );
  }
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  const services = resolveServices(e, simulators);
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
              // Virtual-hosted addressing unless asked (Alibaba OSS accepts nothing else).
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            }
          : undefined,
    },
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smsCodesPerClientPerHour: e.SMS_CODES_PER_CLIENT,
    orderCreateLimits: {
      perAccount: e.ORDER_CREATE_PER_ACCOUNT,
      perClient: e.ORDER_CREATE_PER_CLIENT,
    },
    foregroundMaxDeferMs: e.FOREGROUND_MAX_DEFER_MS,
    pgliteThread: e.PGLITE_THREAD,
    render: {
      concurrency: e.RENDER_CONCURRENCY,
      perClientPerMinute: e.RENDER_PER_CLIENT,
      // Drawn on threads of their own except in the tests, whose renderers run in process.
      threads: e.NODE_ENV !== 'test',
    },
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    simulators,
    services,
    identityKey: Buffer.from(e.IDENTITY_ENCRYPTION_KEY ?? DEV_IDENTITY_KEY_BASE64, 'base64'),
    logLevel: e.LOG_LEVEL,
    seedScale: e.SEED_SCALE,
    webVitalsSampleRate: e.WEB_VITALS_SAMPLE_RATE ?? (e.NODE_ENV === 'production' ? 0.1 : 1),
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    bank: {
      // Only while the payments themselves are simulated: beside a real provider the simulator's
      // notifications (and its pay page) do not exist.
      notifySecret:
        services.payment.provider === 'simulator'
          ? (e.BANK_NOTIFY_SECRET ?? DEV_BANK_NOTIFY_SECRET)
          : undefined,
      testAmountFen: e.BANK_TEST_AMOUNT_FEN,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    outboundProxy: outbound.proxy,
    warnings: [
      ...environmentWarnings({ host: e.HOST, trustProxy: e.TRUST_PROXY }),
      ...outbound.warnings,
      ...(services.sms.provider === 'aliyun' && proxyFor(outbound.proxy, services.sms.endpoint)
        ? [
            'SMS_PROVIDER=aliyun: 阿里云短信 SDK 不经 HTTPS_PROXY，短信请求直连阿里云（需放行到 dysmsapi.aliyuncs.com 的出站 HTTPS）',
          ]
        : []),
    ],
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
