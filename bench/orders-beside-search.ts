// Deposit orders, the building table and sign-in beside a search load: what a crowd searching the
// second-hand listings costs a buyer's `POST /api/orders`, a visitor's building table and a
// citizen's sign-in. The server runs as `npm start` runs it (scripts/start.mjs, request logging
// as shipped) on a PostgreSQL database of its own (or, given `pglite`, the embedded database in
// its data folder, as `npm start` opens it), behind a (simulated) proxy. Verified buyers
// create deposit orders at a steady rate (bench/order-stream.ts); beside them, open loop too,
// visitors read building tables (one unit's rooms, across the busiest units) and citizens sign
// in with their phone and password (a fresh session each). The run is a row of phases of equal length:
// each phase either has no search load or a forked client sending distinct second-hand searches
// (Zipf-drawn from 3,000) at a given rate over 50 connections. Phases without and with the
// search alternate, so a drift of the machine shows in both. Reports each phase and each search
// rate pooled over its phases: the p50 / p99 of the order POST, the building table and the
// sign-in, the searches served, the server's CPU.
// With PIN_CORES=1 (Linux, `taskset`), the server runs on the first core and this process with
// its forked search client on the second, so the load generators do not take the server's core
// (the database still runs where its scheduler puts it).
// Usage: npx tsx orders-beside-search.ts [postgres://…|pglite] [seconds per phase] [orders per second]
//        [buyers] [port]; PHASES=0,1000,0,max (searches per second of each phase, 0 = none, max =
//        as fast as the server answers); TABLES_PER_SECOND (20) and SIGN_INS_PER_SECOND (2).
import { execFileSync } from 'node:child_process';
import { Agent } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_CODE } from '@portal/shared/codes';
import {
  api,
  insertBuyerAccounts,
  machineNow,
  now,
  type Person,
  ProcSampler,
  quantile,
  prepareBuyers,
  sleep,
  startShippedServer,
  summary,
} from './crowd';
import { forkLoadClient, type LoadResult, runClient } from './load-client';
import { benchBuyers, GREEN_ROOMS_SQL, type Pools, REST_MS, streamOrders } from './order-stream';
import { listingSearchPool, zipfDraws } from './search-mix';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SEARCH_CONNECTIONS = 50;
const PASSWORD = 'Orders-beside-2026';
/** Accounts that only sign in (no real name needed), each from an address of its own. */
const SIGN_IN_ACCOUNTS = 100;

/**
 * How far the p99 ratio of `here` to `alone` could move by chance alone: the 2.5th and 97.5th
 * percentiles of the ratio over 2,000 bootstrap resamples of both sets of times (a fixed seed,
 * so a rerun of the same times gives the same interval). A single run's p99 rests on its few
 * slowest samples, so two runs of the same code can differ by this much.
 */
function p99RatioInterval(here: number[], alone: number[]): [number, number] | null {
  if (here.length === 0 || alone.length === 0) return null;
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const p99Of = (values: number[]) => {
    const draw = Array.from(
      { length: values.length },
      () => values[Math.floor(random() * values.length)] as number,
    );
    draw.sort((a, b) => a - b);
    return draw[Math.floor(0.99 * (draw.length - 1))] as number;
  };
  const ratios = Array.from({ length: 2000 }, () => p99Of(here) / p99Of(alone)).sort(
    (a, b) => a - b,
  );
  const at = (q: number) =>
    Number((ratios[Math.floor(q * (ratios.length - 1))] as number).toFixed(2));
  return [at(0.025), at(0.975)];
}

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
  /** One unit's rooms of a building table, ms (non-200 answers counted apart). */
  buildingTableMs: ReturnType<typeof summary> & { failed: number };
  /** A sign-in with phone and password, ms (answers other than success counted apart). */
  signInMs: ReturnType<typeof summary> & { failed: number };
  search: LoadResult | null;
  serverProcess: ReturnType<ProcSampler['stop']>;
  loadAverageAtEnd: number[];
}

/** A phase's result and the raw times of its created orders (pooled per search rate). */
interface Phase {
  result: PhaseResult;
  createdRaw: number[];
  buildingTableRaw: number[];
  signInRaw: number[];
}

