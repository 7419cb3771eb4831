import type { BuildingRooms, TableRoom } from '@portal/shared/schemas/building-table';
import { ROOM_SALE_STATUS } from '@portal/shared/status';

/** The word that marks a room of a 摇号 batch in its cell (docs/product/lottery.md). */
export const LOTTERY_ROOM_MARK = '摇号房源';

/**
 * What a 摇号 room's sheet says instead of offering the deposit: before the draw, register first;
 * after it, choose in the order of the draw; to the buyer whose 选房 turn runs now, that it is
 * theirs to choose.
 */
export function lotteryRoomNote(lottery: NonNullable<TableRoom['lottery']>, inTurn: boolean) {
  if (!lottery.drawn) return '本房源参加摇号选房，请先意向登记，摇号后按摇号顺序选房';
  if (inTurn) return '本房源参加摇号选房，现在轮到您选房，可缴纳订约金选定本房源';
  return '本房源参加摇号选房，请按摇号顺序选房';
}

/** The viewer's 选房 turn of the room's batch runs now (and the room is still free). */
export function inLotteryTurn(room: TableRoom, turnBatchIds: ReadonlySet<number>): boolean {
  return (
    room.lottery !== null &&
    room.lottery.drawn &&
    room.color === ROOM_SALE_STATUS.AVAILABLE &&
    turnBatchIds.has(room.lottery.batchId)
  );
}

/**
 * 订约金缴纳 is offered on a room the server sells to everyone (`allowSell`), and on a free room
 * of a 摇号 batch to the buyer whose 选房 turn of that batch runs now. The server checks the turn
 * again when the order is placed (docs/decisions/0063-lottery-draw-anyone-can-recheck.md).
 */
export function offersDeposit(room: TableRoom, turnBatchIds: ReadonlySet<number>): boolean {
  return room.allowSell || inLotteryTurn(room, turnBatchIds);
}

/** The drawn batches among the rooms shown, in id order (only their 选房 turns matter). */
export function drawnBatchIds(floors: BuildingRooms['floors']): number[] {
  const ids = new Set<number>();
  for (const floor of floors) {
    for (const room of floor.houseList) if (room.lottery?.drawn) ids.add(room.lottery.batchId);
  }
  return [...ids].sort((a, b) => a - b);
}
