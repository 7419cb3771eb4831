// Load benchmark of the map search (GET /api/map/clusters and /api/map/markers, and the reads of
// the visible area: /api/map/view/*, /api/map/listings/*) on 10× the city.
// Run: npm run map-queries -w @portal/bench -- [pglite|postgres://…] [scale=10] [seconds=10]
// Seeds a throw-away database of its own (bench_map_<time>, dropped afterwards; no other database
// is touched), serves the real app on a free port and drives it from a child process (so client
// and server do not share an event loop) with 50 keep-alive connections. Each mix runs twice:
// with the read cache as in production (its hit rate reported), then with it switched off, so
// every request runs its SQL statement and the database cost itself is measured.
import { projectReadCacheStats, setProjectReadCaching } from '../apps/server/src/lib/read-cache';
import { selectClusters, selectMarkers } from '../apps/server/src/modules/map/map.queries';
import { benchArgs, drive, machine, serveApp, withBenchCity } from './harness';
import { type LoadResult, runClient } from './load-client';

/** Deterministic pseudo-random numbers, so every run asks the same questions. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const DISTRICTS = ['', 'HGQ', 'BDH', 'SHG', 'FN', 'CL', 'LL', 'QL', 'KFQ', 'BDHXQ'];
const PRICES = ['', '1', '2', '3', '4'];
const PURPOSES = ['', '5', '1', '6'];
const AREAS = ['', '2', '3', '4'];

/** Every overview filter combination (district × price × purpose × area), shuffled. */
function overviewUrls(): string[] {
  const urls: string[] = [];
  for (const areaCode of DISTRICTS)
    for (const priceScope of PRICES)
      for (const properties of PURPOSES)
        for (const buildAreaScope of AREAS)
          urls.push(
            `/api/map/clusters?${new URLSearchParams({ areaCode, priceScope, properties, buildAreaScope })}`,
          );
  const random = generator(7);
  return urls.sort(() => random() - 0.5);
}

/**
 * Viewports of a zoom-12 map (about 0.35° × 0.2°) panned across the city, each with one filter
 * or none: 6,000 distinct boxes. The server widens each box to its 0.05° grid for the query and
 * the cache key, so with the cache on many of them share one answer (see the reported hit rate).
 */
function viewportUrls(): string[] {
  const random = generator(11);
  const urls: string[] = [];
  for (let i = 0; i < 6000; i += 1) {
    const west = 118.8 + random() * 1.0;
    const south = 39.6 + random() * 0.6;
    const box = [west, south, west + 0.35, south + 0.2].map((v) => v.toFixed(4)).join(',');
    const filter = i % 3 === 0 ? `&priceScope=${1 + (i % 4)}` : i % 3 === 1 ? `&properties=5` : '';
    urls.push(`/api/map/markers?bbox=${box}${filter}`);
  }
  return urls;
}

/**
 * The reads that follow the view (docs/decisions/0056-map-follows-the-view.md), over the same
 * 6,000 zoom-12 boxes: the list of projects in view with its count, and the second-hand layer's
 * markers and list (sale and rent in turn); and zoom-11 boxes (0.7° × 0.4°) for the clusters.
 */
function viewUrls(): string[] {
  return viewportUrls().flatMap((url, i) => {
    const bbox = new URL(url, 'http://x').searchParams.get('bbox') ?? '';
    const [w, s] = bbox.split(',').map(Number);
    const wide = [w ?? 0, s ?? 0, (w ?? 0) + 0.7, (s ?? 0) + 0.4]
      .map((v) => v.toFixed(4))
      .join(',');
    const type = 1 + (i % 2);
    return [
      `/api/map/view/projects?bbox=${bbox}`,
      `/api/map/view/clusters?bbox=${wide}`,
      `/api/map/listings/markers?type=${type}&bbox=${bbox}`,
      `/api/map/listings?type=${type}&bbox=${bbox}`,
      `/api/map/listings/clusters?type=${type}&bbox=${wide}`,
    ];
  });
}

/** One load mix, with the share of its reads the project read caches answered from memory. */
async function mix(base: string, urls: string[], seconds: number) {
  const before = projectReadCacheStats();
  const load: LoadResult = await drive(base, urls, seconds);
  const after = projectReadCacheStats();
  const hits = after.hits - before.hits;
  const reads = hits + after.misses - before.misses;
  return { ...load, cacheHitRate: reads ? Number((hits / reads).toFixed(3)) : 0 };
}

async function main(): Promise<void> {
  const { target, scale, seconds } = benchArgs({ scale: 10, seconds: 10 });
  const result = await withBenchCity('map', target, scale, async (city) => {
    const direct = await timeQueries(city.database.db);
    const app = await serveApp(city);
    const cached = {
      overview: await mix(app.base, overviewUrls(), seconds),
      viewport: await mix(app.base, viewportUrls(), seconds),
      view: await mix(app.base, viewUrls(), seconds),
    };
    setProjectReadCaching(false);
    const uncached = {
      overview: await mix(app.base, overviewUrls(), seconds),
      viewport: await mix(app.base, viewportUrls(), seconds),
      view: await mix(app.base, viewUrls(), seconds),
    };
    setProjectReadCaching(true);
    await app.close();
    return {
      database: city.database.kind,
      scale,
      projects: city.summary.counts.projects,
      seedSeconds: city.seedSeconds,
      directQueryMs: direct,
      cached,
      uncached,
    };
  });
  console.log(JSON.stringify({ ...machine(), ...result }));
}

/** Median and p99 of the two statements alone (no HTTP, no cache), 300 of each in turn. */
async function timeQueries(db: Parameters<typeof selectClusters>[0]) {
  const measure = async (urls: string[], run: (params: URLSearchParams) => Promise<unknown>) => {
    const times: number[] = [];
    for (const item of urls.slice(0, 300)) {
      const params = new URL(item, 'http://x').searchParams;
      const started = performance.now();
      await run(params);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2));
    return { median: at(0.5), p99: at(0.99) };
  };
  const filterOf = (params: URLSearchParams) => ({
    areaCode: (params.get('areaCode') || undefined) as 'HGQ' | undefined,
    priceScope: (params.get('priceScope') || undefined) as '1' | undefined,
    properties: (params.get('properties') || undefined) as '1' | undefined,
    buildAreaScope: (params.get('buildAreaScope') || undefined) as '1' | undefined,
  });
  return {
    clusters: await measure(overviewUrls(), (params) => selectClusters(db, filterOf(params))),
    markers: await measure(viewportUrls(), (params) => {
      const [w, s, e, n] = (params.get('bbox') ?? '').split(',').map(Number);
      return selectMarkers(db, filterOf(params), [w ?? 0, s ?? 0, e ?? 0, n ?? 0]);
    }),
  };
}

if (process.argv[2] === '--client') {
  await runClient();
} else {
  await main();
}
