import { PAY_STATUS } from '@portal/shared/status';
import { and, asc, eq, inArray, isNotNull, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import {
  buildings,
  notices,
  orderLogs,
  orders,
  projects,
  rooms,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createRng, type Rng } from '../../seed/random';
import { givePrivacyConsent } from '../legal/legal-test-helpers';
import { releaseExpiredLocks } from './lock-release';
import { expireUnpaidOrders } from './order-expiry';
import {
  applyRefundTransition,
  cancelTransition,
  confirmRefundTransition,
  delayOpen,
  delayTransition,
  giveUpDelayTransition,
  netsignTransition,
  paidAfterCloseTransition,
  payFailedTransition,
  payTransition,
  refundFailedTransition,
  rejectRefundTransition,
  releaseLockTransition,
  retryRefundTransition,
  transitionAllowed,
  type Actor,
  type TransitionName,
} from './order-transitions';
import { freshBuyer } from './orders-test-helpers';
import { createOrder } from './orders.service';

/**
 * Random sequences of order transitions on a small building with a clock of the test's own,
 * checking after every step that the room colours, the orders and their timelines agree
 * (docs/decisions/0040-order-state-machine.md):
 * - a room is yellow exactly when one order awaits payment for it, blue exactly when one paid
 *   order still holds its lock, gray when sold (网签), green otherwise;
 * - no room has two live orders, no identity more live orders than its project allows;
 * - a transition changes the order exactly when the table of allowed from-states says it may,
 *   and writes its log entries and notices once (pay writes steps 2 and 3; a refund retry writes
 *   none, its settlement does).
 */

type OrderRow = typeof orders.$inferSelect;

/** Log entries (and notices) each transition writes. */
const LOG_ENTRIES: Record<TransitionName, number> = {
  create: 1,
  pay: 2,
  payFailed: 1,
  paidAfterClose: 1,
  expire: 1,
  cancel: 1,
  delay: 1,
  giveUpDelay: 1,
  applyRefund: 1,
  confirmRefund: 1,
  rejectRefund: 1,
  refundFailed: 1,
  retryRefund: 0,
  releaseLock: 1,
  netsign: 1,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let db: Db;
let roomIds: number[];
let projectId: number;
let identityLimit: number;
/** Accounts that book: three identities, the first with a second account of its own. */
let buyers: Array<{ id: number; identity: string }>;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  db = t.database.db;
  // A licensed building of a published project whose green rooms no order ever touched.
  const candidates = await db
    .select({ id: rooms.id, buildingId: rooms.buildingId, projectId: rooms.projectId })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(
      and(
        eq(rooms.saleStatus, 'green'),
        eq(projects.publishStatus, 3),
        isNotNull(buildings.licenceId),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.roomId, rooms.id))),
      ),
    )
    .orderBy(asc(rooms.id));
  const building = candidates[0]?.buildingId;
  const inBuilding = candidates.filter((room) => room.buildingId === building).slice(0, 4);
  expect(inBuilding.length).toBeGreaterThanOrEqual(3);
  roomIds = inBuilding.map((room) => room.id);
  projectId = inBuilding[0]?.projectId as number;
  identityLimit = 2;
  await db
    .update(projects)
    .set({ identityOrderLimit: identityLimit })
    .where(eq(projects.id, projectId));

  const fresh = await Promise.all([freshBuyer(db), freshBuyer(db), freshBuyer(db)]);
  const accounts = await db
    .select({ id: users.id, idCard: users.idCard, identityHash: users.identityHash })
    .from(users)
    .where(
      inArray(
        users.id,
        fresh.map((b) => b.id),
      ),
    )
    .orderBy(asc(users.id));
  const first = accounts[0] as { id: number; idCard: string | null; identityHash: string | null };
  // A second account verified with the first one's ID number: the same person.
  const [twin] = await db
    .insert(users)
    .values({
      phone: `175${String(first.id).padStart(8, '0')}`,
      nickname: '同一购房人的第二个账号',
      realName: '测试购房人',
      idCard: first.idCard,
      identityHash: null,
      realNameAuth: true,
      realNameAuthAt: new Date(),
    })
    .returning({ id: users.id });
  // The second account agreed to the privacy policy too, as its deposit step would ask.
  await givePrivacyConsent(db, (twin as { id: number }).id);
  buyers = [
    ...accounts.map((a) => ({ id: a.id, identity: a.idCard as string })),
    { id: (twin as { id: number }).id, identity: first.idCard as string },
  ];
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  adminId = (admin as { id: number }).id;
});

afterAll(async () => {
  await t?.dispose();
});

async function ourOrders(): Promise<OrderRow[]> {
  return db.select().from(orders).where(inArray(orders.roomId, roomIds)).orderBy(asc(orders.id));
}

