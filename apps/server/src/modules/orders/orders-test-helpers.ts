import { and, eq, isNull, ne, notExists } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import { buildings, orders, projects, rooms, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';

/** Bearer headers of seeded real-name verified users other than the demo buyer. */
export async function verifiedBearers(
  db: Db,
  howMany: number,
): Promise<{ authorization: string }[]> {
  const rows = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.realNameAuth, true), ne(users.phone, '13800000001')))
    .orderBy(users.id)
    .limit(howMany);
  const phones = rows.flatMap((row) => (row.phone ? [row.phone] : []));
  return Promise.all(phones.map((phone) => bearerFor(db, phone)));
}

/** Ids of green rooms of published projects, in id order (each test takes its own). */
export async function greenRoomIds(db: Db, howMany: number): Promise<number[]> {
  const rows = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .where(and(eq(rooms.saleStatus, 'green'), eq(projects.publishStatus, 3)))
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
        eq(rooms.saleStatus, 'gray'),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.roomId, rooms.id))),
      ),
    )
    .orderBy(rooms.id)
    .limit(1);
  if (!room) throw new Error('the seed has no building without a pre-sale licence');
  await db.update(rooms).set({ saleStatus: 'green' }).where(eq(rooms.id, room.id));
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
  const [other] = await verifiedBearers(db, 1);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
  return {
    t,
    buyer,
    other: other as { authorization: string },
    buyerId: row?.id as number,
    roomIds: await greenRoomIds(db, rooms),
  };
}
