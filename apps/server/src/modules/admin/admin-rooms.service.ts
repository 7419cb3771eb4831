import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildings, rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../projects/read-cache';
import { recordAudit } from './audit';

/** Order pay statuses that hold a room: awaiting payment (1) and paid (3). */
const LIVE_ORDER = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.pay_status in (1, 3))`;

/** Rooms of one building with their colour and whether a live order holds them. */
export async function listBuildingRooms(db: Db, buildingId: number) {
  const [building] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  if (!building) throw new AppError('NOT_FOUND', '楼栋不存在');
  return db
    .select({
      id: rooms.id,
      unitName: rooms.unitName,
      floor: rooms.floor,
      houseMapName: rooms.houseMapName,
      saleStatus: rooms.saleStatus,
      buildArea: rooms.buildArea,
      totalPrice: rooms.totalPrice,
      hasLiveOrder: sql<boolean>`${LIVE_ORDER}`,
    })
    .from(rooms)
    .where(eq(rooms.buildingId, buildingId))
    .orderBy(asc(rooms.unitName), sql`${rooms.floor} desc`, asc(rooms.houseMapName));
}

/**
 * Puts rooms on sale (gray → green) or off sale (green → gray) with one conditional update:
 * a room changes only if it is in the opposite colour and no live order (status 1 or 3) holds
 * it, so a yellow or blue room, or one a buyer is paying for right now, is never touched.
 * Each changed room gets its audit entry in the same transaction; the rest come back as skipped.
 */
export async function setRoomsSaleStatus(
  db: Db,
  actorId: number,
  roomIds: number[],
  saleStatus: 'green' | 'gray',
): Promise<{ changed: number[]; skipped: number[] }> {
  const wanted = [...new Set(roomIds)];
  const from = saleStatus === 'green' ? 'gray' : 'green';
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(rooms)
      .set({ saleStatus })
      .where(and(inArray(rooms.id, wanted), eq(rooms.saleStatus, from), sql`not ${LIVE_ORDER}`))
      .returning({ id: rooms.id, projectId: rooms.projectId });
    const at = new Date();
    for (const row of rows) {
      await recordAudit(tx, {
        actorId,
        action: saleStatus === 'green' ? 'room.onSale' : 'room.offSale',
        targetType: 'room',
        targetId: row.id,
        before: { saleStatus: from, projectId: row.projectId },
        after: { saleStatus, projectId: row.projectId },
        at,
      });
    }
    return rows.map((row) => row.id);
  });
  if (changed.length) invalidateProjectReads();
  const changedSet = new Set(changed);
  return {
    changed: changed.sort((a, b) => a - b),
    skipped: wanted.filter((id) => !changedSet.has(id)),
  };
}
