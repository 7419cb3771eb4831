import { ROOM_SALE_STATUS, type RoomSaleStatus } from '@portal/shared/status';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildings, rooms } from '../../db/schema/index';

/**
 * The one place that changes a room's colour (`rooms.sale_status`) and the order deadlines it
 * carries (docs/product/orders.md, docs/decisions/0040-order-state-machine.md):
 *
 * | change        | from   | to     | by                                                        |
 * | ------------- | ------ | ------ | --------------------------------------------------------- |
 * | hold          | green  | yellow | an order is created (only in a licensed building)          |
 * | lock          | yellow | blue   | the order is paid                                          |
 * | free hold     | yellow | green  | the unpaid order is cancelled, times out or fails to pay   |
 * | free lock     | blue   | green  | the lock ends, or the deposit is refunded while locked     |
 * | sell          | blue   | gray   | 网签备案                                                   |
 * | on/off sale   | gray ⇄ green | | an operator, when no order blocks the room                 |
 *
 * Every change is one conditional update on the room's present colour, so a change meant for one
 * order never touches a room that another order holds by now. Each returns whether it changed.
 */

export type RoomColour = RoomSaleStatus;

/** The room's building holds a pre-sale licence: a hold is conditional on it. */
const roomBuildingLicensed = sql`exists (
  select 1 from ${buildings}
  where ${buildings.id} = ${rooms.buildingId} and ${buildings.licenceId} is not null
)`;

async function changed(rows: Promise<Array<{ id: number }>>): Promise<boolean> {
  return (await rows).length > 0;
}

/** green → yellow until `payExpireTime`, only in a building with a pre-sale licence. */
export function holdRoom(tx: Db, roomId: number, payExpireTime: Date): Promise<boolean> {
  return changed(
    tx
      .update(rooms)
      .set({
        saleStatus: ROOM_SALE_STATUS.PAYING,
        payExpireTime,
        lockExpireTime: null,
        delayStatus: null,
      })
      .where(
        and(
          eq(rooms.id, roomId),
          eq(rooms.saleStatus, ROOM_SALE_STATUS.AVAILABLE),
          roomBuildingLicensed,
        ),
      )
      .returning({ id: rooms.id }),
  );
}

/** yellow → blue until `lockExpireTime`, delay not applied for (1). */
export function lockRoom(tx: Db, roomId: number, lockExpireTime: Date): Promise<boolean> {
  return changed(
    tx
      .update(rooms)
      .set({
        saleStatus: ROOM_SALE_STATUS.LOCKED,
        payExpireTime: null,
        lockExpireTime,
        delayStatus: 1,
      })
      .where(and(eq(rooms.id, roomId), eq(rooms.saleStatus, ROOM_SALE_STATUS.PAYING)))
      .returning({ id: rooms.id }),
  );
}

/** yellow → green: the unpaid order holding it closed. */
export function freeHeldRoom(tx: Db, roomId: number): Promise<boolean> {
  return changed(
    tx
      .update(rooms)
      .set({ saleStatus: ROOM_SALE_STATUS.AVAILABLE, payExpireTime: null })
      .where(and(eq(rooms.id, roomId), eq(rooms.saleStatus, ROOM_SALE_STATUS.PAYING)))
      .returning({ id: rooms.id }),
  );
}

/** blue → green: the paid lock ended (or its deposit went back while it still held the room). */
export function freeLockedRoom(tx: Db, roomId: number): Promise<boolean> {
  return changed(
    tx
      .update(rooms)
      .set({ saleStatus: ROOM_SALE_STATUS.AVAILABLE, lockExpireTime: null, delayStatus: null })
      .where(and(eq(rooms.id, roomId), eq(rooms.saleStatus, ROOM_SALE_STATUS.LOCKED)))
      .returning({ id: rooms.id }),
  );
}

/** blue → gray: the flat is sold (网签备案). */
export function sellRoom(tx: Db, roomId: number): Promise<boolean> {
  return changed(
    tx
      .update(rooms)
      .set({
        saleStatus: ROOM_SALE_STATUS.UNAVAILABLE,
        lockExpireTime: null,
        payExpireTime: null,
        delayStatus: null,
      })
      .where(and(eq(rooms.id, roomId), eq(rooms.saleStatus, ROOM_SALE_STATUS.LOCKED)))
      .returning({ id: rooms.id }),
  );
}

/** A blue room's lock end and delay status follow its order's delay (or its giving up). */
export function setRoomLockTerms(
  tx: Db,
  roomId: number,
  terms: { lockExpireTime?: Date; delayStatus: number },
): Promise<boolean> {
  return changed(
    tx
      .update(rooms)
      .set(terms)
      .where(and(eq(rooms.id, roomId), eq(rooms.saleStatus, ROOM_SALE_STATUS.LOCKED)))
      .returning({ id: rooms.id }),
  );
}

/**
 * Simulated time (simulators only): the deadlines of a room still held in `colour` move
 * `seconds` into the past with its order's timestamps. The colour does not change.
 */
export function shiftRoomDeadlines(
  tx: Db,
  roomId: number,
  colour: typeof ROOM_SALE_STATUS.PAYING | typeof ROOM_SALE_STATUS.LOCKED,
  seconds: number,
): Promise<boolean> {
  const back = (column: typeof rooms.payExpireTime): SQL =>
    sql`${column} - make_interval(secs => ${seconds}::double precision)`;
  return changed(
    tx
      .update(rooms)
      .set({ payExpireTime: back(rooms.payExpireTime), lockExpireTime: back(rooms.lockExpireTime) })
      .where(and(eq(rooms.id, roomId), eq(rooms.saleStatus, colour)))
      .returning({ id: rooms.id }),
  );
}

/**
 * An operator's on-sale / off-sale change: rooms among `roomIds` in the opposite colour move to
 * `to` when `allowed` (an SQL condition on the room, e.g. no order blocks it) holds. Returns the
 * rooms changed.
 */
export function setRoomsForSale(
  tx: Db,
  roomIds: number[],
  to: typeof ROOM_SALE_STATUS.AVAILABLE | typeof ROOM_SALE_STATUS.UNAVAILABLE,
  allowed?: SQL,
): Promise<Array<{ id: number; projectId: number }>> {
  const from =
    to === ROOM_SALE_STATUS.AVAILABLE ? ROOM_SALE_STATUS.UNAVAILABLE : ROOM_SALE_STATUS.AVAILABLE;
  return tx
    .update(rooms)
    .set({ saleStatus: to })
    .where(and(inArray(rooms.id, roomIds), eq(rooms.saleStatus, from), allowed))
    .returning({ id: rooms.id, projectId: rooms.projectId });
}
