import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/index';
import { migrateDatabase, openDatabase } from '../db/client';
import { useIdentityKey } from '../db/identity-cipher';
import { createObjectStorage } from '../integrations/storage/index';
import { isDatabaseEmpty, resetDatabase, seedCity } from './index';

const USAGE = `用法: npm run seed -w @portal/server -- [--reset] [--scale N] [--now ISO时间]
  --reset      清空全部数据后重新生成
  --scale N    城市规模倍数（默认 SEED_SCALE 或 1；可为小数，如 0.05）
  --now ISO    数据的参照时刻（默认当前时间，例如 2026-11-01T10:00:00+08:00）
环境变量: DATA_DIR（默认 ./data）, DATABASE_URL（设置时使用 PostgreSQL，否则使用 DATA_DIR/db 中的 PGlite）`;

/** `npm run seed`: migrate, optionally reset, and seed the demo city when the database is empty. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      scale: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  useIdentityKey(config.identityKey);
  if (config.nodeEnv === 'production') {
    throw new Error(
      '生产环境（NODE_ENV=production）不生成演示数据和演示账号；运营人员账号请用 npm run admin:create -- <手机号> 创建',
    );
  }
  const scale = values.scale === undefined ? config.seedScale : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 50) {
    throw new Error(`--scale 应为 0 到 50 之间的正数，收到 ${values.scale}`);
  }
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--now 不是有效时间：${values.now}`);

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  const storage = await createObjectStorage(config.storage, config.outboundProxy);
  try {
    await migrateDatabase(database);
    if (values.reset) {
      await resetDatabase(database.db);
      console.log('已清空数据库。');
    } else if (!(await isDatabaseEmpty(database.db))) {
      console.log('数据库已有数据，未重新生成。如需重建请加 --reset。');
      return;
    }
    const started = performance.now();
    const summary = await seedCity(database.db, {
      scale,
      now,
      storage,
      log: (line) => console.log(`  ${line}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `演示数据已生成（规模 ${scale}，${seconds} 秒）：${JSON.stringify(summary.counts)}`,
    );
    console.log('演示账号：');
    for (const account of summary.demoAccounts) {
      console.log(`  ${account.phone} / ${account.password}  ${account.description}`);
    }
    const q = summary.demoBuyerQuery;
    console.log(
      `购房人查询（预售资金监管进帐查询、商品房签约查询）：区域 ${q.areaCode}，身份证号 ${q.idCard}，合同编号 ${q.netsignnum}，购房密码 ${q.password}`,
    );
  } finally {
    await database.close();
    await storage.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('生成演示数据失败：', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
