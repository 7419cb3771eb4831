// What every load benchmark shares: a seeded throw-away city (PGlite or PostgreSQL), the real app
// served on a free port with production settings, a load client in a forked child process (so
// client and server do not share an event loop) and the machine facts recorded with each result.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, shippedLogger } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/index';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { seedCity } from '../apps/server/src/seed/index';
import type { LoadJob, LoadResult } from './load-client';

/** `[pglite|postgres://…] [scale] [seconds]` from the command line. */
export function benchArgs(defaults: { scale: number; seconds: number }) {
  return {
    target: process.argv[2] ?? 'pglite',
    scale: Number(process.argv[3] ?? defaults.scale),
    seconds: Number(process.argv[4] ?? defaults.seconds),
  };
}

export interface BenchCity {
  database: Database;
  dir: string;
  summary: Awaited<ReturnType<typeof seedCity>>;
  seedSeconds: number;
}

/**
 * Seeds a throw-away database at `scale` (a new PostgreSQL database when `target` is a
 * postgres:// URL, else PGlite in a temporary folder), runs `work`, and removes it all again.
 */
export async function withBenchCity<T>(
  name: string,
  target: string,
  scale: number,
  work: (city: BenchCity) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-bench-${name}-`));
  const dbName = `bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const adminUrl = target.startsWith('postgres') ? target : null;
  if (adminUrl) await admin(adminUrl, `create database ${dbName}`);
  const url = adminUrl ? adminUrl.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  try {
    const database = await openDatabase({
      url,
      dataDir: url ? undefined : path.join(dir, 'db'),
      poolSize: 20,
      // As `npm start` opens it: on a thread of its own unless PGLITE_THREAD=off.
      thread: process.env.PGLITE_THREAD !== 'off',
    });
    try {
      await migrateDatabase(database);
      const started = performance.now();
      const summary = await seedCity(database.db, {
        scale,
        uploadsDir: path.join(dir, 'uploads'),
        now: new Date(),
      });
      const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
      return await work({ database, dir, summary, seedSeconds });
    } finally {
      await database.close();
    }
  } finally {
    if (adminUrl) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The real app (production settings, simulators and logging off) listening on a free port. */
/**
 * Request logging as `npm start` ships it (level info, the server's redaction), written to a file
 * in the bench city's folder instead of a terminal. Bare routes measured beside the app get the
 * same logger, so the ratio compares the app's work, not the cost of logging.
 */
export function shippedLogging(city: BenchCity, file: string) {
  return { ...shippedLogger('info'), file: path.join(city.dir, file) };
}

/**
 * The real app as `npm start` starts it (its defaults: development settings with the simulators,
 * the shipped request logging), on a free port.
 */
export async function serveApp(
  city: BenchCity,
): Promise<{ base: string; close: () => Promise<void> }> {
  const config = loadConfig({ DATA_DIR: city.dir, LOG_LEVEL: 'info' });
  const app = await buildApp({
    config,
    database: city.database,
    logger: shippedLogging(city, 'app.log'),
  });
  // BENCH_PORT keeps the served app on a chosen port (a shared machine's agreed range); 0: any free one.
  const base = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  return { base: base.replace('localhost', '127.0.0.1'), close: () => app.close() };
}

/**
 * Drives `urls` (cycled) for `seconds` with 50 keep-alive connections from a child process;
 * `more` starts further along `urls` or asks for every request's time (`LoadJob`).
 */
export function drive(
  base: string,
  urls: string[],
  seconds: number,
  headers?: Record<string, string>,
  more: Pick<LoadJob, 'startAt' | 'keepTimes'> = {},
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--client'], { execArgv: process.execArgv });
    child.on('message', (message) => resolve(message as LoadResult));
    child.on('error', reject);
    child.send({ base, urls, seconds, connections: 50, headers, ...more });
  });
}

/**
 * One client process for several drives in turn (bench/read-mix.ts): its connections to each
 * base stay open between drives, so every drive after a base's first starts on warm
 * connections, as a crowd that keeps browsing does. `close` lets the process go.
 */
export function persistentDriver() {
  const child = fork(process.argv[1] ?? '', ['--client'], { execArgv: process.execArgv });
  let failed: ((error: Error) => void) | undefined;
  child.on('error', (error) => failed?.(error));
  let line: Promise<unknown> = Promise.resolve();
  const drive = (
    base: string,
    urls: string[],
    seconds: number,
    headers?: Record<string, string>,
    more: Pick<LoadJob, 'startAt' | 'keepTimes'> = {},
  ): Promise<LoadResult> => {
    const answer = line.then(
      () =>
        new Promise<LoadResult>((resolve, reject) => {
          failed = reject;
          child.once('message', (message) => resolve(message as LoadResult));
          child.send({ base, urls, seconds, connections: 50, headers, ...more, stay: true });
        }),
    );
    line = answer.catch(() => undefined);
    return answer;
  };
  return { drive, close: () => child.disconnect() };
}

/** The facts recorded with every result. */
export function machine() {
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(1)),
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
