// API performance budgets (docs: bench/README.md, results: bench/RESULTS.md).
// Run: npm run api-budgets -w @portal/bench -- [pglite|postgres://…] [scale=10] [seconds=8]
// Seeds a throw-away database at the given scale, serves the real app (production settings,
// logging off) and, in the same process, a bare Fastify route; then drives each endpoint from a
// forked child process with 50 keep-alive connections and reports throughput, median and p99,
// and each endpoint's throughput as a ratio to the bare route's.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/index';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { seedCity } from '../apps/server/src/seed/index';
import { runClient, type LoadResult } from './load-client';

/** Budgets at 50 connections on PostgreSQL (median and p99, milliseconds). */
const BUDGET = { medianMs: 30, p99Ms: 150 };

if (process.argv[2] === '--client') {
  await runClient();
} else {
  await main();
}

interface Scenario {
  name: string;
  urls: string[];
  headers?: Record<string, string>;
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? 'pglite';
  const scale = Number(process.argv[3] ?? '10');
  const seconds = Number(process.argv[4] ?? '8');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
  const dbName = `bench_api_${Date.now()}`;
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
    const summary = await seedCity(database.db, {
      scale,
      uploadsDir: path.join(dir, 'uploads'),
      now: new Date(),
    });
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SIMULATORS: 'false',
    });
    const app = await buildApp({ config, database, logger: false });
    const base = await listen(app);

    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ code: '000000', message: 'ok', data: null }));
    const bareBase = await listen(bare);

    const scenarios = await buildScenarios(base, database.db);
    const results: Record<string, LoadResult & { ratioToBare: number; withinBudget: boolean }> = {};
    const bareResult = await drive(bareBase, { name: 'bare', urls: ['/bare'] }, seconds);
    for (const scenario of scenarios) {
      const result = await drive(base, scenario, seconds);
      results[scenario.name] = {
        ...result,
        ratioToBare: Number((result.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)),
        withinBudget:
          result.errors === 0 && result.medianMs < BUDGET.medianMs && result.p99Ms < BUDGET.p99Ms,
      };
    }
    await app.close();
    await bare.close();
    await database.close();
    console.log(
      JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        database: database.kind,
        scale,
        projects: summary.counts.projects,
        rooms: summary.counts.rooms,
        node: process.version,
        cpus: cpus().length,
        loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(1)),
        connections: 50,
        seconds,
        budget: BUDGET,
        bare: bareResult,
        endpoints: results,
      }),
    );
  } finally {
    if (adminUrl) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function listen(server: {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
}): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

type BenchDb = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The endpoints of the budget, with URLs spread over the seeded data. */
async function buildScenarios(base: string, db: BenchDb): Promise<Scenario[]> {
  const buildings = (
    (await db.execute(sql`select id from buildings order by id limit 200`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((b) => `/api/building-table/buildings/${b.id}/rooms`);

  const districts = ['', 'HGQ', 'BDH', 'SHG', 'FN', 'CL', 'LL', 'QL', 'KFQ', 'BDHXQ'];
  const search = districts.flatMap((areaCode) =>
    [1, 2, 3].map((pageNum) => `/api/projects?pageNum=${pageNum}&areaCode=${areaCode}`),
  );
  const map = districts.map((areaCode) => `/api/map/clusters?areaCode=${areaCode}`);
  const news = [1, 2, 3, 4, 5].flatMap((pageNum) =>
    ['1', '2', '3'].map((type) => `/api/news?pageNum=${pageNum}&type=${type}`),
  );

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: '13800000001', password: 'Demo@2026' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const mine = await fetch(`${base}/api/orders?pageSize=10`, { headers });
  const orders = ((await mine.json()) as { data: { list: { id: number }[] } }).data.list;

  return [
    { name: 'projectSearch', urls: search },
    { name: 'buildingTableFloors', urls: buildings },
    { name: 'mapOverview', urls: map },
    { name: 'newsList', urls: news },
    { name: 'orderDetail', urls: orders.map((o) => `/api/orders/${o.id}`), headers },
  ];
}

function drive(base: string, scenario: Scenario, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--client'], { execArgv: process.execArgv });
    child.on('message', (message) => resolve(message as LoadResult));
    child.on('error', reject);
    child.send({
      base,
      urls: scenario.urls,
      seconds,
      connections: 50,
      headers: scenario.headers,
    });
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
