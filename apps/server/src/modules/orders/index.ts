/**
 * What other modules may use of the orders (docs/decisions/0046-module-boundaries.md): the masked
 * ID number as orders show it, and putting rooms on or off sale without touching held ones.
 */
export { maskIdCard } from './order-events';
export { setRoomsForSale } from './room-state';
export { forgetOrdersOfClosedAccount } from './closed-account.service';
