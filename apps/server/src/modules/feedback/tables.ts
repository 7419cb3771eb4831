/**
 * The tables of `feedback` other modules may read, and only read; only `feedback` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { feedback } from '../../db/schema/index';