const isLive = (o: OrderRow) =>
  o.payStatus === PAY_STATUS.AWAITING_PAYMENT ||
  ((o.payStatus === PAY_STATUS.PAID || o.payStatus === PAY_STATUS.REFUNDING) &&
    o.lockReleasedAt === null &&
    o.netSignNumber === null);

/** Checks every invariant of the building and our orders; `expectedLogs` per order id. */
async function checkInvariants(expectedLogs: Map<number, number>, step: string): Promise<void> {
  const all = await ourOrders();
  const roomRows = await db
    .select({ id: rooms.id, saleStatus: rooms.saleStatus })
    .from(rooms)
    .where(inArray(rooms.id, roomIds));
  for (const room of roomRows) {
    const ofRoom = all.filter((o) => o.roomId === room.id);
    const live = ofRoom.filter(isLive);
    expect(live.length, `${step}: live orders of room ${room.id}`).toBeLessThanOrEqual(1);
    const awaiting = live.filter((o) => o.payStatus === PAY_STATUS.AWAITING_PAYMENT);
    const locked = live.filter((o) => o.payStatus !== PAY_STATUS.AWAITING_PAYMENT);
    const sold = ofRoom.some((o) => o.netSignNumber !== null);
    const expected =
      awaiting.length === 1 ? 'yellow' : locked.length === 1 ? 'blue' : sold ? 'gray' : 'green';
    expect(room.saleStatus, `${step}: colour of room ${room.id}`).toBe(expected);
  }
  const perIdentity = new Map<string, number>();
  for (const order of all.filter(isLive)) {
    const identity = order.identityHash ?? '';
    perIdentity.set(identity, (perIdentity.get(identity) ?? 0) + 1);
  }
  for (const [, count] of perIdentity) {
    expect(count, `${step}: live orders of one identity`).toBeLessThanOrEqual(identityLimit);
  }
  const ids = all.map((o) => o.id);
  if (ids.length === 0) return;
  const logs = await db
    .select({ orderId: orderLogs.orderId })
    .from(orderLogs)
    .where(inArray(orderLogs.orderId, ids));
  const noticeRows = await db
    .select({ bizId: notices.bizId })
    .from(notices)
    .where(and(eq(notices.bizType, 'order'), inArray(notices.bizId, ids)));
  for (const id of ids) {
    const wanted = expectedLogs.get(id) ?? 0;
    expect(logs.filter((l) => l.orderId === id).length, `${step}: log of order ${id}`).toBe(wanted);
    expect(noticeRows.filter((n) => n.bizId === id).length, `${step}: notices of ${id}`).toBe(
      wanted,
    );
  }
}

type Step = 'create' | 'clock' | Exclude<TransitionName, 'create' | 'expire'>;

const STEPS: ReadonlyArray<readonly [Step, number]> = [
  ['create', 5],
  ['clock', 4],
  ['pay', 4],
  ['payFailed', 1],
  ['paidAfterClose', 1],
  ['cancel', 2.5],
  ['delay', 2.5],
  ['giveUpDelay', 1],
  ['applyRefund', 2],
  ['rejectRefund', 1.5],
  ['confirmRefund', 1],
  ['refundFailed', 0.7],
  ['retryRefund', 0.7],
  ['releaseLock', 0.7],
  ['netsign', 2],
];

/** One transition on one order through its function; returns whether it changed the order. */
async function run(step: Step, order: OrderRow, at: Date, rng: Rng): Promise<boolean> {
  const buyer: Actor = { kind: 'buyer', userId: order.userId };
  const operator: Actor = { kind: 'operator', adminId };
  const bank: Actor = { kind: 'bank' };
  const ref = { id: order.id };
  return db.transaction(async (tx) => {
    switch (step) {
      case 'pay':
        return payTransition(tx, ref, at, bank, { tradeNo: `T${order.id}` });
      case 'payFailed':
        return payFailedTransition(tx, ref, at, bank);
      case 'paidAfterClose':
        return paidAfterCloseTransition(tx, ref, at, bank, { tradeNo: `L${order.id}` });
      case 'cancel':
        return cancelTransition(tx, ref, at, buyer, '测试取消');
      case 'delay':
        return (await delayTransition(tx, ref, at, buyer, '测试延期')) !== null;
      case 'giveUpDelay':
        return giveUpDelayTransition(tx, ref, at, buyer, undefined);
      case 'applyRefund':
        return applyRefundTransition(tx, ref, at, buyer, { refundIntention: rng.int(1, 2) });
      case 'rejectRefund':
        return rejectRefundTransition(tx, ref, at, operator, '测试驳回');
      case 'confirmRefund':
        return confirmRefundTransition(tx, ref, at, operator, {
          refundNo: `TK${order.orderNo.slice(2)}`,
          amountFen: order.lockMoney * 100,
          bankRefundNo: null,
        });
      case 'refundFailed':
        return refundFailedTransition(tx, ref, at, operator, '测试退款失败');
      case 'retryRefund':
        return retryRefundTransition(tx, ref, at, operator);
      case 'releaseLock':
        return releaseLockTransition(tx, ref, at, { kind: 'system' });
      case 'netsign':
        return (
          (await netsignTransition(tx, ref, at, operator, {
            netSignNumber: `WQTEST${order.id}`,
            signedAt: at,
          })) !== null
        );
      default:
        throw new Error(`not a transition on an order: ${step}`);
    }
  });
}

