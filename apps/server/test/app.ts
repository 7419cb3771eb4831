import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/index';
import type { Database } from '../src/db/client';
import type { IntegrationOverrides } from '../src/integrations/index';
import { seedCity } from '../src/seed/index';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  dispose(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo city at this scale; unset leaves the database empty. */
  seedScale?: number;
  env?: Record<string, string>;
  /** A second database to serve the public reads (a read replica); the caller disposes it. */
  readDatabase?: Database;
  /** Connections of the PostgreSQL pool, for tests whose requests must really run at once. */
  poolSize?: number;
  /** Outside-service gateways instead of the simulators (a real adapter against a fake). */
  integrations?: IntegrationOverrides;
}

/**
 * A fresh application on a fresh database (in-memory PGlite, or a throw-away PostgreSQL database
 * when TEST_DATABASE_URL is set), with its own temporary data folder. Share one per test file.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'web'),
    ...options.env,
  });
  const database = await createTestDatabase({ poolSize: options.poolSize });
  if (options.seedScale !== undefined) {
    await seedCity(database.db, {
      scale: options.seedScale,
      uploadsDir: config.uploadsDir,
      now: new Date(),
    });
  }
  const app = await buildApp({
    config,
    database,
    readDatabase: options.readDatabase,
    integrations: options.integrations,
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dispose: async () => {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
