// Every public read beside a bare Fastify route, one after the other in one run: second-hand
// search, project detail, project search, news lists and articles, map queries, the dashboard
// and the building table across many units. Each read is driven with requests as distinct as
// real visitors' (Zipf-drawn from pools of distinct queries, or every project, article and unit
// in turn) at 50 connections, in turns with the bare route (slices of SLICE_SECONDS, 2 by
// default, until each has had its seconds), so each ratio compares figures taken moments apart
// on a shared machine whose speed drifts; the load average is recorded beside each. One client
// process drives them all and keeps its connections open between slices, as a crowd that goes
// on browsing does. Server as `npm start` ships it (request logging at info, to a file; the bare route
// gets the same logger). A few deposit orders run beside every read (ORDERS_PER_SECOND, 4 by
// default; 0 = none) from an order client in a process of its own (bench/order-stream.ts), and
// alone before the first read and after the last, so each row also says what that read's load
// cost an order: the orders' p50 / p99 beside it against alone.
// Results: bench/RESULTS.md ("Every public read beside a bare route").
// Usage (in bench/): npx tsx read-mix.ts [pglite|postgres://…] [scale] [seconds] [port]
// (the bare route listens on port, the app on port + 1).
import type { Queryable } from './crowd';
import { type LoadResult, msAt, runClient } from './load-client';
import { type OrderClientAnswer, type OrderClientMessage, runOrderClient } from './order-stream';
import { listingSearchPool, random, uniqueSearches, zipfDraws } from './search-mix';

