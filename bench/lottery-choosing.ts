// 摇号 选房 watched live (docs/product/lottery.md, 选房 and the live board): a drawn batch of N
// rooms (default 300) of one project, N qualified families drawn by the real draw code, and V
// viewers (default 1,000) each holding the batch page's board stream
// (/api/lottery/batches/:id/events) and the building table's stream of one of the batch's
// buildings (/api/building-table/buildings/:id/events, with the re-read of the rooms the page
// does on every change). The buyers then choose in draw order through the real HTTP API, as
// the building table does it: read the rooms, pick a green room of the batch, submit the deposit
// order, which uses the turn and starts the next one. Measured per choice: the delay from the
// order's answer (its commit lies before it) to the arrival, at every viewer, of the board naming
// the next turn, and of the building's change naming the chosen room.
// Beside it in the same run, the same viewers hold a stream of a bare Fastify route that the run
// pokes right after each choice; its delays are the floor any push to that many streams has on
// this machine, and the report gives the ratio of the p99s.
// The server runs as `npm start` runs it (scripts/start.mjs, request logging as shipped) on a
// PostgreSQL database of its own, behind a (simulated) proxy, like opening-day.ts.
// Usage: npx tsx lottery-choosing.ts [postgres://…] [rooms] [viewers] [port]
import { fork } from 'node:child_process';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_CODE } from '@portal/shared/codes';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { simulatedBeacon } from '../apps/server/src/integrations/beacon/index';
import { drawBatch, publishList } from '../apps/server/src/modules/lottery/lottery.admin.service';
import {
  api,
  between,
  type Citizen,
  call,
  idCardOf,
  machineNow,
  now,
  openEventStream,
  type Person,
  registerBuyers,
  ProcSampler,
  sleep,
  startShippedServer,
  summary,
} from './crowd';
import { writeQualifiedBatch } from './lottery-batch';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------
// The bare route (forked child): one event stream, and a poke that writes to every open stream

