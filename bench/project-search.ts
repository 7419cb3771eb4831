// Load benchmark of the new-house search (GET /api/projects) on 10× the demo city.
// Run: npm run project-search -w @portal/bench -- [pglite|postgres://…] [scale=10] [seconds=10]
// Seeds a throw-away database, serves the real app on a free port and drives it from a child
// process (so client and server do not share an event loop) with 50 keep-alive connections.
import { searchProjectRows } from '../apps/server/src/modules/projects/project-search.queries';
import { benchArgs, drive, machine, serveApp, withBenchCity } from './harness';
import { runClient } from './load-client';
import { searchMix, uniqueSearches } from './search-mix';

if (process.argv[2] === '--client') {
  await runClient();
} else {
  await main();
}

async function main(): Promise<void> {
  const { target, scale, seconds } = benchArgs({ scale: 10, seconds: 10 });
  const result = await withBenchCity('search', target, scale, async (city) => {
    const direct = await timeQueries(city.database.db);
    const app = await serveApp(city);
    const mixed = await drive(app.base, searchMix(), seconds);
    const cold = await drive(app.base, uniqueSearches(), seconds);
    await app.close();
    return {
      database: city.database.kind,
      scale,
      projects: city.summary.counts.projects,
      seedSeconds: city.seedSeconds,
      directQueryMs: direct,
      repeatedMix: mixed,
      uniqueSearches: cold,
    };
  });
  console.log(JSON.stringify({ ...machine(), ...result }));
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
