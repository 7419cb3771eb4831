import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beijingDate } from '@portal/shared/beijing-time';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/index';
import type { Database } from '../src/db/client';
import type { IntegrationOverrides } from '../src/integrations/index';
import { seedCity, type SeedSummary } from '../src/seed/index';
import type { SeededTemplate } from './database-template.setup';
import { createTestDatabase } from './db';
import { shiftStoredTime } from './seed-time-shift';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** What seeding answered (with `seedScale`); `referenceTime` is this file's seed instant. */
  seed?: SeedSummary;
  dispose(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo city at this scale; unset leaves the database empty. */
  seedScale?: number;
  /**
   * Seed the city in this file's own database even when the global setup seeded one at this
   * scale already, for a test whose subject is seeding itself.
   */
  freshSeed?: boolean;
  env?: Record<string, string>;
  /** A second database to serve the public reads (a read replica); the caller disposes it. */
  readDatabase?: Database;
  /** Connections of the PostgreSQL pool, for tests whose requests must really run at once. */
  poolSize?: number;
  /** Outside-service gateways instead of the simulators (a real adapter against a fake). */
  integrations?: IntegrationOverrides;
  /** The app's logger (none unless given: a test reading the log passes the shipped one). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * The seeded city of the global setup at `scale`, when it is of use now: its instants are moved
 * to this file's start, but its calendar days (`date` columns, the dates in order and contract
 * numbers, the months of the deal statistics) stay those of the setup's start. Past Beijing
 * midnight since then, the file seeds its own city instead.
 */
function seededTemplate(scale: number, now: Date): SeededTemplate | undefined {
  const template = inject('seededTemplates')[String(scale)];
  if (!template) return undefined;
  const sameDay = beijingDate(template.summary.referenceTime) === beijingDate(now);
  return sameDay ? template : undefined;
}

/**
 * A fresh application on a fresh database (in-memory PGlite, or a throw-away PostgreSQL database
 * when TEST_DATABASE_URL is set), with its own temporary data folder. Share one per test file.
 *
 * With `seedScale`, the demo city is as if seeded at the file's start. For the scales that the
 * global setup seeded (test/database-template.setup.ts), the database is a copy of that city,
 * its pictures and documents copies of the seed's files, and every stored instant is moved by the
 * time passed since (test/seed-time-shift.ts); other scales, and `freshSeed`, run the seed here.
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
  const now = new Date();
  const seeded =
    options.seedScale !== undefined && !options.freshSeed
      ? seededTemplate(options.seedScale, now)
      : undefined;
  const database = await createTestDatabase({
    poolSize: options.poolSize,
    template: seeded?.database,
  });
  let seed: SeedSummary | undefined;
  if (seeded) {
    // Where seedCity with `uploadsDir` puts them: public pictures there, documents beside it.
    cpSync(path.join(seeded.dataDir, 'uploads'), config.uploadsDir, { recursive: true });
    const privateDir = path.join(path.dirname(config.uploadsDir), 'private');
    cpSync(path.join(seeded.dataDir, 'private'), privateDir, { recursive: true });
    const seededAt = new Date(seeded.summary.referenceTime);
    await shiftStoredTime(database.db, seeded.timestampColumns, now.getTime() - seededAt.getTime());
    seed = { ...seeded.summary, referenceTime: now.toISOString() };
  } else if (options.seedScale !== undefined) {
    seed = await seedCity(database.db, {
      scale: options.seedScale,
      uploadsDir: config.uploadsDir,
      now,
    });
  }
  const app = await buildApp({
    config,
    database,
    readDatabase: options.readDatabase,
    integrations: options.integrations,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    seed,
    dispose: async () => {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
