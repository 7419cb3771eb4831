import { PAY_STATUS, PROJECT_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { notices, orders } from '../db/schema/index';
import { addDays, addMinutes, type SeedContext } from './context';
import { DEMO_BUYER_QUERY } from './demo-accounts';
import { playOrder, type OrderScenario } from './order-rows';
import type { CityPlan, PlannedProject } from './project-plan';
import type { CityLayout, RoomRow } from './rooms';
import type { SeededUsers, SeedUser } from './users';

export interface SeededOrders {
  /** The planned orders, in plan order. */
  scenarios: OrderScenario[];
  /** The orders as played into the database (filled by `insertOrders`). */
  rows: Array<{ order: typeof orders.$inferSelect }>;
}

type Status = OrderScenario['payStatus'];

/**
 * Plans every order (played later by `insertOrders`): the verified demo buyer gets a history of finished
 * orders (payStatus 0, 2, 4–7, including a net-signed refunded order whose contract number is
 * DEMO_BUYER_QUERY.netsignnum) and no live one, so it may book a flat at once; verified citizens,
 * each holding at most one live order, hold the yellow and blue rooms (two locks in 黄骨区: one
 * delayed with a rejected refund, one close to its expiry) and a history of closed orders.
 */
export function planOrders(
  ctx: SeedContext,
  users: SeededUsers,
  plan: CityPlan,
  layout: CityLayout,
): SeededOrders {
  const rng = ctx.rng('orders');
  const now = ctx.now;
  const projectById = new Map(plan.projects.map((p) => [p.id, p]));
  const onSale = (p: PlannedProject | undefined) =>
    p !== undefined && p.publishStatus === PROJECT_STATUS.PUBLISHED && p.statusText !== '待售';
  const candidates = rng.sample(
    layout.rooms.filter(
      (r) =>
        r.saleStatus === ROOM_SALE_STATUS.AVAILABLE &&
        r.housePurpose === '住宅' &&
        onSale(projectById.get(r.projectId)),
    ),
    layout.rooms.length,
  );
  const used = new Set<number>();
  const takeRoom = (prefer?: (room: RoomRow) => boolean): RoomRow | null => {
    const room =
      candidates.find((r) => !used.has(r.id) && (!prefer || prefer(r))) ??
      candidates.find((r) => !used.has(r.id));
    if (room) used.add(room.id);
    return room ?? null;
  };
  const houseName = (room: RoomRow, project: PlannedProject) => {
    const building = layout.buildingById.get(room.buildingId);
    return `${project.publishName}${building?.name ?? ''}${room.unitName}${room.roomNumber}`;
  };

  const scenarios: OrderScenario[] = [];
  const add = (
    user: SeedUser,
    payStatus: Status,
    createdAt: Date,
    extra: Partial<OrderScenario> = {},
    prefer?: (r: RoomRow) => boolean,
  ) => {
    const room = takeRoom(prefer);
    if (!room) return;
    const project = projectById.get(room.projectId) as PlannedProject;
    scenarios.push({
      payStatus,
      user,
      room,
      project,
      houseName: houseName(room, project),
      createdAt,
      ...extra,
    });
  };

  const hgq = (r: RoomRow) => projectById.get(r.projectId)?.districtCode === 'HGQ';
  const demo = users.demoBuyer;
  add(demo, 5, addDays(now, -75), { netSignNumber: DEMO_BUYER_QUERY.netsignnum }, hgq);
  add(demo, 5, addDays(now, -160), { delayed: true, netSignNumber: 'WQ2026HGQ000002' }, hgq);
  add(demo, 7, addDays(now, -40), { netSignNumber: 'WQ2026HGQ000003' }, hgq);
  add(demo, 4, addDays(now, -12), { netSignNumber: 'WQ2026HGQ000004' }, hgq);
  add(demo, 0, addDays(now, -20), {}, hgq);
  add(demo, 2, addDays(now, -9), {}, hgq);
  add(demo, 6, addDays(now, -5), {}, hgq);
  add(demo, 2, addDays(now, -1.5), {}, hgq);

  // One live order (awaiting payment, or paid and locked) per identity: the demo buyer holds
  // none, so it can book a flat at once; every live example belongs to a citizen of its own.
  const citizens = users.verifiedCitizens;
  const holders = new Set<number>();
  const citizen = () => rng.pick(citizens);
  const freeCitizen = () => {
    const free = citizens.filter((c) => !holders.has(c.id));
    const picked = free.length > 0 ? rng.pick(free) : null;
    if (picked) holders.add(picked.id);
    return picked;
  };
  const addLive = (
    status: 1 | 3,
    createdAt: Date,
    extra: Partial<OrderScenario> = {},
    prefer?: (r: RoomRow) => boolean,
  ) => {
    const holder = freeCitizen();
    if (holder) add(holder, status, createdAt, extra, prefer);
  };
  addLive(3, addDays(now, -8), { delayed: true, refundRejected: true }, hgq);
  addLive(3, addDays(now, -6.4), {}, hgq);
  addLive(1, addMinutes(now, -6), {}, hgq);
  const rooms = layout.rooms.length;
  const blue = Math.max(3, Math.round(rooms * 0.012));
  for (let i = 0; i < blue; i += 1) {
    const roll = rng.next();
    if (roll < 0.15) addLive(3, addDays(now, -rng.real(7.2, 9.5)), { delayed: true });
    else if (roll < 0.2) addLive(3, addDays(now, -rng.real(6.15, 6.9)), { delayGivenUp: true });
    else addLive(3, addDays(now, -rng.real(0.2, 6.8)));
  }
  const yellow = Math.max(2, Math.round(rooms * 0.004));
  for (let i = 0; i < yellow; i += 1) addLive(1, addMinutes(now, -rng.real(1, 25)));
  const history = Math.max(5, Math.round(rooms * 0.012));
  let contract = 100;
  for (let i = 0; i < history; i += 1) {
    const status = rng.weighted<Status>([
      [5, 6],
      [0, 2],
      [2, 2],
      [6, 1],
      [4, 0.5],
      [7, 0.3],
    ]);
    const created = addDays(
      now,
      status === PAY_STATUS.REFUNDING ? -rng.real(5, 30) : -rng.real(10, 500),
    );
    contract += 1;
    add(
      citizen(),
      status,
      created,
      status >= PAY_STATUS.REFUNDING && status !== PAY_STATUS.PAY_FAILED
        ? { netSignNumber: `WQ${created.getUTCFullYear()}${String(contract).padStart(7, '0')}` }
        : {},
    );
  }

  return { scenarios, rows: [] };
}

/** Pay statuses of orders that still hold their flat once played (played last). */
const LIVE: ReadonlySet<Status> = new Set([1, 3]);

/**
 * Plays every planned order through the order transitions (seed/order-rows.ts) at its own
 * moments: finished orders first, each from creation to its end, then the live ones, so no
 * identity ever holds more live orders than the rules allow (the database's own trigger checks
 * it). The rooms' colours, the timelines, notices and payments are what the transitions wrote;
 * the in-memory layout mirrors the colours for the seed steps that follow. The demo buyer's
 * notices of orders long finished are marked read.
 */
export async function insertOrders(
  ctx: SeedContext,
  seeded: SeededOrders,
  users: SeededUsers,
): Promise<void> {
  const documents = { invoice: ctx.pictures.invoice, receipt: ctx.pictures.receipt };
  const ordered = [
    ...seeded.scenarios.filter((s) => !LIVE.has(s.payStatus)),
    ...seeded.scenarios.filter((s) => LIVE.has(s.payStatus)),
  ];
  const ids: number[] = [];
  for (const scenario of ordered) ids.push(await playOrder(ctx.db, scenario, documents));
  const played = await ctx.db
    .select()
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id));
  const roomById = new Map(ordered.map((s) => [s.room.id, s.room]));
  for (const order of played) {
    const room = roomById.get(order.roomId);
    if (!room) continue;
    if (order.payStatus === PAY_STATUS.AWAITING_PAYMENT) room.saleStatus = ROOM_SALE_STATUS.PAYING;
    else if (order.payStatus === PAY_STATUS.PAID) room.saleStatus = ROOM_SALE_STATUS.LOCKED;
    else if (order.netSignNumber) room.saleStatus = ROOM_SALE_STATUS.UNAVAILABLE;
  }
  seeded.rows = played.map((order) => ({ order }));
  const demoDone = played
    .filter(
      (o) =>
        o.userId === users.demoBuyer.id &&
        o.payStatus >= PAY_STATUS.REFUNDING &&
        o.payStatus !== PAY_STATUS.PAY_FAILED,
    )
    .map((o) => o.id);
  if (demoDone.length > 0) {
    await ctx.db
      .update(notices)
      .set({ readAt: ctx.now })
      .where(
        and(
          eq(notices.userId, users.demoBuyer.id),
          eq(notices.bizType, 'order'),
          inArray(notices.bizId, demoDone),
        ),
      );
  }
  const statuses = new Set(played.map((o) => o.payStatus));
  ctx.log(`orders: ${played.length} orders in pay statuses ${[...statuses].sort().join(',')}`);
}
