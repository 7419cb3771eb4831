// Deposit orders beside a search load: what a crowd searching the second-hand listings costs a
// buyer's `POST /api/orders`. The server runs as `npm start` runs it (scripts/start.mjs, request
// logging as shipped) on a PostgreSQL database of its own, behind a (simulated) proxy. Verified
// buyers create deposit orders at a steady rate (open loop: an order is due every 1/rate
// seconds whether or not the last one has been answered), each on a green room of a published,
// licensed building; each order is then let lapse (the time simulator moves it two days back, so
// the sweeper closes it and it no longer counts towards the buyer's cooling-off), and its buyer
// and room rejoin the pools a few seconds later. The run is a row of phases of equal length:
// each phase either has no search load or a forked client sending distinct second-hand searches
// (Zipf-drawn from 3,000) at a given rate over 50 connections. Phases without and with the
// search alternate, so a drift of the machine shows in both. Reports each phase and each search
// rate pooled over its phases: the order POST's p50 / p99, the searches served, the server's CPU.
// With PIN_CORES=1 (Linux, `taskset`), the server runs on the first core and this process with
// its forked search client on the second, so the load generators do not take the server's core
// (the database still runs where its scheduler puts it).
// Usage: npx tsx orders-beside-search.ts [postgres://…] [seconds per phase] [orders per second]
//        [buyers] [port]; PHASES=0,1000,0,max (searches per second of each phase, 0 = none, max =
//        as fast as the server answers).
import { execFileSync } from 'node:child_process';
import { Agent } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_CODE } from '@portal/shared/codes';
import pg from 'pg';
import {
  api,
  type Citizen,
  idCardOf,
  machineNow,
  now,
  ProcSampler,
  quantile,
  registerBuyers,
  sleep,
  startShippedServer,
  summary,
} from './crowd';
import { forkLoadClient, type LoadResult, runClient } from './load-client';
import { listingSearchPool, zipfDraws } from './search-mix';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** How long a buyer and a room stay out of play after an order lapses (the sweeper runs every 5 s). */
const REST_MS = 8_000;
/** How far back a lapsed order is moved: beyond the 48 hours the cooling-off rule looks at. */
const LAPSE_HOURS = 49;
const SEARCH_CONNECTIONS = 50;

/** Writes the search rate `max` (Infinity) as words in the JSON. */
const rates = (key: string, value: unknown) =>
  key === 'searchesPerSecond' && value === Infinity ? 'as fast as answered' : value;

interface PhaseResult {
  searchesPerSecond: number;
  /** Every order POST, whatever its answer, ms. */
  orderMs: ReturnType<typeof summary>;
  /** The order POSTs answered with a created order, ms. */
  createdMs: ReturnType<typeof summary>;
  outcomes: Record<string, number>;
  /** Orders due while every buyer or every room was still resting (not sent). */
  skipped: number;
  search: LoadResult | null;
  serverProcess: ReturnType<ProcSampler['stop']>;
  loadAverageAtEnd: number[];
}

/** A phase's result and the raw times of its created orders (pooled per search rate). */
interface Phase {
  result: PhaseResult;
  createdRaw: number[];
}

interface Pools {
  buyers: Citizen[];
  rooms: number[];
}

function searchLoad(base: string, seconds: number, ratePerSecond: number): Promise<LoadResult> {
  return forkLoadClient({
    base,
    urls: zipfDraws(listingSearchPool(3000), 200_000),
    seconds,
    connections: SEARCH_CONNECTIONS,
    ratePerSecond,
  });
}

/** One order: created, then let lapse; the buyer and the room rest, then rejoin the pools. */
async function oneOrder(
  base: string,
  pools: Pools,
  buyer: Citizen,
  roomId: number,
  tally: { orderMs: number[]; createdMs: number[]; outcomes: Record<string, number> },
): Promise<void> {
  const sentAt = now();
  const created = await api<{ id: number; orderNo: string }>(base, buyer, 'POST', '/api/orders', {
    houseId: roomId,
    agreed: true,
  }).catch((error: unknown) => ({ code: `error:${String(error)}`, data: undefined }));
  const ms = now() - sentAt;
  tally.orderMs.push(ms);
  tally.outcomes[created.code] = (tally.outcomes[created.code] ?? 0) + 1;
  if (created.code === API_CODE.SUCCESS && created.data) {
    tally.createdMs.push(ms);
    await api(base, buyer, 'POST', `/api/dev/orders/${created.data.orderNo}/elapse`, {
      hours: LAPSE_HOURS,
    }).catch(() => undefined);
  }
  await sleep(REST_MS);
  pools.buyers.push(buyer);
  pools.rooms.push(roomId);
}

