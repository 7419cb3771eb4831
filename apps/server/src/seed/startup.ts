import { eq } from 'drizzle-orm';
import { applyMigrations, type Database, type Db } from '../db/client';
import { backfillIdentities } from '../db/identity-backfill';
import { districts, users } from '../db/schema/index';
import type { ObjectStorage } from '../integrations/storage/index';
import { backfillAccountIdentities } from '../modules/auth/index';
import { isDatabaseEmpty } from './database';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedReference } from './reference';
import { seedCity } from './index';

/** What start-up put into the database. */
export type StartupSeed = 'demo-city' | 'reference' | 'none';

export interface StartupOptions {
  nodeEnv: 'development' | 'production' | 'test';
  /** Demo city size (development and test only). */
  seedScale: number;
  /** Where the demo city's generated pictures go: the object storage… */
  storage?: ObjectStorage;
  /** …or a local data folder's uploads root. */
  uploadsDir?: string;
  log: (line: string) => void;
}

export interface StartupReport {
  seeded: StartupSeed;
  /** Whether an operator account exists after start-up (production needs one made by hand). */
  hasOperator: boolean;
}

async function hasReferenceData(db: Db): Promise<boolean> {
  const [row] = await db.select({ code: districts.code }).from(districts).limit(1);
  return Boolean(row);
}

async function hasOperator(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return Boolean(row);
}

async function seedForEnvironment(db: Db, options: StartupOptions): Promise<StartupSeed> {
  if (!(await isDatabaseEmpty(db)) || (await hasReferenceData(db))) return 'none';
  if (options.nodeEnv === 'production') {
    await seedReference({ db, log: () => undefined });
    return 'reference';
  }
  const started = Date.now();
  options.log(`空数据库：正在生成演示城市数据（规模 ${options.seedScale}）……`);
  const summary = await seedCity(db, {
    scale: options.seedScale,
    storage: options.storage,
    uploadsDir: options.uploadsDir,
    now: new Date(),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  options.log(`演示数据已生成（${seconds} 秒）：${JSON.stringify(summary.counts)}`);
  return 'demo-city';
}

/**
 * Start-up work on the database, in one transaction under the start-up lock (instances starting
 * together do it once): apply the migrations, then fill an empty database. Development and test
 * get the demo city with its demo accounts (docs/architecture.md). Production never gets demo data
 * or default credentials: only the reference data (districts, dictionaries, tags) the pages
 * need; operators are created with `npm run admin:create`. Nothing here logs a password.
 */
export async function prepareDatabase(
  database: Database,
  options: StartupOptions,
): Promise<StartupReport> {
  return database.exclusive(async (db) => {
    await applyMigrations(db);
    const seeded = await seedForEnvironment(db, options);
    await backfillIdentities(db, options.log, backfillAccountIdentities);
    if (seeded === 'reference') {
      options.log('生产环境：已写入区域、字典和标签等基础数据；不生成演示数据和演示账号。');
    }
    const operator = await hasOperator(db);
    if (options.nodeEnv === 'production' && !operator) {
      options.log(
        '尚无运营人员账号：请运行 npm run admin:create -- <手机号> 创建（密码只显示一次）。',
      );
    }
    return { seeded, hasOperator: operator };
  });
}

/**
 * The lines printed after the server listens: the demo accounts with their passwords outside
 * production (they are public, listed in the README), never in production.
 */
export function startupBanner(nodeEnv: StartupOptions['nodeEnv'], publicOrigin: string): string[] {
  if (nodeEnv === 'production') return [`网站地址：${publicOrigin}`];
  const lines = DEMO_ACCOUNTS.map(
    (account) => `  ${account.phone} / ${account.password}  ${account.description}`,
  );
  return ['演示账号：', ...lines, `网站地址：${publicOrigin}`];
}
