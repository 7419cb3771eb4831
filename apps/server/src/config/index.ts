import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, used for the default data folder and the built web app. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

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
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute data folder: PGlite in `db/`, uploads in `uploads/`. */
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicOrigin: string;
  /** SMS, WeChat, face-verification and bank simulators; on unless production. */
  simulators: boolean;
  logLevel: string;
  seedScale: number;
  /** Built SPA folder; absent folder = API only. */
  webDist: string;
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
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = result.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    simulators: e.SIMULATORS ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    seedScale: e.SEED_SCALE,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
  };
}
