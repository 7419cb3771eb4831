import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, serverBuildIsStale } from '../../../scripts/build-server.mjs';
import { dictionaries, districts, projects, users } from '../src/db/schema/index';
import { localDataStorage } from '../src/integrations/storage/index';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts';
import { prepareDatabase, startupBanner } from '../src/seed/startup';
import { createTestDatabase, type TestDatabase } from './db';
import { call, startInstance } from './scale-out/instances';

/**
 * An empty database started in production gets no demo city and no default credentials
 * (ASVS 2.5.4): only the reference data, a hint to create the operator by command, and no
 * password anywhere in the output. Development keeps the demo city (docs/architecture.md, fixed points).
 */
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
const storage = localDataStorage(uploadsDir);
const opened: TestDatabase[] = [];

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}

async function rows(database: TestDatabase, table: typeof users | typeof districts) {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

afterAll(async () => {
  for (const database of opened) await database.dispose();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const PASSWORDS = [...new Set(DEMO_ACCOUNTS.map((account) => account.password))];

describe('start-up on an empty database', () => {
  it('in production writes reference data only, creates no account and prints no password', async () => {
    const database = await freshDatabase();
    const lines: string[] = [];
    const options = {
      nodeEnv: 'production' as const,
      seedScale: 1,
      storage,
      log: (line: string) => lines.push(line),
    };
    const report = await prepareDatabase(database, options);
    expect(report).toEqual({ seeded: 'reference', hasOperator: false });
    expect(await rows(database, users)).toBe(0);
    expect(await rows(database, districts)).toBe(9);
    const [dictionary] = await database.db.select({ n: count() }).from(dictionaries);
    expect(dictionary?.n).toBeGreaterThan(10);
    const [project] = await database.db.select({ n: count() }).from(projects);
    expect(project?.n).toBe(0);

    const printed = [...lines, ...startupBanner('production', 'https://fc.example')].join('\n');
    for (const password of PASSWORDS) expect(printed).not.toContain(password);
    expect(printed).not.toContain('13900000000');
    expect(printed).toContain('npm run admin:create');

    const again = await prepareDatabase(database, { ...options, log: () => undefined });
    expect(again.seeded).toBe('none');
    expect(await rows(database, districts)).toBe(9);
  });

  it('in development seeds the demo city with its demo accounts', async () => {
    const database = await freshDatabase();
    const report = await prepareDatabase(database, {
      nodeEnv: 'development',
      seedScale: 0.05,
      storage,
      log: () => undefined,
    });
    expect(report).toEqual({ seeded: 'demo-city', hasOperator: true });
    expect(await rows(database, users)).toBeGreaterThan(3);
    const banner = startupBanner('development', 'http://localhost:3000').join('\n');
    for (const account of DEMO_ACCOUNTS) expect(banner).toContain(account.phone);
  });

  it('never turns a production database into a demo city later', async () => {
    const database = await freshDatabase();
    const quiet = { seedScale: 0.05, storage, log: () => undefined };
    await prepareDatabase(database, { ...quiet, nodeEnv: 'production' });
    const later = await prepareDatabase(database, { ...quiet, nodeEnv: 'development' });
    expect(later.seeded).toBe('none');
    expect(await rows(database, users)).toBe(0);
  });
});

const TRACE_MODULES = fileURLToPath(new URL('./fixtures/trace-modules.mjs', import.meta.url));

/** The repository files a traced process loaded (test/fixtures/trace-modules.mjs). */
function loadedFiles(output: string): string[] {
  return [...output.matchAll(/^\[module\] (\S+)$/gm)].map((match) => fileURLToPath(match[1]!));
}

describe('`npm start` with NODE_ENV=production', () => {
  it('rebuilds a stale server, runs the compiled build, serves an empty city and prints no password', async () => {
    // An entry older than every source: what pulling new code leaves behind.
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(SERVER_ENTRY, longAgo, longAgo);
    expect(serverBuildIsStale()).toBe(true);
    const instance = await startInstance(
      {
        // Production refuses to start until every outside service is configured or switched off.
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        SIMULATORS: 'off',
        SMS_PROVIDER: 'off',
        WECHAT_PROVIDER: 'off',
        REALNAME_PROVIDER: 'off',
        PAYMENT_PROVIDER: 'off',
        IDENTITY_ENCRYPTION_KEY: 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=',
      },
      { through: 'npm-start', nodeOptions: ['--import', TRACE_MODULES] },
    );
    try {
      const health = await call(instance.origin, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body.data).toMatchObject({ db: 'ok', counts: { users: 0, projects: 0 } });
      const login = await call(instance.origin, 'POST', '/api/auth/login', {
        body: { account: '13900000000', password: 'Admin@2026' },
      });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
      const output = instance.output();
      for (const password of PASSWORDS) expect(output).not.toContain(password);
      expect(output).toContain('npm run admin:create');

      expect(output).toContain('正在构建服务端……');
      expect(statSync(SERVER_ENTRY).mtimeMs).toBeGreaterThan(longAgo.getTime());
      const loaded = loadedFiles(output);
      expect(loaded).toContain(SERVER_ENTRY);
      expect(loaded.filter((file) => /\.[cm]?tsx?$/.test(file))).toEqual([]);
    } finally {
      await instance.stop();
    }
    // Fresh now: the check the next start makes is a few milliseconds of `stat`.
    const checkStarted = performance.now();
    expect(serverBuildIsStale()).toBe(false);
    expect(performance.now() - checkStarted).toBeLessThan(500);
  }, 120_000);
});
