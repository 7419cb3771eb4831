/**
 * The tables of `subscriptions` other modules may read, and only read; only `subscriptions` writes
 * them (docs/decisions/0075-one-owner-per-table.md).
 */
export { subscriptions } from '../../db/schema/index';
