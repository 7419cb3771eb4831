/**
 * What other modules may use of the building table (docs/decisions/0046-module-boundaries.md): the
 * live colour of a room, for the project page's excerpt of a building.
 */
export { LIVE_ORDER_OF_ROOM, LIVE_STATE_COLUMNS } from './building-table.queries';
export { liveRoomColor } from './room-colours';
