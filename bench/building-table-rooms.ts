// The building table's rooms of one unit under load, measured in one run beside a bare Fastify
// route on the same machine, both with request logging as `npm start` ships it (level info,
// written to a file here so the terminal is not flooded), and the ratio of the two reported.
// Usage: npx tsx building-table-rooms.ts [pglite|postgres://…] [scale] [seconds]
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/index';
import { selectRows } from '../apps/server/src/db/sql-rows';
import {
  buildingVersionReads,
  roomsSnapshotCache,
} from '../apps/server/src/modules/building-table/rooms-snapshot';
import { benchArgs, drive, machine, shippedLogging, withBenchCity } from './harness';
import { runClient } from './load-client';

if (process.argv.includes('--client')) {
  await runClient();
} else {
  const { target, scale, seconds } = benchArgs({ scale: 1, seconds: 10 });
  await withBenchCity('building_table_rooms', target, scale, async (city) => {
    const bare = Fastify({ logger: shippedLogging(city, 'bare.log') });
    bare.get('/bare', async () => ({ code: '000000', data: null }));
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    // `npm start` defaults: development settings with the simulators, request logging at info.
    const config = loadConfig({ DATA_DIR: city.dir, LOG_LEVEL: 'info' });
    const app = await buildApp({
      config,
      database: city.database,
      logger: shippedLogging(city, 'app.log'),
    });
    const appBase = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(
      'localhost',
      '127.0.0.1',
    );
    // The unit with the most rooms: what an opening day's viewers would watch.
    const [unit] = await selectRows<{ building_id: number; unit_name: string }>(
      city.database.db,
      sql`select building_id, unit_name from rooms group by building_id, unit_name
          order by count(*) desc limit 1`,
    );
    const roomsUrl = `/api/building-table/buildings/${unit?.building_id}/rooms?unit=${encodeURIComponent(unit?.unit_name ?? '')}`;
    // Both driven as a browser asks: it accepts a gzip-encoded answer.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    try {
      // Server CPU per answer (both servers run in this process, the client in a fork): less
      // swayed by other work on the machine than requests per second.
      const cpuBefore = process.cpuUsage();
      const bareResult = await drive(
        bareBase.replace('localhost', '127.0.0.1'),
        ['/bare'],
        seconds,
        browser,
      );
      const bareCpu = process.cpuUsage(cpuBefore);
      const cache = roomsSnapshotCache(city.database.db);
      const reads = buildingVersionReads(city.database.db);
      const before = {
        hits: cache.hits,
        misses: cache.misses,
        reads: reads.reads,
        calls: reads.calls,
      };
      const roomsCpuBefore = process.cpuUsage();
      const roomsResult = await drive(appBase, [roomsUrl], seconds, browser);
      const roomsCpu = process.cpuUsage(roomsCpuBefore);
      const perRequest = (cpu: NodeJS.CpuUsage, requests: number) =>
        Math.round((cpu.user + cpu.system) / Math.max(1, requests));
      const serverCpuMicrosPerRequest = {
        bare: perRequest(bareCpu, bareResult.requests),
        rooms: perRequest(roomsCpu, roomsResult.requests),
      };
      // How the rooms were answered during the run: snapshot hits and misses, and how many
      // version reads the callers shared (PostgreSQL; none on PGlite, which is told of changes).
      const snapshot = {
        hits: cache.hits - before.hits,
        misses: cache.misses - before.misses,
        versionReads: reads.reads - before.reads,
        versionCalls: reads.calls - before.calls,
      };
      console.log(
        JSON.stringify({
          benchmark: 'building-table-rooms',
          target: target.startsWith('postgres') ? 'postgres' : 'pglite',
          scale,
          seconds,
          connections: 50,
          logging: 'info (as shipped), to a file',
          acceptEncoding: browser['accept-encoding'],
          bare: bareResult,
          rooms: roomsResult,
          snapshot,
          serverCpuMicrosPerRequest,
          ratio: Number((roomsResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)),
          target50PercentMet:
            roomsResult.requestsPerSecond >= bareResult.requestsPerSecond / 2 &&
            roomsResult.p99Ms < 50,
          machine: machine(),
        }),
      );
    } finally {
      await app.close();
      await bare.close();
    }
  });
}
