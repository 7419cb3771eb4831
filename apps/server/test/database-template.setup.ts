import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { runAdminStatement } from './admin-statement';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated database's tarball. PostgreSQL: the name of a migrated template. */
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}

/**
 * Vitest global setup: migrates one database before any test file runs, and every file's fresh
 * database starts as a copy of it (test/db.ts) instead of creating and migrating its own. On
 * PGlite the copy is the migrated cluster's tarball (opening it skips creating a cluster); on
 * PostgreSQL it is `CREATE DATABASE … TEMPLATE`. Returns the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase();
    await migrateDatabase(database);
    const tarball = await database.dumpDataDir!();
    await database.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    project.provide('databaseTemplate', { kind: 'pglite', file });
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  project.provide('databaseTemplate', { kind: 'postgres', name });
  return () => runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
