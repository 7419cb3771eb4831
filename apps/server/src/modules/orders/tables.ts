/**
 * The tables of `orders` other modules may read, and only read; only `orders` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { orders } from '../../db/schema/index';
