import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { seedCity, type SeedSummary } from '../src/seed/index';
import { runAdminStatement } from './admin-statement';
import { listTimestampColumns, type TimestampColumns } from './seed-time-shift';

/** PGlite: a database's tarball. PostgreSQL: the name of a template database. */
export type DatabaseTemplate =
  { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

/** The demo city seeded once at one scale, for every file that asks for that scale. */
export interface SeededTemplate {
  database: DatabaseTemplate;
  /**
   * The data folder the seed wrote its pictures to: public ones in `uploads/`, private ones
   * (documents) in `private/`, copied into each file's own data folder.
   */
  dataDir: string;
  /** What the seed answered; its `referenceTime` is the instant it was seeded at. */
  summary: SeedSummary;
  /** The columns that hold instants, moved to the file's own "now" (test/seed-time-shift.ts). */
  timestampColumns: TimestampColumns;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, empty database. */
    databaseTemplate: DatabaseTemplate;
    /** The seeded demo city, by scale (`String(scale)`). */
    seededTemplates: Record<string, SeededTemplate>;
  }
}

/**
 * The seed scales that test files ask for most (each by three files or more): seeding them once
 * here instead of in every such file saves about three seconds of CPU per file at 0.05, more at
 * larger scales. Other scales are seeded by their files, as before.
 */
const SEEDED_SCALES = [0.05, 0.1, 0.2];

/**
 * Vitest global setup: migrates one database before any test file runs, and every file's fresh
 * database starts as a copy of it (test/db.ts) instead of creating and migrating its own. On
 * PGlite the copy is the migrated cluster's tarball (opening it skips creating a cluster); on
 * PostgreSQL it is `CREATE DATABASE … TEMPLATE`. It also seeds the demo city once at each of
 * SEEDED_SCALES, at one instant (the setup's start), with its pictures in a folder of its own;
 * `createTestApp` copies such a template and moves its times to the file's start (test/app.ts).
 * Returns the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seededAt = new Date();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  const adminUrl = process.env.TEST_DATABASE_URL;

  const seed = async (database: Database, scale: number) => {
    const dataDir = path.join(dir, `data-${scale}`);
    const uploadsDir = path.join(dataDir, 'uploads');
    const summary = await seedCity(database.db, { scale, uploadsDir, now: seededAt });
    const timestampColumns = await listTimestampColumns(database.db);
    return { dataDir, summary, timestampColumns };
  };
  const seededTemplates: Record<string, SeededTemplate> = {};

  if (!adminUrl) {
    const database = await openDatabase();
    await migrateDatabase(database);
    const migrated = await database.dumpDataDir!();
    await database.close();
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await migrated.arrayBuffer()));
    project.provide('databaseTemplate', { kind: 'pglite', file });

    for (const scale of SEEDED_SCALES) {
      const seeded = await openDatabase({ loadDataDir: migrated });
      const facts = await seed(seeded, scale);
      const tarball = await seeded.dumpDataDir!();
      await seeded.close();
      const seededFile = path.join(dir, `seeded-${scale}.tar`);
      writeFileSync(seededFile, Buffer.from(await tarball.arrayBuffer()));
      seededTemplates[String(scale)] = { database: { kind: 'pglite', file: seededFile }, ...facts };
    }
    project.provide('seededTemplates', seededTemplates);
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  const names = [name];
  const teardown = async () => {
    for (const each of names.reverse()) {
      await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${each} WITH (FORCE)`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const open = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return openDatabase({ url: url.toString(), poolSize: 1 });
  };
  try {
    await runAdminStatement(adminUrl, `CREATE DATABASE ${name}`);
    const database = await open(name);
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    for (const scale of SEEDED_SCALES) {
      const seededName = `${name}_seeded_${String(scale).replace('.', '_')}`;
      names.push(seededName);
      await runAdminStatement(adminUrl, `CREATE DATABASE ${seededName} TEMPLATE ${name}`);
      const seeded = await open(seededName);
      try {
        const facts = await seed(seeded, scale);
        seededTemplates[String(scale)] = {
          database: { kind: 'postgres', name: seededName },
          ...facts,
        };
      } finally {
        await seeded.close();
      }
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('databaseTemplate', { kind: 'postgres', name });
  project.provide('seededTemplates', seededTemplates);
  return teardown;
}
