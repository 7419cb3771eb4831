// Deposit orders at a steady rate, as the benches that measure them beside other load send them
// (orders-beside-search.ts, read-mix.ts). Verified buyers create orders open loop (an order is
// due every 1/rate seconds whether or not the last one has been answered), each on a green room
// of a published, licensed building; each order is then let lapse (the time simulator moves it
// two days back, so the sweeper closes it and it no longer counts towards the buyer's
// cooling-off), and its buyer and room rejoin the pools a few seconds later.
import { Agent } from 'node:http';
import { API_CODE } from '@portal/shared/codes';
import { api, type Citizen, idCardOf, now, prepareBuyers, sleep, summary } from './crowd';

/** How long a buyer and a room stay out of play after an order lapses (the sweeper runs every 5 s). */
export const REST_MS = 8_000;
/** How far back a lapsed order is moved: beyond the 48 hours the cooling-off rule looks at. */
const LAPSE_HOURS = 49;

/** Green rooms of published, licensed buildings outside any 摇号 batch, spread over the city. */
export const GREEN_ROOMS_SQL = `select r.id from rooms r
  join buildings b on b.id = r.building_id join projects p on p.id = b.project_id
  where p.publish_status = 3 and b.licence_id is not null and r.sale_status = 'green'
  order by md5(r.id::text) limit 600`;

/** `count` buyers with phones from `1980…` + offset, valid ID numbers and addresses of their own. */
export function benchBuyers(count: number, offset = 0): Citizen[] {
  return Array.from({ length: count }, (_, i) => {
    const index = i + offset;
    return {
      phone: `1980${String(index).padStart(7, '0')}`,
      idCard: idCardOf(index + 5000),
      realName: `购房人${String(index + 1).padStart(3, '0')}`,
      address: `10.40.${Math.floor(index / 200)}.${1 + (index % 200)}`,
      agent: new Agent({ keepAlive: true, maxSockets: 2 }),
      cookies: new Map(),
    };
  });
}

export interface Pools {
  buyers: Citizen[];
  rooms: number[];
}

/** The order POSTs of a stretch of time. */
export interface OrderTally {
  /** Every order POST, whatever its answer, ms. */
  orderMs: number[];
  /** The order POSTs answered with a created order, ms. */
  createdMs: number[];
  outcomes: Record<string, number>;
  /** Orders due while every buyer or every room was still resting (not sent). */
  skipped: number;
}

/**
 * One order: created, then let lapse. Answers once the POST is answered, with `rested` for the
 * buyer and the room's rest, after which they rejoin the pools.
 */
async function oneOrder(
  base: string,
  pools: Pools,
  buyer: Citizen,
  roomId: number,
  tally: OrderTally,
): Promise<{ rested: Promise<void> }> {
  const sentAt = now();
  const created = await api<{ id: number; orderNo: string }>(base, buyer, 'POST', '/api/orders', {
    houseId: roomId,
    agreed: true,
  }).catch((error: unknown) => ({ code: `error:${String(error)}`, data: undefined }));
  const ms = now() - sentAt;
  tally.orderMs.push(ms);
  tally.outcomes[created.code] = (tally.outcomes[created.code] ?? 0) + 1;
  const rested = (async () => {
    if (created.code === API_CODE.SUCCESS && created.data) {
      await api(base, buyer, 'POST', `/api/dev/orders/${created.data.orderNo}/elapse`, {
        hours: LAPSE_HOURS,
      }).catch(() => undefined);
    }
    await sleep(REST_MS);
    pools.buyers.push(buyer);
    pools.rooms.push(roomId);
  })();
  if (created.code === API_CODE.SUCCESS && created.data) tally.createdMs.push(ms);
  return { rested };
}

/**
 * Sends orders for `seconds` at `ordersPerSecond`, each by a random resting buyer on a random
 * resting room. Answers once the last order is due, with `answered` (every order POST answered)
 * and `settled` (their buyers and rooms back in the pools).
 */
export async function streamOrders(
  base: string,
  pools: Pools,
  seconds: number,
  ordersPerSecond: number,
): Promise<{ tally: OrderTally; answered: Promise<unknown>; settled: Promise<unknown> }> {
  const tally: OrderTally = { orderMs: [], createdMs: [], outcomes: {}, skipped: 0 };
  const inFlight: Array<Promise<{ rested: Promise<void> }>> = [];
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
      tally.skipped += 1;
      continue;
    }
    pools.buyers.splice(b, 1);
    pools.rooms.splice(r, 1);
    inFlight.push(oneOrder(base, pools, buyer, roomId, tally));
  }
  const answered = Promise.all(inFlight);
  const settled = answered.then((orders) => Promise.all(orders.map((o) => o.rested)));
  return { tally, answered, settled };
}

/** What the parent asks of an order client in a process of its own. */
export type OrderClientMessage =
  | { kind: 'prepare'; base: string; buyers: number; password: string; rooms: number[] }
  | { kind: 'orders'; seconds: number; ordersPerSecond: number };

/** What an order client answers: its buyers made ready, or a stretch of orders. */
export type OrderClientAnswer =
  | { kind: 'prepared'; seconds: number }
  | ({ kind: 'orders'; createdMs: number[]; summary: ReturnType<typeof summary> } & Omit<
      OrderTally,
      'orderMs' | 'createdMs'
    >);

/**
 * An order client in a process of its own (so its work does not share the server's thread when
 * the app runs in the bench's process): makes its buyers ready, then sends a stretch of orders
 * for each `orders` message and answers with their times once every order of it is answered.
 */
export async function runOrderClient(): Promise<void> {
  let base = '';
  let pools: Pools = { buyers: [], rooms: [] };
  process.on('message', (message: OrderClientMessage) => {
    void (async () => {
      if (message.kind === 'prepare') {
        base = message.base;
        const buyers = benchBuyers(message.buyers);
        const seconds = await prepareBuyers(base, buyers, message.password);
        pools = { buyers, rooms: [...message.rooms] };
        process.send?.({ kind: 'prepared', seconds } satisfies OrderClientAnswer);
        return;
      }
      const { tally, answered } = await streamOrders(
        base,
        pools,
        message.seconds,
        message.ordersPerSecond,
      );
      await answered;
      process.send?.({
        kind: 'orders',
        createdMs: tally.createdMs,
        summary: summary(tally.createdMs),
        outcomes: tally.outcomes,
        skipped: tally.skipped,
      } satisfies OrderClientAnswer);
    })();
  });
  process.on('disconnect', () => process.exit(0));
}
