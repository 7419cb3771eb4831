// Load benchmark of the new-house search (GET /api/projects) on 10× the demo city.
// Run: npm run project-search -w @portal/bench -- [pglite|postgres://…] [scale=10] [seconds=10]
// Seeds a throw-away database, serves the real app on a free port and drives it from a child
// process (so client and server do not share an event loop) with 50 keep-alive connections.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/index';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { searchProjectRows } from '../apps/server/src/modules/projects/project-search.queries';
import { seedCity } from '../apps/server/src/seed/index';
import { runClient, type LoadResult } from './load-client';
import { searchMix, uniqueSearches } from './search-mix';

if (process.argv[2] === '--client') {
  await runClient();
} else {
  await main();
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? 'pglite';
  const scale = Number(process.argv[3] ?? '10');
  const seconds = Number(process.argv[4] ?? '10');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-search-'));
  const dbName = `bench_search_${Date.now()}`;
  const adminUrl = target.startsWith('postgres') ? target : null;
  if (adminUrl) await admin(adminUrl, `create database ${dbName}`);
  const url = adminUrl ? adminUrl.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  try {
    const database = await openDatabase({
      url,
      dataDir: url ? undefined : path.join(dir, 'db'),
      poolSize: 20,
    });
    await migrateDatabase(database);
    const seedStart = performance.now();
    const summary = await seedCity(database.db, { scale, uploadsDir: path.join(dir, 'uploads') });
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const direct = await timeQueries(database.db);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SIMULATORS: 'false',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;

    const mixed = await drive(base, searchMix(), seconds);
    const cold = await drive(base, uniqueSearches(), seconds);
    await app.close();
    await database.close();
    console.log(
      JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        database: database.kind,
        scale,
        projects: summary.counts.projects,
        node: process.version,
        cpus: cpus().length,
        loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(1)),
        seedSeconds: Number(seedSeconds.toFixed(1)),
        directQueryMs: direct,
        repeatedMix: mixed,
        uniqueSearches: cold,
      }),
    );
  } finally {
    if (adminUrl) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median and p99 of the search statement alone (no HTTP, no cache), over the unique mix. */
async function timeQueries(db: Parameters<typeof searchProjectRows>[0]) {
  const times: number[] = [];
  for (const url of uniqueSearches().slice(0, 400)) {
    const params = Object.fromEntries(new URL(url, 'http://x').searchParams);
    const started = performance.now();
    await searchProjectRows(db, {
      pageNum: Number(params.pageNum ?? 1),
      pageSize: 20,
      sortType: (params.sortType ?? '1') as '1',
      keyword: params.keyword,
      areaCode: params.areaCode as 'HGQ' | undefined,
      priceScope: params.priceScope as '1' | undefined,
      bedroom: params.bedroom as '1' | undefined,
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2));
  return { median: at(0.5), p99: at(0.99) };
}

function drive(base: string, urls: string[], seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--client'], { execArgv: process.execArgv });
    child.on('message', (message) => resolve(message as LoadResult));
    child.on('error', reject);
    child.send({ base, urls, seconds, connections: 50 });
  });
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
