import { orientationName } from '@portal/shared/constants/places';
import {
  NO_PRESALE_LICENCE_REASON,
  type BuildingRooms,
  type RoomColor,
  type TableRoom,
} from '@portal/shared/schemas/building-table';
import { ROOM_SALE_STATUS } from '@portal/shared/status';

/**
 * The room-colour rule of the building table: how a stored room, its building's licence and
 * its live order read at a given moment (green 可售, yellow 待付款, blue 已锁定, gray 不可售).
 * Pure functions of the rows the queries read (building-table.queries.ts,
 * projects/building-excerpt.queries.ts), so the rule lives in one place and the queries only
 * read (docs/decisions/0047-layers-and-one-validation-path.md).
 */

/** A room as stored, with its building's licence and its live order's times. */
export interface RoomRow {
  id: number;
  roomNumber: string;
  floor: number;
  housePurpose: string;
  roomType: string | null;
  orientation: string | null;
  houseModelId: number | null;
  buildArea: number;
  currentPrice: number;
  totalPrice: number;
  saleStatus: string;
  /** The room's building holds a pre-sale licence. */
  licensed: boolean;
  roomPayExpire: Date | null;
  roomLockExpire: Date | null;
  roomDelayStatus: number | null;
  orderPayExpire: Date | null;
  orderLockExpire: Date | null;
  orderDelayStatus: number | null;
  /** The 摇号 batch holding the room (id, title, drawn), or nulls for a room in none. */
  lotteryBatchId: number | null;
  lotteryTitle: string | null;
  lotteryDrawn: boolean | null;
}

/** The stored state, the building's licence and the live order's pay deadline of a room. */
type LiveStateRow = Pick<RoomRow, 'saleStatus' | 'licensed' | 'roomPayExpire' | 'orderPayExpire'>;

/**
 * The colour a room reads at `now` (see `toTableRoom`): its stored state, except that an overdue
 * payment reads green and a room of a building without a pre-sale licence never reads green.
 */
export function liveRoomColor(row: LiveStateRow, now: Date): RoomColor {
  let color = row.saleStatus as RoomColor;
  const payExpire = row.orderPayExpire ?? row.roomPayExpire;
  if (color === ROOM_SALE_STATUS.PAYING && payExpire && payExpire.getTime() <= now.getTime())
    color = ROOM_SALE_STATUS.AVAILABLE;
  if (!row.licensed && color === ROOM_SALE_STATUS.AVAILABLE) color = ROOM_SALE_STATUS.UNAVAILABLE;
  return color;
}

/**
 * The live colour and times of a room from its row and its live order (awaiting payment or
 * paid). A yellow room whose payment window has passed at `now` reads green: the order is
 * overdue and the sweeper is about to close it (docs/product/orders.md). A room of a building without a
 * pre-sale licence takes no deposit, so it never reads green: it reads gray (不可售) with the
 * reason, and the legend counts it there. A room of a 摇号 batch keeps its colour but is not
 * offered for sale to everyone (allowSell false): it is locked only in its buyer's 选房 turn
 * (docs/product/lottery.md), and `lottery` names its batch.
 */
export function toTableRoom(row: RoomRow, now: Date): TableRoom {
  const color = liveRoomColor(row, now);
  const payExpire = row.orderPayExpire ?? row.roomPayExpire;
  const lockExpire = row.orderLockExpire ?? row.roomLockExpire;
  const lottery =
    row.lotteryBatchId === null
      ? null
      : {
          batchId: row.lotteryBatchId,
          title: row.lotteryTitle ?? '',
          drawn: row.lotteryDrawn === true,
        };
  return {
    id: row.id,
    houseMapName: row.roomNumber,
    floor: row.floor,
    housePurpose: row.housePurpose,
    roomType: row.roomType,
    orientation: row.orientation,
    orientationName: orientationName(row.orientation),
    houseModelId: row.houseModelId,
    buildArea: row.buildArea,
    currentPrice: row.currentPrice,
    totalPrice: row.totalPrice,
    color,
    payExpireTime: color === ROOM_SALE_STATUS.PAYING && payExpire ? payExpire.toISOString() : null,
    lockExpireTime:
      color === ROOM_SALE_STATUS.LOCKED && lockExpire ? lockExpire.toISOString() : null,
    delayStatus:
      color === ROOM_SALE_STATUS.LOCKED ? (row.orderDelayStatus ?? row.roomDelayStatus) : null,
    allowSell: color === ROOM_SALE_STATUS.AVAILABLE && lottery === null,
    showCountDown: color === ROOM_SALE_STATUS.PAYING || color === ROOM_SALE_STATUS.LOCKED,
    noSaleReason:
      !row.licensed && color === ROOM_SALE_STATUS.UNAVAILABLE ? NO_PRESALE_LICENCE_REASON : null,
    lottery,
  };
}

/** Floors and legend from a unit's rows at `now` (rows not empty). */
export function roomsAnswer(
  buildingId: number,
  scope: string,
  rows: Array<RoomRow & { unitName: string }>,
  now: Date,
): BuildingRooms {
  const legend = { green: 0, yellow: 0, blue: 0, gray: 0 };
  const floors: BuildingRooms['floors'] = [];
  for (const row of rows) {
    const room = toTableRoom(row, now);
    legend[room.color] += 1;
    const last = floors.at(-1);
    if (last?.floor === room.floor) last.houseList.push(room);
    else floors.push({ floor: room.floor, houseList: [room] });
  }
  const unit = rows[0]?.unitName ?? '';
  return { buildingId, unit, buildAreaScope: scope, floors, legend };
}
