/**
 * What other modules may use of the orders (docs/decisions/0046-module-boundaries.md): the masked
 * ID number as orders show it; and for the scheduled jobs, the release of expired room locks, the expiry of unpaid orders and the
 * reconciliation of pending refunds.
 */
export { releaseExpiredLocks } from './lock-release';
export { maskIdCard } from './order-events';
export { expireUnpaidOrders, type SweepStep } from './order-expiry';
export { reconcilePendingRefunds } from './refund-confirmation';
export { forgetOrdersOfClosedAccount } from './closed-account.service';
