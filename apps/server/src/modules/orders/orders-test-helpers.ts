import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects, rooms, users } from '../../db/schema/index';
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
