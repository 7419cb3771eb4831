/**
 * The tables of `notices` other modules may read, and only read; only `notices` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { notices } from '../../db/schema/index';
