// API performance budgets (docs: bench/README.md, results: bench/RESULTS.md).
// Run: npm run api-budgets -w @portal/bench -- [postgres://…|pglite] [scales=1,10] [seconds=8]
// For each scale: seeds a throw-away database of its own (bench_api_<scale>_<time>, dropped
// afterwards; no other database is touched), serves the real app as `npm start` starts
// it (its defaults, request logging as shipped, to a file) and, in the same process, a bare Fastify route with the same
// logger; drives each endpoint from a forked child process with 50 keep-alive connections;
// reports throughput, median and p99, and each endpoint's throughput as a ratio to the bare
// route's measured in the same run.
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { type BenchCity, drive, machine, serveApp, shippedLogging, withBenchCity } from './harness';
import { type LoadResult, runClient } from './load-client';

/** Budgets at 50 connections on PostgreSQL (median and p99, milliseconds), at every scale. */
const BUDGET = { medianMs: 30, p99Ms: 150 };

interface Scenario {
  name: string;
  urls: string[];
  headers?: Record<string, string>;
}

interface Measured extends LoadResult {
  ratioToBare: number;
  withinBudget: boolean;
}

if (process.argv[2] === '--client') {
  await runClient();
} else {
  await main();
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scales = (process.argv[3] ?? '1,10').split(',').map(Number);
  const seconds = Number(process.argv[4] ?? '8');
  const runs = [];
  for (const scale of scales) {
    runs.push(await withBenchCity(`api_${scale}`, target, scale, (city) => measure(city, seconds)));
  }
  for (const run of runs) console.log(JSON.stringify(run));
  console.log(markdownTable(runs));
  if (runs.some((run) => Object.values(run.endpoints).some((e) => !e.withinBudget))) {
    process.exitCode = 1;
  }
}

async function measure(city: BenchCity, seconds: number) {
  const server = await serveApp(city);
  const bare = Fastify({ logger: shippedLogging(city, 'bare.log') });
  bare.get('/bare', async () => ({ code: '000000', message: 'ok', data: null }));
  const bareBase = (await bare.listen({ port: 0, host: '127.0.0.1' })).replace(
    'localhost',
    '127.0.0.1',
  );
  try {
    const scenarios = await buildScenarios(server.base, city);
    const bareResult = await drive(bareBase, ['/bare'], seconds);
    const endpoints: Record<string, Measured> = {};
    for (const scenario of scenarios) {
      const result = await drive(server.base, scenario.urls, seconds, scenario.headers);
      endpoints[scenario.name] = {
        ...result,
        ratioToBare: Number((result.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)),
        withinBudget:
          result.errors === 0 && result.medianMs < BUDGET.medianMs && result.p99Ms < BUDGET.p99Ms,
      };
    }
    return {
      ...machine(),
      database: city.database.kind,
      scale: city.summary.scale,
      projects: city.summary.counts.projects,
      rooms: city.summary.counts.rooms,
      seedSeconds: city.seedSeconds,
      connections: 50,
      seconds,
      budget: BUDGET,
      bare: bareResult,
      endpoints,
    };
  } finally {
    await server.close();
    await bare.close();
  }
}

async function ids(city: BenchCity, query: SQL): Promise<number[]> {
  const result = (await city.database.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

/** The endpoints of the budget, with URLs spread over the seeded data. */
async function buildScenarios(base: string, city: BenchCity): Promise<Scenario[]> {
  const buildings = await ids(
    city,
    sql`select b.id from buildings b join projects p on p.id = b.project_id
        where p.publish_status = 3 order by b.id limit 400`,
  );
  const districts = ['', 'HGQ', 'BDH', 'SHG', 'FN', 'CL', 'LL', 'QL', 'KFQ', 'BDHXQ'];
  const search = districts.flatMap((areaCode) =>
    ['', '1', '2', '3'].flatMap((priceScope) =>
      [1, 2].map(
        (pageNum) =>
          `/api/projects?${new URLSearchParams({ areaCode, priceScope, pageNum: String(pageNum) })}`,
      ),
    ),
  );
  const news = [1, 2, 3, 4, 5].flatMap((pageNum) =>
    ['', '1', '2', '3'].map((newsType) => `/api/news?pageNum=${pageNum}&newsType=${newsType}`),
  );

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: '13800000001', password: 'Demo@2026' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const mine = await fetch(`${base}/api/orders?pageSize=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const orders = ((await mine.json()) as { data: { list: { id: number }[] } }).data.list;

  return [
    { name: 'projectSearch', urls: search },
    {
      name: 'buildingTableFloors',
      urls: buildings.map((id) => `/api/building-table/buildings/${id}/rooms`),
    },
    { name: 'mapOverview', urls: districts.map((code) => `/api/map/clusters?areaCode=${code}`) },
    { name: 'newsList', urls: news },
    {
      name: 'orderDetail',
      urls: orders.map((o) => `/api/orders/${o.id}`),
      headers: { authorization: `Bearer ${token}` },
    },
  ];
}

type Run = Awaited<ReturnType<typeof measure>>;

/** The results as the table recorded in RESULTS.md. */
function markdownTable(runs: Run[]): string {
  const lines = [
    '| scale | endpoint | req/s | median ms | p99 ms | errors | ratio to bare | within budget |',
    '| ----: | -------- | ----: | --------: | -----: | -----: | ------------: | :-----------: |',
  ];
  for (const run of runs) {
    const { bare } = run;
    lines.push(
      `| ${run.scale} | bare Fastify route | ${bare.requestsPerSecond} | ${bare.medianMs} | ${bare.p99Ms} | ${bare.errors} | 1 | |`,
    );
    for (const [name, e] of Object.entries(run.endpoints)) {
      lines.push(
        `| ${run.scale} | ${name} | ${e.requestsPerSecond} | ${e.medianMs} | ${e.p99Ms} | ${e.errors} | ${e.ratioToBare} | ${e.withinBudget ? 'yes' : 'no'} |`,
      );
    }
  }
  return lines.join('\n');
}
