// Every public read beside a bare Fastify route, one after the other in one run: second-hand
// search, project detail, project search, news lists and articles, map queries, the dashboard
// and the building table across many units. Each read is driven with requests as distinct as
// real visitors' (Zipf-drawn from pools of distinct queries, or every project, article and unit
// in turn) at 50 connections, right after the bare route is driven for as long, so each ratio
// compares two figures taken moments apart on a shared machine; the load average is recorded
// beside each. Server as `npm start` ships it (request logging at info, to a file; the bare route
// gets the same logger). Results: bench/RESULTS.md ("Every public read beside a bare route").
// Usage (in bench/): npx tsx read-mix.ts [pglite|postgres://…] [scale] [seconds] [port]
// (the bare route listens on port, the app on port + 1).
import { runClient } from './load-client';
import { listingSearchPool, random, uniqueSearches, zipfDraws } from './search-mix';

if (process.argv.includes('--client')) {
  await runClient();
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
  const { benchArgs, drive, machine, shippedLogging, withBenchCity } = await import('./harness');
  const { target, scale, seconds } = benchArgs({ scale: 1, seconds: 10 });
  const port = Number(process.argv[5] ?? 4101);
  await withBenchCity('read_mix', target, scale, async (city) => {
    const db = city.database.db;
    const bare = Fastify({ logger: shippedLogging(city, 'bare.log') });
    bare.get('/bare', async () => ({ code: '000000', data: null }));
    const bareBase = await bare.listen({ port, host: '127.0.0.1' });
    const config = loadConfig({ DATA_DIR: city.dir, LOG_LEVEL: 'info' });
    const app = await buildApp({
      config,
      database: city.database,
      logger: shippedLogging(city, 'app.log'),
    });
    const appBase = await app.listen({ port: port + 1, host: '127.0.0.1' });
    console.error(`seeded in ${city.seedSeconds} s; bare ${bareBase}, app ${appBase}`);

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
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const rows = [];
    try {
      for (const read of reads) {
        if (only && !only.some((name) => read.name.startsWith(name))) continue;
        answerListingSearchBySql(db, read.sqlOnly === 'listings');
        answerProjectSearchBySql(db, read.sqlOnly === 'projects');
        // Each read starts with nothing kept: the index row does not serve what the SQL row kept.
        invalidateProjectReads();
        const bareResult = await drive(bareBase, ['/bare'], seconds, browser);
        const readResult = await drive(appBase, read.urls, seconds, browser);
        answerListingSearchBySql(db, false);
        answerProjectSearchBySql(db, false);
        const ratio = readResult.requestsPerSecond / bareResult.requestsPerSecond;
        const row = {
          read: read.name,
          distinct: new Set(read.urls).size,
          bare: bareResult,
          result: readResult,
          ratio: Number(ratio.toFixed(3)),
          met: ratio >= read.target && readResult.p99Ms < 50,
          loadAverage: Number((loadavg()[0] ?? 0).toFixed(1)),
          uptime: uptime(),
          refused: app.publicReads.refused,
        };
        rows.push(row);
        console.error(
          `${read.name}: ${readResult.requestsPerSecond} req/s (p50 ${readResult.medianMs} / p99 ${readResult.p99Ms} ms, ${readResult.errors} errors) vs bare ${bareResult.requestsPerSecond} → ${(ratio * 100).toFixed(1)} % · load ${row.loadAverage}`,
        );
      }
      console.log(
        JSON.stringify({
          benchmark: 'read-mix',
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
      await app.close();
      await bare.close();
    }
  });
}
