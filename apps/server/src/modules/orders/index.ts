/**
 * What other modules may use of the orders (docs/decisions/0046-module-boundaries.md): the masked
 * ID number as orders show it, and putting rooms on or off sale without touching held ones; and
 * for the scheduled jobs, the release of expired room locks, the expiry of unpaid orders and the
 * reconciliation of pending refunds.
 */
export { releaseExpiredLocks } from './lock-release';
export { maskIdCard } from './order-events';
export { expireUnpaidOrders } from './order-expiry';
export { reconcilePendingRefunds } from './refund-confirmation';
export { setRoomsForSale } from './room-state';
export { forgetOrdersOfClosedAccount } from './closed-account.service';
