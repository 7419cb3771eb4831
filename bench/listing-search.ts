// Second-hand search (GET /api/listings) under load, beside a bare Fastify route in the same run,
// both with request logging as `npm start` ships it (level info, to a file), and the ratio of
// the two reported. Visitors' searches are distinct where real traffic is: sale and rent,
// districts, price bands, layouts, keywords, sorts and pages 1–4, drawn from a pool of a few
// thousand with a popular few asked most (Zipf), so most requests repeat someone's search and
// a good share are asked for the first time.
// Usage: npx tsx listing-search.ts [pglite|postgres://…] [scale] [seconds] [port]
// (the bare route listens on port, the app on port + 1).
// The server is imported only by the parent: the forked load client starts at once and is
// listening for its job before the parent sends it.
import { runClient } from './load-client';
import { listingSearchPool, zipfDraws } from './search-mix';

if (process.argv.includes('--client')) {
  await runClient();
} else {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config/index');
  const { listingSearchIndexes } =
    await import('../apps/server/src/modules/listings/listing-search-index');
  const { benchArgs, drive, machine, shippedLogging, withBenchCity } = await import('./harness');
  const { target, scale, seconds } = benchArgs({ scale: 1, seconds: 15 });
  const port = Number(process.argv[5] ?? 3901);
  await withBenchCity('listing_search', target, scale, async (city) => {
    const bare = Fastify({ logger: shippedLogging(city, 'bare.log') });
    bare.get('/bare', async () => ({ code: '000000', data: null }));
    const bareBase = await bare.listen({ port, host: '127.0.0.1' });
    console.error(`seeded in ${city.seedSeconds} s; bare route at ${bareBase}`);
    // `npm start` defaults: development settings with the simulators, request logging at info.
    const config = loadConfig({ DATA_DIR: city.dir, LOG_LEVEL: 'info' });
    const app = await buildApp({
      config,
      database: city.database,
      logger: shippedLogging(city, 'app.log'),
    });
    const appBase = await app.listen({ port: port + 1, host: '127.0.0.1' });
    console.error(`app at ${appBase}`);
    const pool = listingSearchPool(3000);
    const urls = zipfDraws(pool, 60_000);
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    try {
      const bareResult = await drive(bareBase, ['/bare'], seconds, browser);
      console.error(`bare: ${JSON.stringify(bareResult)}`);
      // The search answers from its in-process index (docs/decisions/0061): its reads of the
      // database are the index's reads, one per search version (and per minute at most).
      const kept = listingSearchIndexes(city.database.db);
      const before = { searches: kept.searches, reads: kept.reads };
      const searchResult = await drive(appBase, urls, seconds, browser);
      const asked = new Set(urls.slice(0, searchResult.requests)).size;
      const first = { searches: kept.searches, reads: kept.reads };
      // The same visitors' searches again at once: most answers are kept now (within their age),
      // so this pass shows the kept path's own cost beside the first pass's share of new ones.
      const warmResult = await drive(appBase, urls, seconds, browser);
      console.log(
        JSON.stringify({
          benchmark: 'listing-search',
          target: target.startsWith('postgres') ? 'postgres' : 'pglite',
          scale,
          seconds,
          connections: 50,
          logging: 'info (as shipped), to a file',
          pool: pool.length,
          distinctAsked: asked,
          bare: bareResult,
          search: searchResult,
          searchAgain: warmResult,
          indexAgain: {
            searches: kept.searches - first.searches,
            reads: kept.reads - first.reads,
          },
          index: {
            searches: first.searches - before.searches,
            reads: first.reads - before.reads,
            listings: kept.kept?.size ?? 0,
          },
          ratio: Number((searchResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)),
          target30PercentMet:
            searchResult.requestsPerSecond >= bareResult.requestsPerSecond * 0.3 &&
            searchResult.p99Ms < 50,
          machine: machine(),
        }),
      );
    } finally {
      await app.close();
      await bare.close();
    }
  });
}