/** Whether the table (and the time rules a transition has) lets `step` apply to `order` at `at`. */
function allowed(step: Exclude<Step, 'create' | 'clock'>, order: OrderRow, at: Date): boolean {
  if (step === 'delay') return delayOpen(order, at);
  if (step === 'releaseLock') {
    return transitionAllowed(step, order) && order.expireTime !== null && order.expireTime <= at;
  }
  return transitionAllowed(step, order);
}

describe('deposit order state machine (random transition sequences)', () => {
  it('keeps rooms, orders, identities and timelines consistent', async () => {
    const expectedLogs = new Map<number, number>();
    let now = new Date('2026-12-01T02:00:00.000Z');
    const applied = new Map<string, number>();
    const tally = (name: string) => applied.set(name, (applied.get(name) ?? 0) + 1);
    for (const seed of ['a', 'b', 'c']) {
      const rng = createRng(`order-state-${seed}`);
      for (let i = 0; i < 60; i += 1) {
        const step = rng.weighted(STEPS);
        const label = `${seed}#${i} ${step}`;
        if (step === 'clock') {
          const locks = (await ourOrders()).filter(
            (o) => transitionAllowed('delay', o) && o.expireTime !== null && o.expireTime > now,
          );
          const jump = rng.pick([5 * MINUTE, 31 * MINUTE, 6 * HOUR, 2 * DAY, 8 * DAY, -1]);
          // -1: to 12 hours before the end of some paid lock, inside its delay window.
          const lock = locks.length > 0 ? rng.pick(locks) : null;
          const target =
            jump === -1 && lock?.expireTime ? lock.expireTime.getTime() - 12 * HOUR : 0;
          now = new Date(Math.max(now.getTime() + (jump === -1 ? MINUTE : jump), target));
          const before = new Map((await ourOrders()).map((o) => [o.id, o]));
          await expireUnpaidOrders(db, now);
          await releaseExpiredLocks(db, now);
          for (const after of await ourOrders()) {
            const was = before.get(after.id);
            if (!was) continue;
            const expired =
              was.payStatus === PAY_STATUS.AWAITING_PAYMENT &&
              after.payStatus === PAY_STATUS.TIMED_OUT;
            const released = was.lockReleasedAt === null && after.lockReleasedAt !== null;
            if (expired) tally('expire');
            if (released) tally('releaseLock');
            if (expired || released)
              expectedLogs.set(after.id, (expectedLogs.get(after.id) ?? 0) + 1);
          }
        } else if (step === 'create') {
          const buyer = rng.pick(buyers);
          const houseId = rng.pick(roomIds);
          const existing = new Set((await ourOrders()).map((o) => o.id));
          try {
            const created = await createOrder(db, buyer.id, { houseId, agreed: true }, now);
            expect(existing.has(created.id)).toBe(false);
            expectedLogs.set(created.id, LOG_ENTRIES.create);
            tally('create');
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // Refused: no order was added.
            for (const o of await ourOrders()) {
              if (!existing.has(o.id)) throw new Error(`${label}: refused create added ${o.id}`);
            }
          }
        } else {
          const all = await ourOrders();
          if (all.length === 0) continue;
          // Mostly an order the step applies to (so sequences go deep), sometimes any (refusals).
          const fitting = all.filter((o) => allowed(step, o, now));
          const order = rng.pick(fitting.length > 0 && rng.chance(0.8) ? fitting : all);
          const may = allowed(step, order, now);
          const changed = await run(step, order, now, rng);
          expect(changed, `${label} on order ${order.id} (status ${order.payStatus})`).toBe(may);
          const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
          if (changed) {
            expectedLogs.set(order.id, (expectedLogs.get(order.id) ?? 0) + LOG_ENTRIES[step]);
            tally(step);
          } else {
            expect(after, `${label}: a refused transition changes nothing`).toEqual(order);
          }
        }
        await checkInvariants(expectedLogs, label);
      }
    }
    // The sequences really moved orders through the machine, not only through refusals.
    const exercised = [...applied.keys()].sort();
    expect(exercised, JSON.stringify(Object.fromEntries(applied))).toEqual(
      [...Object.keys(LOG_ENTRIES)].sort(),
    );
  }, 60_000);
});
