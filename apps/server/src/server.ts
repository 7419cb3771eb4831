import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/index';
import { servicesSummary } from './config/services-summary';
import { openDatabase, type Database } from './db/client';
import { useIdentityKey } from './db/identity-cipher';
import { describeOutboundProxy } from './integrations/outbound-proxy';
import { createObjectStorage, type ObjectStorage } from './integrations/storage/index';
import { prepareDatabase, startupBanner } from './seed/startup';

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

/** The primary database, migrated and (outside production) seeded when empty. */
async function openPrimary(config: AppConfig, storage: ObjectStorage): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    thread: config.pgliteThread,
  });
  try {
    await prepareDatabase(database, {
      nodeEnv: config.nodeEnv,
      seedScale: config.seedScale,
      storage,
      log: (line) => console.log(line),
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/**
 * Start-up: config, database, migrations, seed when empty (demo city outside production,
 * reference data only in production), then listen; SIGTERM shuts down.
 */
async function main(): Promise<void> {
  const config = readConfig();
  useIdentityKey(config.identityKey);
  const storage = await createObjectStorage(config.storage, config.outboundProxy);
  const database = await openPrimary(config, storage);
  const readDatabase = config.databaseReadUrl
    ? await openDatabase({ url: config.databaseReadUrl })
    : undefined;
  const app = await buildApp({ config, database, readDatabase, ownsDatabase: true, storage });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await storage.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(startupBanner(config.nodeEnv, config.publicOrigin).join('\n'));
  console.log(`外部服务：${servicesSummary(config.services)}`);
  console.log(`外呼代理：${describeOutboundProxy(config.outboundProxy)}`);
  void warmPageRenderer(app);
}

/** A phone's and a desktop's browser, for `warmPageRenderer`. */
const WARM_UP_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
];

/**
 * Draws the home page once for a phone and once for a desktop right after the start: the page
 * renderer is loaded and warmed up then (a second or two on a small machine) rather than while
 * the first visitor waits (docs/decisions/0050-first-paint-before-code.md).
 */
async function warmPageRenderer(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  for (const agent of WARM_UP_AGENTS) {
    const answer = await app
      .inject({ method: 'GET', url: '/home', headers: { 'user-agent': agent } })
      .catch((error: unknown) => error);
    if (answer instanceof Error) {
      app.log.warn({ err: answer }, 'page renderer warm-up failed');
      return;
    }
  }
}

main().catch((error: unknown) => {
  console.error('启动失败：', error instanceof Error ? error.message : error);
  process.exit(1);
});
