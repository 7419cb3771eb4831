import { ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { buildings, orders, projects, rooms, users } from '../../db/schema/index';
import { composeIdCard } from '../../seed/id-card';
import { setRoomsForSale } from '../building-table/index';
import { givePrivacyConsent } from '../legal/legal-test-helpers';
import { bearerFor } from '../news/test-helpers';

let freshSerial = 0;

/**
 * A new real-name verified buyer with an identity of its own (ID numbers born 1959, which the
 * seed never uses) and the privacy consent a verified buyer gave, signed in: each test that books flats takes its own, since one identity may
 * hold only one live deposit order and three closed unpaid ones block it for a day.
 */
export async function freshBuyer(
  db: Db,
): Promise<{ headers: { authorization: string }; id: number }> {
  freshSerial += 1;
  const serial = freshSerial + (process.pid % 500) * 1000;
  const idCard = composeIdCard(
    '130302',
    `1959${String(1 + (serial % 12)).padStart(2, '0')}15`,
    serial % 1000,
  );
  const phone = `176${String(serial).padStart(8, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      phone,
      nickname: `购房人${serial}`,
      realName: '测试购房人',
      idCard,
      identityHash: identityHashOf(idCard),
      realNameAuth: true,
      realNameAuthAt: new Date(),
    })
    .returning({ id: users.id });
  const id = (user as { id: number }).id;
  await givePrivacyConsent(db, id);
  return { headers: await bearerFor(db, phone), id };
}

/** Ids of green rooms of published projects, in id order (each test takes its own). */
export async function greenRoomIds(db: Db, howMany: number): Promise<number[]> {
  const rows = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .where(and(eq(rooms.saleStatus, ROOM_SALE_STATUS.AVAILABLE), eq(projects.publishStatus, 3)))
    .orderBy(rooms.id)
    .limit(howMany);
  return rows.map((row) => row.id);
}

/**
 * A room of a published project whose building has no pre-sale licence and that no order ever
 * touched, put on sale (green) as an operator might: the refusal it meets is the licence alone.
 */
export async function greenRoomWithoutLicence(db: Db): Promise<{ id: number; buildingId: number }> {
  const [room] = await db
    .select({ id: rooms.id, buildingId: rooms.buildingId, unitName: rooms.unitName })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(
      and(
        isNull(buildings.licenceId),
        eq(projects.publishStatus, 3),
        eq(rooms.saleStatus, ROOM_SALE_STATUS.UNAVAILABLE),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.roomId, rooms.id))),
      ),
    )
    .orderBy(rooms.id)
    .limit(1);
  if (!room) throw new Error('the seed has no building without a pre-sale licence');
  await setRoomsForSale(db, [room.id], ROOM_SALE_STATUS.AVAILABLE);
  return room;
}

/** What the order API tests start from: a small city, the demo buyer, another verified buyer. */
export interface OrderTestContext {
  t: TestApp;
  buyer: { authorization: string };
  other: { authorization: string };
  buyerId: number;
  /** `rooms` green rooms of published projects, each test taking its own. */
  roomIds: number[];
}

/** A fresh test app (seed scale 0.05) with the demo buyer, another buyer and green rooms. */
export async function openOrderTest(rooms: number): Promise<OrderTestContext> {
  const t = await createTestApp({ seedScale: 0.05 });
  const db = t.database.db;
  const buyer = await bearerFor(db, '13800000001');
  const other = (await freshBuyer(db)).headers;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
  return {
    t,
    buyer,
    other,
    buyerId: row?.id as number,
    roomIds: await greenRoomIds(db, rooms),
  };
}

/**
 * Test fixtures that book flat after flat for one account: closes that account's live orders as
 * finished history (unpaid ones cancelled three days ago, and earlier closings moved there too,
 * outside the 24-hour cooling-off; paid ones net-signed), so the one-live-order rule lets the next booking through. Room colours
 * are left as they are.
 */
export async function settleLiveOrders(db: Db, userId: number): Promise<void> {
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
  await db
    .update(orders)
    .set({ payStatus: 0, cancelTime: threeDaysAgo, cancelReason: '测试：结束进行中的订单' })
    .where(and(eq(orders.userId, userId), eq(orders.payStatus, 1)));
  // Closings of earlier fixtures move out of the 24-hour cooling-off window too.
  await db
    .update(orders)
    .set({ cancelTime: threeDaysAgo, payExpireTime: threeDaysAgo })
    .where(and(eq(orders.userId, userId), inArray(orders.payStatus, [0, 2])));
  await db
    .update(orders)
    .set({ netSignNumber: `TEST${userId}` })
    .where(
      and(eq(orders.userId, userId), isNull(orders.netSignNumber), isNull(orders.lockReleasedAt)),
    );
}