async function runBare(): Promise<void> {
  const port = Number(process.argv[process.argv.indexOf('--bare') + 1]);
  const app = Fastify({ logger: false });
  const streams = new Set<ServerResponse>();
  app.get('/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write('event: ready\ndata: {}\n\n');
    streams.add(reply.raw);
    request.raw.on('close', () => streams.delete(reply.raw));
  });
  app.post<{ Body: { seq: number } }>('/poke', async (request) => {
    const text = `event: poke\ndata: ${JSON.stringify({ seq: request.body.seq })}\n\n`;
    for (const stream of streams) stream.write(text);
    return { streams: streams.size };
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('listening');
}

// ---------------------------------------------------------------------------------------------
// Viewers (forked child)

interface ViewerJob {
  base: string;
  bareBase: string;
  batchId: number;
  /** The batch's buildings, with the rooms URL of each unit; viewer i watches building i mod n. */
  buildings: Array<{ id: number; roomsUrls: string[] }>;
  viewers: number;
}

interface ViewerResult {
  /** Arrivals of each board head, by the turn it names (0: nobody's turn). */
  board: Record<number, number[]>;
  /** Arrivals of each room change, by room id. */
  rooms: Record<number, number[]>;
  /** Arrivals of each poke of the bare route, by its number. */
  bare: Record<number, number[]>;
  rereadMs: number[];
  rereadErrors: number;
  streamErrors: number;
  streamsOpenAtEnd: number;
}

async function runViewers(): Promise<void> {
  const job = await new Promise<ViewerJob>((resolve) =>
    process.once('message', (m) => resolve(m as ViewerJob)),
  );
  const result: ViewerResult = {
    board: {},
    rooms: {},
    bare: {},
    rereadMs: [],
    rereadErrors: 0,
    streamErrors: 0,
    streamsOpenAtEnd: 0,
  };
  const arrive = (table: Record<number, number[]>, key: number, at: number) =>
    (table[key] ??= []).push(at);
  const streams: IncomingMessage[] = [];
  let ready = 0;
  const expected = job.viewers * 3;
  const opened = () => {
    ready += 1;
    if (ready === expected) process.send?.({ type: 'ready' });
  };
  const failed = () => (result.streamErrors += 1);
  const keep = (stream: IncomingMessage) => streams.push(stream);
  for (let index = 0; index < job.viewers; index += 1) {
    const person: Person = {
      address: `10.${100 + Math.floor(index / 250)}.${index % 250}.${1 + (index % 200)}`,
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
      cookies: new Map(),
    };
    const building = job.buildings[index % job.buildings.length]!;
    const roomsUrl = building.roomsUrls[index % building.roomsUrls.length]!;
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
          if (answer.status === 200) result.rereadMs.push(now() - since);
          else result.rereadErrors += 1;
        })
        .catch(() => (result.rereadErrors += 1))
        .finally(() => {
          inFlight = false;
          if (again !== null) {
            const next = again;
            again = null;
            reread(next);
          }
        });
    };
    let boardOpen = false;
    openEventStream(
      `${job.base}/api/lottery/batches/${job.batchId}/events`,
      person.address,
      (event, data, at) => {
        if (event !== 'board') return;
        if (!boardOpen) {
          boardOpen = true;
          opened();
          return;
        }
        const head = JSON.parse(data) as { current: { chooseOrder: number } | null };
        arrive(result.board, head.current?.chooseOrder ?? 0, at);
      },
      keep,
      failed,
    );
    openEventStream(
      `${job.base}/api/building-table/buildings/${building.id}/events`,
      person.address,
      (event, data, at) => {
        if (event === 'ready') {
          opened();
          reread(at);
        } else if (event === 'rooms') {
          for (const id of (JSON.parse(data) as { roomIds: number[] }).roomIds) {
            arrive(result.rooms, id, at);
          }
          reread(at);
        }
      },
      keep,
      failed,
    );
    openEventStream(
      `${job.bareBase}/events`,
      person.address,
      (event, data, at) => {
        if (event === 'ready') opened();
        else if (event === 'poke')
          arrive(result.bare, (JSON.parse(data) as { seq: number }).seq, at);
      },
      keep,
      failed,
    );
    // People arrive a few at a time.
    if (index % 25 === 24) await sleep(20);
  }
  await new Promise((resolve) => process.once('message', resolve));
  result.streamsOpenAtEnd = streams.filter((s) => !s.destroyed && !s.readableEnded).length;
  for (const stream of streams) stream.destroy();
  process.send?.({ type: 'result', result }, () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// The run

interface TableRoomLite {
  id: number;
  color: string;
  lottery: { batchId: number } | null;
}

interface Choice {
  turn: number;
  roomId: number;
  answeredAt: number;
  pokeAnsweredAt: number;
}

/** Delays from `from(key)` to each arrival of `key`, for the keys that have both. */
function delays(
  arrivals: Record<number, number[]>,
  keys: Array<{ key: number; from: number }>,
): { delays: number[]; missing: number } {
  const out: number[] = [];
  let missing = 0;
  for (const { key, from } of keys) {
    const list = arrivals[key];
    if (!list?.length) {
      missing += 1;
      continue;
    }
    for (const at of list) out.push(at - from);
  }
  return { delays: out, missing };
}

async function main(): Promise<void> {
  const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const roomCount = Number(process.argv[3] ?? 300);
  const viewerCount = Number(process.argv[4] ?? 1000);
  const port = Number(process.argv[5] ?? 4830);
  const barePort = port + 1;
  const shipped = await startShippedServer(root, adminUrl, port, 'lottery_choosing');
  const { base, url } = shipped;
  const pgClient = new pg.Client({ connectionString: url });
  const database = await openDatabase({ url, poolSize: 4 });
  const children: Array<ReturnType<typeof fork>> = [];
  try {
    await pgClient.connect();
    const db = database.db;

    // The batch's rooms: green rooms of the project richest in them (published, licensed, in no
    // batch yet), by building and unit.
    const { rows: picked } = await pgClient.query<{
      id: number;
      building_id: number;
      unit_name: string;
      project_id: number;
    }>(
      `with open_rooms as (
         select r.* from rooms r
         join buildings b on b.id = r.building_id join projects p on p.id = b.project_id
         where p.publish_status = 3 and b.licence_id is not null and r.sale_status = 'green'
           and not exists (select 1 from lottery_batches lb where lb.room_ids @> to_jsonb(r.id))),
       best as (select project_id from open_rooms group by project_id order by count(*) desc limit 1)
       select id, building_id, unit_name, project_id from open_rooms
       where project_id = (select project_id from best)
       order by building_id, unit_name, id limit $1`,
      [roomCount],
    );
    const roomIds = picked.map((r) => r.id);
    const projectId = picked[0]!.project_id;
    const buildings = new Map<number, Set<string>>();
    for (const room of picked) {
      const units = buildings.get(room.building_id) ?? new Set<string>();
      units.add(room.unit_name);
      buildings.set(room.building_id, units);
    }
    const families = roomIds.length;

    // The buyers, registered before the day, each made ready as a citizen would.
    const buyers: Citizen[] = Array.from({ length: families }, (_, index) => ({
      phone: `1980${String(index).padStart(7, '0')}`,
      idCard: idCardOf(index),
      realName: `摇号家庭${String(index + 1).padStart(3, '0')}`,
      address: `10.40.${Math.floor(index / 200)}.${1 + (index % 200)}`,
      agent: new Agent({ keepAlive: true, maxSockets: 2 }),
      cookies: new Map(),
    }));
    const prepareSeconds = await registerBuyers(pgClient, base, buyers, 'Lottery-day-2026');
    const { rows: ids } = await pgClient.query<{ id: number; phone: string }>(
      'select id, phone from users where phone = any($1::text[])',
      [buyers.map((b) => b.phone)],
    );
    const userIdOf = new Map(ids.map((row) => [row.phone, row.id]));
    const buyerOf = new Map(buyers.map((b) => [userIdOf.get(b.phone)!, b]));

    // The batch, its qualified families, the published list and the draw, by the server's code.
    const { rows: operators } = await pgClient.query<{ id: number }>(
      "select id from users where role = 'admin' order by id limit 1",
    );
    const operatorId = operators[0]!.id;
    const { batchId } = await writeQualifiedBatch(
      db,
      { code: `CHOOSE-${Date.now()}`, title: '选房基准测试批次', projectId, roomIds, operatorId },
      buyers.map((buyer) => ({
        userId: userIdOf.get(buyer.phone)!,
        name: buyer.realName,
        idCard: buyer.idCard,
      })),
      'C',
    );
    await publishList(db, operatorId, batchId, new Date());
    await drawBatch(db, operatorId, batchId, { simulator: simulatedBeacon() }, new Date());
    const { rows: line } = await pgClient.query<{ user_id: number; choose_order: number }>(
      `select r.user_id, p.choose_order from lottery_places p
       join lottery_registrations r on r.id = p.registration_id
       where p.batch_id = $1 order by p.choose_order`,
      [batchId],
    );

    // The bare route and the viewers take their seats.
    const bare = fork(process.argv[1] ?? '', ['--bare', String(barePort)], {
      execArgv: process.execArgv,
    });
    children.push(bare);
    await new Promise<void>((resolve) => bare.once('message', () => resolve()));
    const bareBase = `http://127.0.0.1:${barePort}`;
    const viewers = fork(process.argv[1] ?? '', ['--viewers'], { execArgv: process.execArgv });
    children.push(viewers);
    const viewerResult = new Promise<ViewerResult>((resolve) =>
      viewers.on('message', (m: { type: string; result?: ViewerResult }) => {
        if (m.type === 'result' && m.result) resolve(m.result);
      }),
    );
    const seatsStarted = now();
    await new Promise<void>((resolve, reject) => {
      viewers.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
      viewers.on('exit', (code) => reject(new Error(`viewers exited with ${code}`)));
      const job: ViewerJob = {
        base,
        bareBase,
        batchId,
        buildings: [...buildings].map(([id, units]) => ({
          id,
          roomsUrls: [...units].map(
            (unit) => `/api/building-table/buildings/${id}/rooms?unit=${encodeURIComponent(unit)}`,
          ),
        })),
        viewers: viewerCount,
      };
      viewers.send(job);
    });
    const seatedSeconds = Number(((now() - seatsStarted) / 1000).toFixed(1));
    await sleep(2_000);

    // 选房: each buyer in turn reads the rooms, picks a green room of the batch and books it.
    const sampler = new ProcSampler(shipped.process.pid as number);
    sampler.start();
    const poker: Person = {
      address: '10.0.0.9',
      agent: new Agent({ keepAlive: true }),
      cookies: new Map(),
    };
    const choices: Choice[] = [];
    const outcomes: Record<string, number> = {};
    const orderMs: number[] = [];
    const unitUrls = [...buildings].flatMap(([id, units]) =>
      [...units].map(
        (unit) => `/api/building-table/buildings/${id}/rooms?unit=${encodeURIComponent(unit)}`,
      ),
    );
    const started = now();
    for (const place of line) {
      const buyer = buyerOf.get(place.user_id)!;
      await sleep(between(200, 800));
      let roomId: number | undefined;
      for (const roomsUrl of [...unitUrls].sort(() => Math.random() - 0.5)) {
        const rooms = await api<{ floors: { houseList: TableRoomLite[] }[] }>(
          base,
          buyer,
          'GET',
          roomsUrl,
        );
        const green = rooms.data.floors
          .flatMap((f) => f.houseList)
          .filter((r) => r.color === 'green' && r.lottery?.batchId === batchId);
        if (green.length > 0) {
          roomId = green[Math.floor(Math.random() * green.length)]!.id;
          break;
        }
      }
      if (roomId === undefined) break;
      const sentAt = now();
      const created = await api(base, buyer, 'POST', '/api/orders', {
        houseId: roomId,
        agreed: true,
      });
      const answeredAt = now();
      orderMs.push(answeredAt - sentAt);
      outcomes[created.code] = (outcomes[created.code] ?? 0) + 1;
      await call(bareBase, poker, 'POST', '/poke', { seq: place.choose_order });
      const pokeAnsweredAt = now();
      if (created.code === API_CODE.SUCCESS) {
        choices.push({ turn: place.choose_order, roomId, answeredAt, pokeAnsweredAt });
      }
    }
    const chooseSeconds = Number(((now() - started) / 1000).toFixed(1));
    await sleep(3_000);
    const server = sampler.stop();
    viewers.send('stop');
    const seen = await viewerResult;

    const board = delays(
      seen.board,
      choices.map((c, i) => ({
        key: i + 1 < choices.length ? (choices[i + 1]?.turn ?? 0) : 0,
        from: c.answeredAt,
      })),
    );
    const rooms = delays(
      seen.rooms,
      choices.map((c) => ({ key: c.roomId, from: c.answeredAt })),
    );
    const bareDelays = delays(
      seen.bare,
      choices.map((c) => ({ key: c.turn, from: c.pokeAnsweredAt })),
    );
    const boardSummary = summary(board.delays);
    const roomsSummary = summary(rooms.delays);
    const bareSummary = summary(bareDelays.delays);
    const { rows: endRows } = await pgClient.query<{ chosen: string; sold: string }>(
      `select count(*) filter (where slot_status = 'chosen') as chosen,
              (select count(*) from rooms where id = any($2::int[]) and sale_status <> 'green') as sold
       from lottery_places where batch_id = $1`,
      [batchId, roomIds],
    );
    console.log(
      JSON.stringify({
        benchmark: 'lottery-choosing',
        database: 'postgres',
        server:
          'node scripts/start.mjs (npm start), request logging as shipped, TRUST_PROXY=127.0.0.1',
        startSeconds: shipped.startSeconds,
        prepareSeconds,
        seatedSeconds,
        rooms: roomIds.length,
        buildings: buildings.size,
        families,
        viewers: viewerCount,
        streamsPerViewer: 3,
        choices: choices.length,
        chooseSeconds,
        outcomes,
        chosenAtEnd: Number(endRows[0]?.chosen),
        roomsTakenAtEnd: Number(endRows[0]?.sold),
        orderCreateMs: summary(orderMs),
        boardPushMs: { ...boardSummary, missing: board.missing },
        roomPushMs: { ...roomsSummary, missing: rooms.missing },
        bareRoutePushMs: { ...bareSummary, missing: bareDelays.missing },
        p99RatioToBare: {
          board:
            boardSummary.p99 && bareSummary.p99
              ? Number((boardSummary.p99 / bareSummary.p99).toFixed(1))
              : null,
          rooms:
            roomsSummary.p99 && bareSummary.p99
              ? Number((roomsSummary.p99 / bareSummary.p99).toFixed(1))
              : null,
        },
        rereadAfterPushMs: summary(seen.rereadMs),
        rereadErrors: seen.rereadErrors,
        streamErrors: seen.streamErrors,
        streamsOpenAtEnd: seen.streamsOpenAtEnd,
        serverProcess: server,
        machine: machineNow(),
      }),
    );
  } finally {
    for (const child of children) child.kill();
    await pgClient.end().catch(() => undefined);
    await database.close();
    await shipped.stop();
  }
}

if (process.argv.includes('--viewers')) await runViewers();
else if (process.argv.includes('--bare')) await runBare();
else await main();
