import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/index';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { isDatabaseEmpty, seedCity } from './seed/index';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function prepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  await database.exclusive(async () => {
    await migrateDatabase(database);
    if (await isDatabaseEmpty(database.db)) {
      const started = Date.now();
      console.log(`空数据库：正在生成演示城市数据（规模 ${config.seedScale}）……`);
      const summary = await seedCity(database.db, {
        scale: config.seedScale,
        uploadsDir: config.uploadsDir,
        now: new Date(),
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`演示数据已生成（${seconds} 秒）：${JSON.stringify(summary.counts)}`);
    }
  });
  return database;
}

function printDemoAccounts(config: AppConfig): void {
  const lines = DEMO_ACCOUNTS.map(
    (account) => `  ${account.phone} / ${account.password}  ${account.description}`,
  );
  console.log(['演示账号：', ...lines, `网站地址：${config.publicOrigin}`].join('\n'));
}

/** Start-up: config, database, migrations, seed when empty, then listen; SIGTERM shuts down. */
async function main(): Promise<void> {
  const config = readConfig();
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database, ownsDatabase: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  printDemoAccounts(config);
}

main().catch((error: unknown) => {
  console.error('启动失败：', error instanceof Error ? error.message : error);
  process.exit(1);
});
