/**
 * The tables of `lottery` other modules may read, and only read; only `lottery` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { lotteryBatches } from '../../db/schema/index';
