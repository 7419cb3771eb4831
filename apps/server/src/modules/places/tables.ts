/**
 * The tables of `places` other modules may read, and only read; only `places` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { communities } from '../../db/schema/index';
