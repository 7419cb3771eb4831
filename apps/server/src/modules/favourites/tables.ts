/**
 * The tables of `favourites` other modules may read, and only read; only `favourites` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { favourites } from '../../db/schema/index';