if (process.argv.includes('--client')) {
  await runClient();
} else if (process.argv.includes('--orders-client')) {
  await runOrderClient();
} else {
  const { loadavg } = await import('node:os');
  const { execFileSync } = await import('node:child_process');
  const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
  const { sql } = await import('drizzle-orm');
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config/index');
  const { selectRows } = await import('../apps/server/src/db/sql-rows');
  const { answerListingSearchBySql } =
    await import('../apps/server/src/modules/listings/listing-search-index');
  const { answerProjectSearchBySql } =
    await import('../apps/server/src/modules/projects/projects.service');
  const { invalidateProjectReads } = await import('../apps/server/src/lib/read-cache');
  const { benchArgs, machine, persistentDriver, shippedLogging, withBenchCity } =
    await import('./harness');
  const { insertBuyerAccounts, quantile, summary } = await import('./crowd');
  /** Several drives of one kind as one: their requests over their time, their times pooled. */
  const pooled = (results: LoadResult[]): LoadResult => {
    const times = results.flatMap((result) => result.times ?? []).sort((a, b) => a - b);
    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    const seconds = results.reduce(
      (sum, result) => sum + result.requests / Math.max(1, result.requestsPerSecond),
      0,
    );
    return {
      requests,
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      requestsPerSecond: Math.round(requests / Math.max(seconds, 1e-3)),
      medianMs: msAt(times, 0.5),
      p99Ms: msAt(times, 0.99),
      cpuSeconds: Number(results.reduce((sum, result) => sum + result.cpuSeconds, 0).toFixed(1)),
      nice: results[0]?.nice ?? 0,
      nextIndex: results.at(-1)?.nextIndex ?? 0,
    };
  };
  /** The driver's own client under drizzle (node-postgres's pool or PGlite): `query(text, params)`. */
  const clientOf = (handle: object) => (handle as { $client: Queryable }).$client;
  const { fork } = await import('node:child_process');
  const { GREEN_ROOMS_SQL, REST_MS } = await import('./order-stream');
  const { target, scale, seconds } = benchArgs({ scale: 1, seconds: 10 });
  const port = Number(process.argv[5] ?? 4101);
  await withBenchCity('read_mix', target, scale, async (city) => {
    const db = city.database.db;
    const bare = Fastify({ logger: shippedLogging(city, 'bare.log') });
    bare.get('/bare', async () => ({ code: '000000', data: null }));
    const bareBase = await bare.listen({ port, host: '127.0.0.1' });
    // Behind the (simulated) proxy, so each buyer's orders count against their own address.
    const config = loadConfig({ DATA_DIR: city.dir, LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' });
    const app = await buildApp({
      config,
      database: city.database,
      logger: shippedLogging(city, 'app.log'),
    });
    const appBase = await app.listen({ port: port + 1, host: '127.0.0.1' });
    console.error(`seeded in ${city.seedSeconds} s; bare ${bareBase}, app ${appBase}`);

    // The order client: verified buyers (registered here, made ready through the API there).
    const ordersPerSecond = Number(process.env.ORDERS_PER_SECOND ?? 4);
    const password = 'Read-mix-2026';
    const buyerCount = 300;
    const orderClient =
      ordersPerSecond > 0 ? fork(process.argv[1] ?? '', ['--orders-client']) : null;
    const ask = (message: OrderClientMessage) =>
      new Promise<OrderClientAnswer>((resolve) => {
        orderClient?.once('message', (answer) => resolve(answer as OrderClientAnswer));
        orderClient?.send(message);
      });
    const orderStretch = async (stretchSeconds: number) => {
      const answer = await ask({ kind: 'orders', seconds: stretchSeconds, ordersPerSecond });
      return answer.kind === 'orders' ? answer : null;
    };
    let prepareSeconds = 0;
    if (orderClient) {
      const phones = Array.from(
        { length: buyerCount },
        (_, i) => `1980${String(i).padStart(7, '0')}`,
      );
      await insertBuyerAccounts(clientOf(db), phones, password);
      const rooms = (await selectRows<{ id: number }>(db, sql.raw(GREEN_ROOMS_SQL))).map((row) =>
        Number(row.id),
      );
      const prepared = await ask({
        kind: 'prepare',
        base: appBase,
        buyers: buyerCount,
        password,
        rooms,
      });
      prepareSeconds = prepared.kind === 'prepared' ? prepared.seconds : 0;
      // A warm-up without measuring: the first orders of a fresh process compile the paths.
      await orderStretch(5);
      await new Promise((resolve) => setTimeout(resolve, REST_MS));
    }
    const ordersAlone: number[] = [];

    const next = random(52);
    const shuffled = <T>(items: T[]) => [...items].sort(() => next() - 0.5);
    const projectIds = (
      await selectRows<{ id: number }>(db, sql`select id from projects where publish_status = 3`)
    ).map((row) => row.id);
    const articleIds = (
      await selectRows<{ id: number }>(db, sql`select id from news where news_state = 3`)
    ).map((row) => row.id);
    const units = await selectRows<{ building_id: number; unit_name: string }>(
      db,
      sql`select r.building_id, r.unit_name from rooms r
          join buildings b on b.id = r.building_id join projects p on p.id = b.project_id
          where p.publish_status = 3 and b.licence_id is not null
          group by r.building_id, r.unit_name order by count(*) desc limit 80`,
    );
    const districts = ['', 'HGQ', 'BDH', 'SHG', 'FN', 'CL', 'LL', 'QL', 'KFQ', 'BDHXQ'];
    const mapPool: string[] = [];
    for (const areaCode of districts)
      for (const priceScope of ['', '1', '2', '3', '4'])
        for (const properties of ['', '5', '1']) {
          const filter = new URLSearchParams({ areaCode, priceScope, properties }).toString();
          mapPool.push(`/api/map/clusters?${filter}`);
          for (const pageNum of [1, 2, 3])
            mapPool.push(`/api/map/projects?${filter}&pageNum=${pageNum}`);
        }
    for (let i = 0; i < 1500; i += 1) {
      const west = 118.8 + next() * 1.0;
      const south = 39.6 + next() * 0.6;
      const box = [west, south, west + 0.35, south + 0.2].map((v) => v.toFixed(4)).join(',');
      mapPool.push(`/api/map/markers?bbox=${box}`);
    }
    const newsPool: string[] = [];
    for (const newsType of ['', '1', '2', '3'])
      for (const pageNum of [1, 2, 3, 4, 5])
        newsPool.push(`/api/news?newsType=${newsType}&pageNum=${pageNum}`);
    newsPool.push('/api/news/headlines');
    const dashboard: string[] = [
      '/api/analytics/new-listings',
      '/api/analytics/counters',
      '/api/analytics/intent-districts',
    ];
    for (const areaCode of districts)
      for (const read of ['deals', 'intent-pies', 'listing-prices'])
        dashboard.push(`/api/analytics/${read}${areaCode ? `?areaCode=${areaCode}` : ''}`);

    const searches = zipfDraws(listingSearchPool(3000), 60_000);
    const projectSearches = zipfDraws(uniqueSearches(), 60_000);
    const reads: Array<{
      name: string;
      urls: string[];
      target: number;
      /** The search answered by SQL (with kept answers), as before its in-process index. */
      sqlOnly?: 'listings' | 'projects';
    }> = [
      // Before: the SQL path with its kept answers, as before the in-process index.
      { name: 'second-hand search by SQL', urls: searches, target: 0.3, sqlOnly: 'listings' },
      { name: 'second-hand search', urls: searches, target: 0.3 },
      {
        name: 'project detail',
        urls: shuffled(projectIds).map((id) => `/api/projects/${id}`),
        target: 0.3,
      },
      { name: 'project search by SQL', urls: projectSearches, target: 0.3, sqlOnly: 'projects' },
      { name: 'project search', urls: projectSearches, target: 0.3 },
      { name: 'news lists', urls: zipfDraws(newsPool, 20_000), target: 0.3 },
      {
        name: 'news articles',
        urls: shuffled(articleIds).map((id) => `/api/news/${id}`),
        target: 0.3,
      },
      { name: 'map queries', urls: zipfDraws(shuffled(mapPool), 60_000), target: 0.3 },
      { name: 'dashboard', urls: shuffled(dashboard), target: 0.3 },
      {
        name: `building table (${units.length} units)`,
        urls: shuffled(units).map(
          (u) =>
            `/api/building-table/buildings/${u.building_id}/rooms?unit=${encodeURIComponent(u.unit_name)}`,
        ),
        target: 0.5,
      },
    ];
    const only = process.env.READS?.split(',');
    /** Orders with no read load, before the first read and after the last. */
    const ordersWithoutReads = async () => {
      if (!orderClient) return;
      const alone = await orderStretch(seconds * 2);
      ordersAlone.push(...(alone?.createdMs ?? []));
      console.error(`orders alone: ${JSON.stringify(alone?.summary)}`);
    };
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    // One client for the whole run: its connections to the bare route and to the app stay open.
    const driver = persistentDriver();
    /**
     * The bare route and a read driven in turns, a slice of SLICE_SECONDS (2) each, until each
     * has had `seconds`: a host whose speed drifts from one minute to the next (a shared
     * machine's does) then weighs on both alike. The read goes on along its URLs from slice to
     * slice; its requests, times and the orders beside it are pooled over its slices. Before
     * the first slice the read is warmed up for WARM_SECONDS (1; 0 = none).
     */
    const inTurns = async (urls: string[]) => {
      const slice = Math.min(seconds, Number(process.env.SLICE_SECONDS ?? 2));
      const slices = Math.max(1, Math.round(seconds / slice));
      const bare: LoadResult[] = [];
      const read: LoadResult[] = [];
      const createdMs: number[] = [];
      const outcomes: Record<string, number> = {};
      // Not measured: a second of the read from the middle of its URLs, so that its code is
      // compiled and its kept answers are those of a server that has been up (the first cold
      // slice of the building table gave a third of the later ones' req/s).
      const warm = Number(process.env.WARM_SECONDS ?? 1);
      if (warm > 0) {
        await driver.drive(appBase, urls, warm, browser, { startAt: Math.floor(urls.length / 2) });
      }
      let startAt = 0;
      for (let i = 0; i < slices; i += 1) {
        bare.push(await driver.drive(bareBase, ['/bare'], slice, browser, { keepTimes: true }));
        const [answered, stretch] = await Promise.all([
          driver.drive(appBase, urls, slice, browser, { startAt, keepTimes: true }),
          orderClient ? orderStretch(slice) : null,
        ]);
        read.push(answered);
        startAt = answered.nextIndex;
        createdMs.push(...(stretch?.createdMs ?? []));
        for (const [code, count] of Object.entries(stretch?.outcomes ?? {})) {
          outcomes[code] = (outcomes[code] ?? 0) + count;
        }
      }
      const sorted = [...createdMs].sort((a, b) => a - b);
      return {
        slices: {
          bare: bare.map((result) => result.requestsPerSecond),
          read: read.map((result) => result.requestsPerSecond),
        },
        bareResult: pooled(bare),
        readResult: pooled(read),
        orders: orderClient ? { summary: summary(sorted), outcomes } : null,
      };
    };
    const rows = [];
    try {
      await ordersWithoutReads();
      for (const read of reads) {
        if (only && !only.some((name) => read.name.startsWith(name))) continue;
        answerListingSearchBySql(db, read.sqlOnly === 'listings');
        answerProjectSearchBySql(db, read.sqlOnly === 'projects');
        // Each read starts with nothing kept: the index row does not serve what the SQL row kept.
        invalidateProjectReads();
        const { slices, bareResult, readResult, orders } = await inTurns(read.urls);
        answerListingSearchBySql(db, false);
        answerProjectSearchBySql(db, false);
        const ratio = readResult.requestsPerSecond / bareResult.requestsPerSecond;
        const row = {
          read: read.name,
          distinct: new Set(read.urls).size,
          bare: bareResult,
          result: readResult,
          slices,
          ratio: Number(ratio.toFixed(3)),
          met: ratio >= read.target && readResult.p99Ms < 50,
          loadAverage: Number((loadavg()[0] ?? 0).toFixed(1)),
          uptime: uptime(),
          refused: app.publicReads.refused,
          ordersBeside: orders ? { ...orders.summary, outcomes: orders.outcomes } : null,
        };
        rows.push(row);
        console.error(
          `${read.name}: ${readResult.requestsPerSecond} req/s (p50 ${readResult.medianMs} / p99 ${readResult.p99Ms} ms, ${readResult.errors} errors) vs bare ${bareResult.requestsPerSecond} → ${(ratio * 100).toFixed(1)} % · load ${row.loadAverage} · slices ${JSON.stringify(slices)}`,
        );
      }
      await ordersWithoutReads();
      const alone = [...ordersAlone].sort((a, b) => a - b);
      const aloneSummary = { ...summary(alone), p90: quantile(alone, 0.9) };
      for (const row of rows) {
        if (!row.ordersBeside) continue;
        const { p50, p99 } = row.ordersBeside;
        Object.assign(row.ordersBeside, {
          p50ToAlone:
            p50 !== null && aloneSummary.p50 ? Number((p50 / aloneSummary.p50).toFixed(2)) : null,
          p99ToAlone:
            p99 !== null && aloneSummary.p99 ? Number((p99 / aloneSummary.p99).toFixed(2)) : null,
        });
      }
      console.log(
        JSON.stringify({
          benchmark: 'read-mix',
          orders: orderClient
            ? { ordersPerSecond, buyers: buyerCount, prepareSeconds, alone: aloneSummary }
            : 'none',
          target: target.startsWith('postgres') ? 'postgres' : 'pglite',
          scale,
          seconds,
          connections: 50,
          logging: 'info (as shipped), to a file',
          reads: rows,
          machine: machine(),
        }),
      );
    } finally {
      orderClient?.disconnect();
      driver.close();
      await app.close();
      await bare.close();
    }
  });
}
