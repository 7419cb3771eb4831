import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildings, rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../projects/read-cache';
import { recordAudit } from './audit';

/** A live order holds the room: awaiting payment (1) or paid (3). */
const LIVE_ORDER = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.pay_status in (1, 3))`;
/** The flat is sold: an order of the room has its 网签 (contract filed), whatever its pay status. */
const NETSIGNED = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.netsignnum is not null)`;
/** The deposit of an order of the room is being refunded (4): the operator's decision is pending. */
const REFUNDING = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.pay_status = 4)`;

/** Why a room's sale state must not change, most serious first; null when it may. */
const SALE_BLOCK = sql<'liveOrder' | 'netsigned' | 'refunding' | null>`case
  when ${NETSIGNED} then 'netsigned'
  when ${LIVE_ORDER} then 'liveOrder'
  when ${REFUNDING} then 'refunding'
end`;

/** Rooms of one building with their colour and why (if at all) their sale state is locked. */
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
      saleBlock: SALE_BLOCK,
    })
    .from(rooms)
    .where(eq(rooms.buildingId, buildingId))
    .orderBy(asc(rooms.unitName), sql`${rooms.floor} desc`, asc(rooms.houseMapName));
}

/**
 * Puts rooms on sale (gray → green) or off sale (green → gray) with one conditional update:
 * a room changes only if it is in the opposite colour and no order blocks it — a live order
 * (1 or 3), a 网签 (the flat is sold, so a gray room stays gray and can never be sold twice) or a
 * refund in progress (4). Each changed room gets its audit entry in the same transaction; the
 * rest come back as skipped.
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
      .where(and(inArray(rooms.id, wanted), eq(rooms.saleStatus, from), sql`${SALE_BLOCK} is null`))
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
