// Opening day of one building: buyers with verified identities contend for its green rooms
// through the real HTTP API while viewers hold the live building table open (server-sent events
// of /api/building-table/buildings/:id/events, and the re-read of the rooms the page does on
// every event). The server runs as `npm start` runs it (scripts/start.mjs, request logging as
// shipped) on a PostgreSQL database of its own, behind a (simulated) proxy: TRUST_PROXY names
// 127.0.0.1 as in deploy/systemd/portal.env.example, and every simulated person sends the
// X-Forwarded-For that nginx would add, so the order rate limits count accounts and client
// addresses as they do in production. Reports double sales, identities over the fair-lock limit,
// the delay from each change to its arrival at the viewers, and the server's CPU and memory.
// With SEARCH_LOAD=<connections>, a closed-loop client drives distinct second-hand searches
// (GET /api/listings, Zipf-drawn from 3,000) at that many connections for the whole opening, so
// the deposit orders' latency (`orderCreateMs`) can be compared with a run without it; with
// SEARCH_RATE=<per second> as well, those connections send at most that many searches a second
// (a crowd of a given size rather than a flood as fast as the server answers).
// Usage: npx tsx opening-day.ts [postgres://…] [seconds] [buyers] [viewers] [rooms] [port]
import { fork } from 'node:child_process';
import { Agent, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_CODE } from '@portal/shared/codes';
import { PAY_STATUS } from '@portal/shared/status';
import pg from 'pg';
import {
  api,
  between,
  type Citizen,
  call,
  idCardOf,
  openEventStream,
  machineNow,
  now,
  type Person,
  registerBuyers,
  ProcSampler,
  sleep,
  startShippedServer,
  summary,
} from './crowd';
import { forkLoadClient, runClient } from './load-client';
import { listingSearchPool, zipfDraws } from './search-mix';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------
// Viewers (forked child): server-sent events and the page's re-read of the rooms

interface ViewerJob {
  base: string;
  buildingId: number;
  /** Rooms URLs of the units watched; viewer i watches unit i mod n. */
  roomsUrls: string[];
  viewers: number;
}

/** Arrivals of one pushed change (feed version) at the viewers. */
interface EventArrivals {
  version: number;
  roomIds: number[];
  arrivals: number[];
}

interface ViewerResult {
  events: EventArrivals[];
  /** Time from a pushed change to the re-read rooms having arrived, ms. */
  rereadMs: number[];
  rereadErrors: number;
  streamErrors: number;
  streamsOpenAtEnd: number;
}

