/**
 * What other modules may use of the building table (docs/decisions/0046-module-boundaries.md): the
 * live colour of a room, for the project page's excerpt of a building; and every change of a
 * room's colour (`room-state.ts`), which the orders make as they move and the console as it puts
 * rooms on or off sale (docs/decisions/0075-one-owner-per-table.md). The version bump of the
 * buildings of some rooms, for changes the table shows that no database trigger sees (摇号
 * batches), stands beside the triggers in `db/building-versions.ts`.
 */
export { LIVE_ORDER_OF_ROOM, LIVE_STATE_COLUMNS } from './building-table.queries';
export { liveRoomColor } from './room-colours';
export {
  freeHeldRoom,
  freeLockedRoom,
  holdRoom,
  lockRoom,
  sellRoom,
  setRoomLockTerms,
  setRoomsForSale,
  shiftRoomDeadlines,
  type RoomColour,
} from './room-state';
