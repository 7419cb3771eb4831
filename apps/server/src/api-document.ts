import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config/index';
import { openDatabase } from './db/client';

/**
 * The API document as /api/docs/json serves it, built without listening: the whole app on an
 * empty in-memory database (no request is answered, so nothing is migrated), with the
 * simulators on so that their routes are documented too. Used by `scripts/lint-api-document.mjs`.
 */
export async function buildApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-document-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'web'),
  });
  const database = await openDatabase({});
  try {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const document = app.swagger();
    await app.close();
    return document;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