/** What the phases ask beside the orders: building-table units and sign-in accounts. */
interface Probes {
  units: string[];
  signIns: Array<{ phone: string; address: string }>;
  agreementVersion: number;
  tablesPerSecond: number;
  signInsPerSecond: number;
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

/**
 * Calls `fire(i)` open loop at `ratePerSecond` for `seconds` (each call due at its time whether or
 * not the last one was answered); answers the times of the calls `fire` calls good, ms, and how
 * many were not.
 */
async function openLoop(
  seconds: number,
  ratePerSecond: number,
  fire: (i: number) => Promise<boolean>,
): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const calls: Promise<void>[] = [];
  const started = now();
  const due = Math.floor(seconds * ratePerSecond);
  for (let i = 0; i < due; i += 1) {
    const at = started + (i * 1000) / ratePerSecond;
    if (at > now()) await sleep(at - now());
    const sentAt = now();
    calls.push(
      fire(i)
        .catch(() => false)
        .then((good) => {
          if (good) times.push(now() - sentAt);
          else failed += 1;
        }),
    );
  }
  await Promise.all(calls);
  return { times, failed };
}

const visitorAgent = new Agent({ keepAlive: true, maxSockets: 20 });
let probeCalls = 0;
let signInCalls = 0;

/** A visitor reading one unit's rooms of a building table (from an address of its own). */
async function readBuildingTable(base: string, url: string): Promise<boolean> {
  probeCalls += 1;
  const visitor: Person = {
    address: `10.50.${Math.floor(probeCalls / 250) % 250}.${1 + (probeCalls % 250)}`,
    agent: visitorAgent,
    cookies: new Map(),
  };
  const answer = await api(base, visitor, 'GET', url);
  return answer.code === API_CODE.SUCCESS;
}

/** A citizen signing in with phone and password on a fresh session. */
async function signIn(
  base: string,
  account: { phone: string; address: string },
  agreementVersion: number,
): Promise<boolean> {
  const citizen: Person = { address: account.address, agent: visitorAgent, cookies: new Map() };
  const answer = await api(base, citizen, 'POST', '/api/auth/login', {
    account: account.phone,
    password: PASSWORD,
    type: 'phone',
    remember: false,
    agreementVersion,
  });
  return answer.code === API_CODE.SUCCESS;
}

