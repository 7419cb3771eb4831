import { LOTTERY_SLOT_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryPlaces, lotteryRegistrations } from '../../db/schema/index';
import { rooms } from '../building-table/tables';
import type { BatchRow } from './lottery.queries';

/*
 * The reads of a batch's 选房 line: rooms left, the place in a given state, the active turn.
 * The line is moved on by `lottery-turns.ts`, on the caller's transaction.
 */

/** Green rooms of a batch still to be chosen (a room chosen in this transaction counts as taken). */
export async function roomsLeft(db: Db, batch: Pick<BatchRow, 'id' | 'roomIds'>): Promise<number> {
  const chosen = await db
    .select({ roomId: lotteryPlaces.chosenRoomId })
    .from(lotteryPlaces)
    .where(and(eq(lotteryPlaces.batchId, batch.id), isNotNull(lotteryPlaces.chosenRoomId)));
  const chosenIds = new Set(chosen.map((row) => row.roomId));
  const open = batch.roomIds.filter((id) => !chosenIds.has(id));
  if (open.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(rooms)
    .where(and(inArray(rooms.id, open), eq(rooms.saleStatus, ROOM_SALE_STATUS.AVAILABLE)));
  return row?.n ?? 0;
}

export async function placeAt(db: Db, batchId: number, status: string) {
  const [row] = await db
    .select({ place: lotteryPlaces, userId: lotteryRegistrations.userId })
    .from(lotteryPlaces)
    .innerJoin(lotteryRegistrations, eq(lotteryRegistrations.id, lotteryPlaces.registrationId))
    .where(and(eq(lotteryPlaces.batchId, batchId), eq(lotteryPlaces.slotStatus, status)))
    .orderBy(asc(lotteryPlaces.lineNo))
    .limit(1);
  return row;
}

export async function activeTurn(db: Db, batchId: number) {
  const [row] = await db
    .select({
      chooseOrder: lotteryPlaces.chooseOrder,
      regNo: lotteryRegistrations.regNo,
      endsAt: lotteryPlaces.endsAt,
    })
    .from(lotteryPlaces)
    .innerJoin(lotteryRegistrations, eq(lotteryRegistrations.id, lotteryPlaces.registrationId))
    .where(
      and(
        eq(lotteryPlaces.batchId, batchId),
        eq(lotteryPlaces.slotStatus, LOTTERY_SLOT_STATUS.ACTIVE),
      ),
    )
    .orderBy(asc(lotteryPlaces.lineNo))
    .limit(1);
  return row;
}

export async function someoneWaits(db: Db, batchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lotteryPlaces.registrationId })
    .from(lotteryPlaces)
    .where(
      and(
        eq(lotteryPlaces.batchId, batchId),
        eq(lotteryPlaces.slotStatus, LOTTERY_SLOT_STATUS.WAITING),
      ),
    )
    .limit(1);
  return row !== undefined;
}
