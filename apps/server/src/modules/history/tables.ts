/**
 * The tables of `history` other modules may read, and only read; only `history` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { browsingHistory } from '../../db/schema/index';