async function runPhase(
  base: string,
  serverPid: number,
  pools: Pools,
  probes: Probes,
  seconds: number,
  ordersPerSecond: number,
  searchesPerSecond: number,
): Promise<Phase> {
  const sampler = new ProcSampler(serverPid);
  sampler.start();
  const search = searchesPerSecond > 0 ? searchLoad(base, seconds, searchesPerSecond) : null;
  const tables = openLoop(seconds, probes.tablesPerSecond, (i) =>
    readBuildingTable(base, probes.units[i % probes.units.length] ?? ''),
  );
  const signIns = openLoop(seconds, probes.signInsPerSecond, () => {
    signInCalls += 1;
    const account = probes.signIns[signInCalls % probes.signIns.length];
    return account ? signIn(base, account, probes.agreementVersion) : Promise.resolve(false);
  });
  const orders = await streamOrders(base, pools, seconds, ordersPerSecond);
  const searchResult = search ? await search : null;
  const serverProcess = sampler.stop();
  await orders.answered;
  const [table, signInTimes] = await Promise.all([tables, signIns]);
  const { tally } = orders;
  return {
    result: {
      searchesPerSecond,
      orderMs: summary(tally.orderMs),
      createdMs: summary(tally.createdMs),
      outcomes: tally.outcomes,
      skipped: tally.skipped,
      buildingTableMs: { ...summary(table.times), failed: table.failed },
      signInMs: { ...summary(signInTimes.times), failed: signInTimes.failed },
      search: searchResult,
      serverProcess,
      loadAverageAtEnd: machineNow().loadAverageAtEnd,
    },
    createdRaw: tally.createdMs,
    buildingTableRaw: table.times,
    signInRaw: signInTimes.times,
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
  try {
    const buyers = benchBuyers(buyerCount);
    const signIns = benchBuyers(SIGN_IN_ACCOUNTS, buyerCount).map((account, i) => ({
      phone: account.phone,
      address: `10.60.${Math.floor(i / 200)}.${1 + (i % 200)}`,
    }));
    // The rooms, the busiest units and the accounts, read and written while the server is
    // stopped (the embedded database's folder is the server's alone while it runs).
    const { rooms, units } = await shipped.offline(async (db) => {
      const rowsOf = async <T>(text: string) => ((await db.query(text, [])) as { rows: T[] }).rows;
      const green = await rowsOf<{ id: number }>(GREEN_ROOMS_SQL);
      // The busiest units of published, licensed buildings, as visitors spread over them.
      const busiest = await rowsOf<{ building_id: number; unit_name: string }>(
        `select r.building_id, r.unit_name from rooms r
         join buildings b on b.id = r.building_id join projects p on p.id = b.project_id
         where p.publish_status = 3 and b.licence_id is not null
         group by r.building_id, r.unit_name order by count(*) desc limit 80`,
      );
      await insertBuyerAccounts(
        db,
        [...buyers, ...signIns].map((account) => account.phone),
        PASSWORD,
      );
      return { rooms: green.map((row) => Number(row.id)), units: busiest };
    });
    const pinned = process.env.PIN_CORES === '1';
    if (pinned) {
      execFileSync('taskset', ['-apc', '0', String(shipped.process.pid)], { stdio: 'ignore' });
      execFileSync('taskset', ['-apc', '1', String(process.pid)], { stdio: 'ignore' });
    }
    const prepareSeconds = await prepareBuyers(shipped.base, buyers, PASSWORD);
    const pools: Pools = { buyers: [...buyers], rooms };
    const agreement = await api<{ version: number }>(
      shipped.base,
      { address: '10.60.250.1', agent: new Agent(), cookies: new Map() },
      'GET',
      '/api/legal/agreement',
    );
    const probes: Probes = {
      units: units.map(
        (u) =>
          `/api/building-table/buildings/${u.building_id}/rooms?unit=${encodeURIComponent(u.unit_name)}`,
      ),
      signIns,
      agreementVersion: agreement.data.version,
      tablesPerSecond: Number(process.env.TABLES_PER_SECOND ?? 20),
      signInsPerSecond: Number(process.env.SIGN_INS_PER_SECOND ?? 2),
    };
    const pid = shipped.process.pid as number;
    // A short warm-up without measuring: the first orders of a fresh process compile the paths.
    await runPhase(shipped.base, pid, pools, probes, 10, ordersPerSecond, 0);
    await sleep(REST_MS);
    const done: Phase[] = [];
    for (const rate of phases) {
      const phase = await runPhase(
        shipped.base,
        pid,
        pools,
        probes,
        seconds,
        ordersPerSecond,
        rate,
      );
      done.push(phase);
      console.error(JSON.stringify(phase.result, rates));
    }
    // Each search rate's created orders, building tables and sign-ins pooled over its phases,
    // and their p50 and p99 against the phases without search.
    const pool = (rate: number, raw: (p: Phase) => number[]) => {
      const times = done
        .filter((p) => p.result.searchesPerSecond === rate)
        .flatMap(raw)
        .sort((a, b) => a - b);
      return { ...summary(times), p90: quantile(times, 0.9), p95: quantile(times, 0.95) };
    };
    const rawOf = {
      createdMs: (p: Phase) => p.createdRaw,
      buildingTableMs: (p: Phase) => p.buildingTableRaw,
      signInMs: (p: Phase) => p.signInRaw,
    };
    const ratioToAlone = (value: number | null, base: number | null | undefined) =>
      value !== null && base ? Number((value / base).toFixed(2)) : null;
    const timesOf = (rate: number, raw: (p: Phase) => number[]) =>
      done.filter((p) => p.result.searchesPerSecond === rate).flatMap(raw);
    const pooled = [...new Set(phases)].map((rate) => ({
      searchesPerSecond: rate,
      ...Object.fromEntries(
        Object.entries(rawOf).map(([name, raw]) => {
          const here = pool(rate, raw);
          const alone = pool(0, raw);
          return [
            name,
            {
              ...here,
              p50ToAlone: ratioToAlone(here.p50, alone.p50),
              p99ToAlone: ratioToAlone(here.p99, alone.p99),
              p99ToAloneInterval95:
                rate === 0 ? null : p99RatioInterval(timesOf(rate, raw), timesOf(0, raw)),
            },
          ];
        }),
      ),
    }));
    console.log(
      JSON.stringify(
        {
          benchmark: 'orders-beside-search',
          database: adminUrl === 'pglite' ? 'pglite' : 'postgres',
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
          roomsInPlay: rooms.length,
          searchConnections: SEARCH_CONNECTIONS,
          tablesPerSecond: probes.tablesPerSecond,
          signInsPerSecond: probes.signInsPerSecond,
          pooled,
          phases: done.map((p) => p.result),
          machine: machineNow(),
        },
        rates,
      ),
    );
  } finally {
    await shipped.stop();
  }
}

if (process.argv.includes('--search-client')) await runClient();
else await main();
