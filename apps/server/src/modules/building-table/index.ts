/**
 * What other modules may use of the building table (docs/decisions/0046-module-boundaries.md): the
 * live colour of a room, for the project page's excerpt of a building. The version bump of the
 * buildings of some rooms, for changes the table shows that no database trigger sees (摇号
 * batches), stands beside the triggers in `db/building-versions.ts`.
 */
export { LIVE_ORDER_OF_ROOM, LIVE_STATE_COLUMNS } from './building-table.queries';
export { liveRoomColor } from './room-colours';