async function runPhase(
  base: string,
  serverPid: number,
  pools: Pools,
  seconds: number,
  ordersPerSecond: number,
  searchesPerSecond: number,
): Promise<Phase> {
  const sampler = new ProcSampler(serverPid);
  sampler.start();
  const search = searchesPerSecond > 0 ? searchLoad(base, seconds, searchesPerSecond) : null;
  const tally = { orderMs: [] as number[], createdMs: [] as number[], outcomes: {} };
  const inFlight: Promise<void>[] = [];
  let skipped = 0;
  const started = now();
  const due = Math.floor(seconds * ordersPerSecond);
  for (let i = 0; i < due; i += 1) {
    const at = started + (i * 1000) / ordersPerSecond;
    if (at > now()) await sleep(at - now());
    // A random buyer and room among those at rest, so no order follows the last one's room.
    const b = Math.floor(Math.random() * pools.buyers.length);
    const r = Math.floor(Math.random() * pools.rooms.length);
    const buyer = pools.buyers[b];
    const roomId = pools.rooms[r];
    if (buyer === undefined || roomId === undefined) {
      skipped += 1;
      continue;
    }
    pools.buyers.splice(b, 1);
    pools.rooms.splice(r, 1);
    inFlight.push(oneOrder(base, pools, buyer, roomId, tally));
  }
  const searchResult = search ? await search : null;
  const serverProcess = sampler.stop();
  await Promise.all(inFlight);
  return {
    result: {
      searchesPerSecond,
      orderMs: summary(tally.orderMs),
      createdMs: summary(tally.createdMs),
      outcomes: tally.outcomes,
      skipped,
      search: searchResult,
      serverProcess,
      loadAverageAtEnd: machineNow().loadAverageAtEnd,
    },
    createdRaw: tally.createdMs,
  };
}

async function main(): Promise<void> {
  const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const seconds = Number(process.argv[3] ?? 60);
  const ordersPerSecond = Number(process.argv[4] ?? 10);
  const buyerCount = Number(process.argv[5] ?? 300);
  const port = Number(process.argv[6] ?? 4830);
  const phases = (process.env.PHASES ?? '0,1000,0,1000,0')
    .split(',')
    .map((rate) => (rate === 'max' ? Infinity : Number(rate)));
  const shipped = await startShippedServer(root, adminUrl, port, 'orders_beside_search');
  const pinned = process.env.PIN_CORES === '1';
  if (pinned) {
    execFileSync('taskset', ['-apc', '0', String(shipped.process.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-apc', '1', String(process.pid)], { stdio: 'ignore' });
  }
  const db = new pg.Client({ connectionString: shipped.url });
  try {
    await db.connect();
    // Green rooms of published, licensed buildings outside any 摇号 batch, spread over the city.
    const { rows } = await db.query<{ id: number }>(
      `select r.id from rooms r
       join buildings b on b.id = r.building_id join projects p on p.id = b.project_id
       where p.publish_status = 3 and b.licence_id is not null and r.sale_status = 'green'
       order by md5(r.id::text) limit 600`,
    );
    const buyers: Citizen[] = Array.from({ length: buyerCount }, (_, index) => ({
      phone: `1980${String(index).padStart(7, '0')}`,
      idCard: idCardOf(index + 5000),
      realName: `购房人${String(index + 1).padStart(3, '0')}`,
      address: `10.40.${Math.floor(index / 200)}.${1 + (index % 200)}`,
      agent: new Agent({ keepAlive: true, maxSockets: 2 }),
      cookies: new Map(),
    }));
    const prepareSeconds = await registerBuyers(db, shipped.base, buyers, 'Orders-beside-2026');
    const pools: Pools = { buyers: [...buyers], rooms: rows.map((row) => Number(row.id)) };
    // A short warm-up without measuring: the first orders of a fresh process compile the paths.
    await runPhase(shipped.base, shipped.process.pid as number, pools, 10, ordersPerSecond, 0);
    await sleep(REST_MS);
    const done: Phase[] = [];
    for (const rate of phases) {
      const phase = await runPhase(
        shipped.base,
        shipped.process.pid as number,
        pools,
        seconds,
        ordersPerSecond,
        rate,
      );
      done.push(phase);
      console.error(JSON.stringify(phase.result, rates));
    }
    // Each search rate's created orders pooled over its phases, and the p99 against the
    // phases without search.
    const pooled = [...new Set(phases)].map((rate) => {
      const times = done
        .filter((p) => p.result.searchesPerSecond === rate)
        .flatMap((p) => p.createdRaw)
        .sort((a, b) => a - b);
      return {
        searchesPerSecond: rate,
        createdMs: { ...summary(times), p90: quantile(times, 0.9), p95: quantile(times, 0.95) },
      };
    });
    const alone = pooled.find((p) => p.searchesPerSecond === 0)?.createdMs;
    const ratioToAlone = (value: number | null, base: number | null | undefined) =>
      value !== null && base ? Number((value / base).toFixed(2)) : null;
    console.log(
      JSON.stringify(
        {
          benchmark: 'orders-beside-search',
          database: 'postgres',
          seedScale: 1,
          server:
            'node scripts/start.mjs (npm start), request logging as shipped, TRUST_PROXY=127.0.0.1',
          startSeconds: shipped.startSeconds,
          prepareSeconds,
          foregroundMaxDeferMs: process.env.FOREGROUND_MAX_DEFER_MS ?? 'as shipped (40)',
          coresPinned: pinned ? 'server on core 0, clients on core 1' : 'no',
          secondsPerPhase: seconds,
          ordersPerSecond,
          buyers: buyerCount,
          roomsInPlay: rows.length,
          searchConnections: SEARCH_CONNECTIONS,
          pooled: pooled.map((p) => ({
            ...p,
            p50ToAlone: ratioToAlone(p.createdMs.p50, alone?.p50),
            p99ToAlone: ratioToAlone(p.createdMs.p99, alone?.p99),
          })),
          phases: done.map((p) => p.result),
          machine: machineNow(),
        },
        rates,
      ),
    );
  } finally {
    await db.end().catch(() => undefined);
    await shipped.stop();
  }
}

if (process.argv.includes('--search-client')) await runClient();
else await main();
