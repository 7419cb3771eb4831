import { roomTotalPrice } from '@portal/shared/constants/project-filters';
import { ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { recordAudit } from '../audit/index';
import { markPriceChange } from '../price-history/index';
import { setRoomsForSale } from './room-state';
import { LICENSED, SALE_BLOCK } from './rooms.admin.queries';

/**
 * Puts rooms on sale (gray → green) or off sale (green → gray) with one conditional update:
 * a room changes only if it is in the opposite colour and no order blocks it — a live order
 * (1 or 3), a 网签 (the flat is sold, so a gray room stays gray and can never be sold twice) or a
 * refund in progress (4) — and, going on sale, only in a building with a pre-sale licence (a
 * flat without one may not take deposits). Each changed room gets its audit entry in the same
 * transaction; the rest come back as skipped.
 */
export async function setRoomsSaleStatus(
  db: Db,
  actorId: number,
  roomIds: number[],
  saleStatus: typeof ROOM_SALE_STATUS.AVAILABLE | typeof ROOM_SALE_STATUS.UNAVAILABLE,
): Promise<{ changed: number[]; skipped: number[] }> {
  const wanted = [...new Set(roomIds)];
  const from =
    saleStatus === ROOM_SALE_STATUS.AVAILABLE
      ? ROOM_SALE_STATUS.UNAVAILABLE
      : ROOM_SALE_STATUS.AVAILABLE;
  const changed = await db.transaction(async (tx) => {
    const rows = await setRoomsForSale(
      tx,
      wanted,
      saleStatus,
      and(
        sql`${SALE_BLOCK} is null`,
        saleStatus === ROOM_SALE_STATUS.AVAILABLE ? LICENSED : undefined,
      ),
    );
    const at = new Date();
    for (const row of rows) {
      await recordAudit(tx, {
        actorId,
        action: saleStatus === ROOM_SALE_STATUS.AVAILABLE ? 'room.onSale' : 'room.offSale',
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

/** Why a room's price may not change, as the operator reads it. */
const PRICE_REFUSAL: Record<'liveOrder' | 'netsigned' | 'refunding' | 'trading', string> = {
  netsigned: '该房间已网签（已售），不能修改价格',
  liveOrder: '该房间被订单占用，不能修改价格',
  refunding: '该房间订约金退款处理中，不能修改价格',
  trading: '该房间交易进行中，不能修改价格',
};

/**
 * Sets a room's unit price (yuan/㎡) and with it its total price (yuan, unit price × build area,
 * rounded). Refused (409) on the same grounds as a change of its sale state — a 网签, a live
 * order, a refund in progress — and while the room is yellow or blue, so the price a buyer
 * ordered at never changes under him. One conditional update; audited with the old and new
 * prices; invalidates the cached project reads.
 */
export async function setRoomPrice(
  db: Db,
  actorId: number,
  roomId: number,
  currentPrice: number,
): Promise<{ id: number; currentPrice: number; totalPrice: number }> {
  const result = await db.transaction(async (tx) => {
    const [room] = await tx
      .select({
        projectId: rooms.projectId,
        buildArea: rooms.buildArea,
        currentPrice: rooms.currentPrice,
        totalPrice: rooms.totalPrice,
        saleStatus: rooms.saleStatus,
        saleBlock: SALE_BLOCK,
      })
      .from(rooms)
      .where(eq(rooms.id, roomId))
      .for('update');
    if (!room) throw new AppError('NOT_FOUND', '房间不存在');
    const refusal =
      room.saleBlock ??
      (room.saleStatus === ROOM_SALE_STATUS.AVAILABLE ||
      room.saleStatus === ROOM_SALE_STATUS.UNAVAILABLE
        ? null
        : 'trading');
    if (refusal) throw new AppError('CONFLICT', PRICE_REFUSAL[refusal]);
    const totalPrice = roomTotalPrice(room.buildArea, currentPrice);
    await markPriceChange(tx, 'console');
    const [changed] = await tx
      .update(rooms)
      .set({ currentPrice, totalPrice })
      .where(
        and(
          eq(rooms.id, roomId),
          inArray(rooms.saleStatus, [ROOM_SALE_STATUS.AVAILABLE, ROOM_SALE_STATUS.UNAVAILABLE]),
          sql`${SALE_BLOCK} is null`,
        ),
      )
      .returning({ id: rooms.id });
    if (!changed) throw new AppError('CONFLICT', PRICE_REFUSAL.trading);
    await recordAudit(tx, {
      actorId,
      action: 'room.price',
      targetType: 'room',
      targetId: roomId,
      before: {
        currentPrice: room.currentPrice,
        totalPrice: room.totalPrice,
        projectId: room.projectId,
      },
      after: { currentPrice, totalPrice, projectId: room.projectId },
    });
    return { id: roomId, currentPrice, totalPrice };
  });
  invalidateProjectReads();
  return result;
}