async function runViewers(): Promise<void> {
  const job = await new Promise<ViewerJob>((resolve) =>
    process.once('message', (m) => resolve(m as ViewerJob)),
  );
  const events = new Map<number, EventArrivals>();
  const rereadMs: number[] = [];
  let rereadErrors = 0;
  let streamErrors = 0;
  let ready = 0;
  const streams: IncomingMessage[] = [];
  const openOne = (index: number) => {
    const person: Person = {
      address: `10.${100 + Math.floor(index / 250)}.${index % 250}.${1 + (index % 200)}`,
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
      cookies: new Map(),
    };
    const roomsUrl = job.roomsUrls[index % job.roomsUrls.length] as string;
    let inFlight = false;
    let again: number | null = null;
    const reread = (since: number) => {
      if (inFlight) {
        again ??= since;
        return;
      }
      inFlight = true;
      call(job.base, person, 'GET', roomsUrl)
        .then((answer) => {
          if (answer.status === 200) rereadMs.push(now() - since);
          else rereadErrors += 1;
        })
        .catch(() => (rereadErrors += 1))
        .finally(() => {
          inFlight = false;
          if (again !== null) {
            const next = again;
            again = null;
            reread(next);
          }
        });
    };
    openEventStream(
      `${job.base}/api/building-table/buildings/${job.buildingId}/events`,
      person.address,
      (event, data, at) => {
        if (event === 'ready') {
          ready += 1;
          reread(at);
          if (ready === job.viewers) process.send?.({ type: 'ready' });
        } else if (event === 'rooms') {
          const change = JSON.parse(data) as { roomIds: number[]; version: number };
          let entry = events.get(change.version);
          if (!entry) {
            entry = { version: change.version, roomIds: change.roomIds, arrivals: [] };
            events.set(change.version, entry);
          }
          entry.arrivals.push(at);
          reread(at);
        }
      },
      (stream) => streams.push(stream),
      () => (streamErrors += 1),
    );
  };
  // Opened a few at a time, as people arrive before the opening.
  for (let i = 0; i < job.viewers; i += 1) {
    openOne(i);
    if (i % 25 === 24) await sleep(20);
  }
  await new Promise((resolve) => process.once('message', resolve));
  const open = streams.filter((s) => !s.destroyed && !s.readableEnded).length;
  for (const stream of streams) stream.destroy();
  const result: ViewerResult = {
    events: [...events.values()],
    rereadMs,
    rereadErrors,
    streamErrors,
    streamsOpenAtEnd: open,
  };
  process.send?.({ type: 'result', result }, () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// Buyers

interface Buyer extends Citizen {
  index: number;
  /** This buyer also tries a second room while holding one (the server must refuse it). */
  greedy: boolean;
}

/** A committed change of one room, between the buyer's request and its answer. */
interface Change {
  roomId: number;
  kind: 'create' | 'pay' | 'cancel' | 'elapse';
  sentAt: number;
  answeredAt: number;
}

interface Tally {
  changes: Change[];
  outcomes: Record<string, number>;
  /** Second orders accepted while the identity held a live one: must stay 0. */
  secondOrdersAccepted: number;
  secondOrdersRefused: number;
  paid: number;
  cancelled: number;
  elapsed: number;
  blockedByCoolingOff: number;
  rateLimited: number;
  /** How long each deposit order's POST took, whatever its answer (ms). */
  orderMs: number[];
  errors: string[];
}

interface Target {
  buildingId: number;
  units: string[];
  roomIds: Set<number>;
  roomsUrls: string[];
}

interface TableRoomLite {
  id: number;
  allowSell: boolean;
}

async function greenTargets(base: string, buyer: Buyer, target: Target): Promise<number[]> {
  const url = target.roomsUrls[Math.floor(Math.random() * target.roomsUrls.length)] as string;
  const answer = await api<{ floors: { houseList: TableRoomLite[] }[] }>(base, buyer, 'GET', url);
  if (answer.code !== API_CODE.SUCCESS) return [];
  return answer.data.floors
    .flatMap((f) => f.houseList)
    .filter((room) => room.allowSell && target.roomIds.has(room.id))
    .map((room) => room.id);
}

function count(tally: Tally, code: string) {
  tally.outcomes[code] = (tally.outcomes[code] ?? 0) + 1;
}

/** One buyer from the opening moment until `deadline`: reads, picks, books, then pays, cancels or lets the order lapse. */
async function buyerDay(
  base: string,
  buyer: Buyer,
  target: Target,
  deadline: number,
  tally: Tally,
): Promise<void> {
  await sleep(between(0, 2_000));
  let attempts = 0;
  while (now() < deadline) {
    const green = await greenTargets(base, buyer, target);
    if (green.length === 0) {
      await sleep(between(2_000, 4_000));
      continue;
    }
    const roomId = green[Math.floor(Math.random() * green.length)] as number;
    const preview = await api(base, buyer, 'GET', `/api/orders/preview?houseId=${roomId}`);
    if (preview.code !== API_CODE.SUCCESS) {
      count(tally, `preview:${preview.code}`);
      await sleep(between(300, 1_000));
      continue;
    }
    // Reading the order and ticking the agreement.
    await sleep(between(300, 1_500));
    attempts += 1;
    const sentAt = now();
    const created = await api<{ id: number; orderNo: string }>(base, buyer, 'POST', '/api/orders', {
      houseId: roomId,
      agreed: true,
    });
    const answeredAt = now();
    tally.orderMs.push(answeredAt - sentAt);
    count(tally, `create:${created.code}`);
    if (created.code === API_CODE.ORDER_COOLING_OFF) {
      tally.blockedByCoolingOff += 1;
      return;
    }
    if (created.code === API_CODE.ORDER_RATE_LIMITED) {
      tally.rateLimited += 1;
      await sleep(between(5_000, 10_000));
      continue;
    }
    if (created.code !== API_CODE.SUCCESS) {
      await sleep(between(300, 1_200));
      continue;
    }
    tally.changes.push({ roomId, kind: 'create', sentAt, answeredAt });
    const order = created.data;
    if (buyer.greedy) {
      const other = (await greenTargets(base, buyer, target)).find((id) => id !== roomId);
      if (other !== undefined) {
        const s = now();
        const second = await api<{ id: number }>(base, buyer, 'POST', '/api/orders', {
          houseId: other,
          agreed: true,
        });
        count(tally, `second:${second.code}`);
        if (second.code === API_CODE.SUCCESS) {
          tally.secondOrdersAccepted += 1;
          tally.changes.push({ roomId: other, kind: 'create', sentAt: s, answeredAt: now() });
        } else tally.secondOrdersRefused += 1;
      }
    }
    await sleep(between(1_000, 5_000));
    const fate = Math.random();
    if (fate < 0.6) {
      // Pays at the bank simulator: the form the site returns, then 支付成功.
      const form = await api<{ html: string }>(base, buyer, 'POST', `/api/orders/${order.id}/pay`);
      const tradeNo = /SIM[0-9A-F]{12}/.exec(form.data?.html ?? '')?.[0];
      if (!tradeNo) {
        tally.errors.push(`pay form ${form.code} ${form.msg ?? ''}`);
        continue;
      }
      await sleep(between(500, 2_000));
      const s = now();
      const bank = await call(
        base,
        buyer,
        'POST',
        `/dev/bank/pay/${tradeNo}`,
        { result: 'paid' },
        true,
      );
      const e = now();
      const status = await api<{ payStatus: number }>(
        base,
        buyer,
        'GET',
        `/api/orders/${order.id}/pay-status`,
      );
      if (bank.status === 303 && status.data?.payStatus === PAY_STATUS.PAID) {
        tally.paid += 1;
        tally.changes.push({ roomId, kind: 'pay', sentAt: s, answeredAt: e });
        return;
      }
      tally.errors.push(`pay ${bank.status} ${status.code} ${status.data?.payStatus}`);
      continue;
    }
    const s = now();
    if (fate < 0.85) {
      const cancel = await api(base, buyer, 'POST', `/api/orders/${order.id}/cancel`, {
        cancelReason: '资金安排有变',
      });
      count(tally, `cancel:${cancel.code}`);
      if (cancel.code === API_CODE.SUCCESS) {
        tally.cancelled += 1;
        tally.changes.push({ roomId, kind: 'cancel', sentAt: s, answeredAt: now() });
      }
    } else {
      // Lets the 30-minute payment window run out: the time simulator moves the order half an
      // hour and more into the past; the room reads green at once and the sweeper closes it.
      const lapse = await api(base, buyer, 'POST', `/api/dev/orders/${order.orderNo}/elapse`, {
        hours: 0.6,
      });
      count(tally, `elapse:${lapse.code}`);
      if (lapse.code === API_CODE.SUCCESS) {
        tally.elapsed += 1;
        tally.changes.push({ roomId, kind: 'elapse', sentAt: s, answeredAt: now() });
      }
    }
    await sleep(between(1_000, 3_000));
    if (attempts > 20) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements

/**
 * For each change of a room, the first pushed change naming the room that reached any viewer
 * after the buyer's request was sent; its arrival at every viewer gives two bounds of the delay
 * since the commit (which lies between the request and its answer).
 */
function pushDelays(changes: Change[], events: EventArrivals[]) {
  const byRoom = new Map<number, EventArrivals[]>();
  for (const event of [...events].sort((a, b) => a.version - b.version)) {
    for (const id of event.roomIds) {
      const list = byRoom.get(id) ?? [];
      list.push(event);
      byRoom.set(id, list);
    }
  }
  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  let unmatched = 0;
  for (const change of changes) {
    const event = byRoom.get(change.roomId)?.find((e) => Math.min(...e.arrivals) >= change.sentAt);
    if (!event) {
      unmatched += 1;
      continue;
    }
    for (const at of event.arrivals) {
      fromAnswer.push(at - change.answeredAt);
      fromRequest.push(at - change.sentAt);
    }
  }
  return { fromAnswer: summary(fromAnswer), fromRequest: summary(fromRequest), unmatched };
}

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<void> {
  const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const seconds = Number(process.argv[3] ?? 60);
  const buyerCount = Number(process.argv[4] ?? 300);
  const viewerCount = Number(process.argv[5] ?? 500);
  const roomCount = Number(process.argv[6] ?? 120);
  const port = Number(process.argv[7] ?? 4820);
  const shipped = await startShippedServer(root, adminUrl, port, 'opening_day');
  const { base, url, startSeconds } = shipped;
  const server = shipped.process;
  const db = new pg.Client({ connectionString: url });
  try {
    await db.connect();

    // The building: the unit richest in green rooms of a published, licensed building, and
    // further units of the same building until `roomCount` green rooms are in play.
    const { rows: units } = await db.query<{
      building_id: number;
      unit_name: string;
      green: string;
    }>(
      `with best as (
         select r.building_id from rooms r
         join buildings b on b.id = r.building_id join projects p on p.id = b.project_id
         where p.publish_status = 3 and b.licence_id is not null and r.sale_status = 'green'
         group by r.building_id order by count(*) desc limit 1)
       select r.building_id, r.unit_name, count(*) as green from rooms r
       where r.building_id = (select building_id from best) and r.sale_status = 'green'
       group by r.building_id, r.unit_name order by count(*) desc`,
    );
    const buildingId = Number(units[0]?.building_id);
    const target: Target = { buildingId, units: [], roomIds: new Set(), roomsUrls: [] };
    const probe: Person = {
      address: '10.0.0.2',
      agent: new Agent({ keepAlive: true }),
      cookies: new Map(),
    };
    for (const unit of units) {
      if (target.roomIds.size >= roomCount) break;
      const roomsUrl = `/api/building-table/buildings/${buildingId}/rooms?unit=${encodeURIComponent(unit.unit_name)}`;
      const answer = await api<{ floors: { houseList: TableRoomLite[] }[] }>(
        base,
        probe,
        'GET',
        roomsUrl,
      );
      const green = answer.data.floors.flatMap((f) => f.houseList).filter((r) => r.allowSell);
      for (const room of green.slice(0, roomCount - target.roomIds.size))
        target.roomIds.add(room.id);
      target.units.push(unit.unit_name);
      target.roomsUrls.push(roomsUrl);
    }
    const { rows: limitRows } = await db.query<{ limit: number }>(
      `select p.identity_order_limit as limit from buildings b join projects p on p.id = b.project_id where b.id = $1`,
      [buildingId],
    );
    const identityLimit = Number(limitRows[0]?.limit ?? 1);

    // Accounts registered before the day (one password hash, like one chosen password).
    const buyers: Buyer[] = Array.from({ length: buyerCount }, (_, index) => ({
      index,
      phone: `1990${String(index).padStart(7, '0')}`,
      idCard: idCardOf(index),
      realName: `购房人${String(index + 1).padStart(3, '0')}`,
      greedy: index % 10 === 0,
      // Most from an address of their own; every fifth behind a sales office's shared address.
      address:
        index % 5 === 0
          ? `10.20.0.${1 + (index % 7)}`
          : `10.30.${Math.floor(index / 200)}.${1 + (index % 200)}`,
      agent: new Agent({ keepAlive: true, maxSockets: 2 }),
      cookies: new Map(),
    }));
    const prepareSeconds = await registerBuyers(db, base, buyers, 'Opening-day-2026');

    // Viewers take their seats.
    const viewers = fork(process.argv[1] ?? '', ['--viewers'], { execArgv: process.execArgv });
    const viewerResult = new Promise<ViewerResult>((resolve) =>
      viewers.on('message', (m: { type: string; result?: ViewerResult }) => {
        if (m.type === 'result' && m.result) resolve(m.result);
      }),
    );
    await new Promise<void>((resolve, reject) => {
      viewers.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
      viewers.on('exit', (code) => reject(new Error(`viewers exited with ${code}`)));
      const job: ViewerJob = {
        base,
        buildingId,
        roomsUrls: target.roomsUrls,
        viewers: viewerCount,
      };
      viewers.send(job);
    });
    await sleep(3_000);

    // The opening.
    const sampler = new ProcSampler(server.pid as number);
    sampler.start();
    const tally: Tally = {
      changes: [],
      outcomes: {},
      secondOrdersAccepted: 0,
      secondOrdersRefused: 0,
      paid: 0,
      cancelled: 0,
      elapsed: 0,
      blockedByCoolingOff: 0,
      rateLimited: 0,
      orderMs: [],
      errors: [],
    };
    // What the server's database sessions wait on during the load (sampled each second).
    const waits: Record<string, number> = {};
    const waitSampler = setInterval(() => {
      db.query<{ what: string; n: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' (' || state || ')' as what,
                count(*) as n
         from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
         group by 1`,
      )
        .then(({ rows }) => {
          for (const row of rows) waits[row.what] = (waits[row.what] ?? 0) + Number(row.n);
        })
        .catch(() => undefined);
    }, 1_000);
    const opened = now();
    const deadline = opened + seconds * 1000;
    const searchConnections = Number(process.env.SEARCH_LOAD ?? 0);
    const searchLoad =
      searchConnections > 0
        ? forkLoadClient({
            base,
            urls: zipfDraws(listingSearchPool(3000), 60_000),
            seconds,
            connections: searchConnections,
            ratePerSecond: Number(process.env.SEARCH_RATE ?? 0) || undefined,
          })
        : undefined;
    await Promise.all(
      buyers.map((buyer) =>
        buyerDay(base, buyer, target, deadline, tally).catch((error: unknown) => {
          tally.errors.push(String(error));
        }),
      ),
    );
    const buyersDoneSeconds = Number(((now() - opened) / 1000).toFixed(1));
    const searchResult = searchLoad ? await searchLoad : null;
    clearInterval(waitSampler);
    // The sweeper closes lapsed orders every 5 s: wait for it and the last pushes.
    await sleep(7_000);
    const server_ = sampler.stop();
    viewers.send('stop');
    const seen = await viewerResult;

    // The database's word on fairness.
    const soldTwice = await db.query(
      `select room_id from orders where pay_status in ($1, $2, $3) group by room_id having count(*) > 1`,
      [PAY_STATUS.PAID, PAY_STATUS.REFUNDING, PAY_STATUS.REFUNDED],
    );
    const heldTwice = await db.query(
      `select room_id from orders where pay_status in ($1, $2) group by room_id having count(*) > 1`,
      [PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.PAID],
    );
    const overLimit = await db.query(
      `select identity_hash from orders
       where pay_status = $1 or (pay_status in ($2, $3) and lock_released_at is null and net_sign_number is null)
       group by identity_hash having count(*) > $4`,
      [PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.PAID, PAY_STATUS.REFUNDING, identityLimit],
    );
    const targetIds = [...target.roomIds];
    const { rows: stateRows } = await db.query<{ sale_status: string; n: string }>(
      `select sale_status, count(*) as n from rooms where id = any($1::int[]) group by sale_status`,
      [targetIds],
    );
    const { rows: orderRows } = await db.query<{ pay_status: number; n: string }>(
      `select pay_status, count(*) as n from orders where room_id = any($1::int[]) group by pay_status`,
      [targetIds],
    );
    const byKind: Record<string, number> = {};
    for (const c of tally.changes) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
    const delays = pushDelays(tally.changes, seen.events);
    console.log(
      JSON.stringify({
        benchmark: 'opening-day',
        database: 'postgres',
        seedScale: 1,
        server:
          'node scripts/start.mjs (npm start), request logging as shipped, TRUST_PROXY=127.0.0.1',
        startSeconds,
        prepareSeconds,
        seconds,
        buyersDoneSeconds,
        buyers: buyerCount,
        viewers: viewerCount,
        building: {
          id: buildingId,
          units: target.units,
          greenRoomsInPlay: target.roomIds.size,
          identityLimit,
        },
        roomsSoldTwice: soldTwice.rowCount,
        roomsHeldByTwoLiveOrders: heldTwice.rowCount,
        identitiesOverLimit: overLimit.rowCount,
        secondOrdersAccepted: tally.secondOrdersAccepted,
        secondOrdersRefused: tally.secondOrdersRefused,
        paid: tally.paid,
        cancelled: tally.cancelled,
        lapsed: tally.elapsed,
        blockedByCoolingOff: tally.blockedByCoolingOff,
        rateLimited: tally.rateLimited,
        orderCreateMs: summary(tally.orderMs),
        searchLoad: searchResult
          ? {
              connections: searchConnections,
              ratePerSecond: Number(process.env.SEARCH_RATE ?? 0) || null,
              ...searchResult,
            }
          : null,
        outcomes: tally.outcomes,
        changes: byKind,
        targetRoomsAtEnd: Object.fromEntries(stateRows.map((r) => [r.sale_status, Number(r.n)])),
        targetOrdersByPayStatus: Object.fromEntries(
          orderRows.map((r) => [r.pay_status, Number(r.n)]),
        ),
        pushDelayMs: delays,
        pushedChanges: seen.events.length,
        rereadAfterPushMs: summary(seen.rereadMs),
        rereadErrors: seen.rereadErrors,
        streamErrors: seen.streamErrors,
        streamsOpenAtEnd: seen.streamsOpenAtEnd,
        serverProcess: server_,
        databaseSessionWaitSamples: waits,
        errors: tally.errors.slice(0, 10),
        errorCount: tally.errors.length,
        machine: machineNow(),
      }),
    );
  } finally {
    await db.end().catch(() => undefined);
    await shipped.stop();
  }
}

if (process.argv.includes('--viewers')) await runViewers();
else if (process.argv.includes('--search-client')) await runClient();
else await main();
