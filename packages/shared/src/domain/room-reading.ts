import { roundHalfUp } from '../format';
import { ROOM_SALE_STATUS, ROOM_SALE_STATUS_LABEL, type RoomSaleStatus } from '../status/room-sale';

/** What a room of the building table is read aloud as (docs/product/accessibility.md). */
export interface RoomToRead {
  /** The building's name as the table shows it, e.g. 3号楼. */
  building: string;
  /** The unit, e.g. 2单元. */
  unit: string;
  /** The door number, e.g. 1202. */
  houseMapName: string;
  color: RoomSaleStatus;
  /** Building area in ㎡. */
  buildArea: number;
  /** Total price in 元. */
  totalPrice: number;
}

/** A figure read as words would say it: no thousands separators, no trailing zero decimals. */
function spoken(value: number, decimals: number): string {
  return String(roundHalfUp(value, decimals));
}

/**
 * The sentence 读屏 speaks for a room, e.g. "3号楼 2单元 1202，可售，89平方米，总价 98 万":
 * place and door, state, area in 平方米 (two decimals at most) and, for a room on sale, the total
 * price in 万 (two decimals at most).
 */
export function roomReading(room: RoomToRead): string {
  const parts = [
    `${room.building} ${room.unit} ${room.houseMapName}`,
    ROOM_SALE_STATUS_LABEL[room.color],
    `${spoken(room.buildArea, 2)}平方米`,
  ];
  if (room.color === ROOM_SALE_STATUS.AVAILABLE && room.totalPrice > 0) {
    parts.push(`总价 ${spoken(room.totalPrice / 10_000, 2)} 万`);
  }
  return parts.join('，');
}
