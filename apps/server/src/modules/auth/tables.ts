/**
 * The tables of `auth` other modules may read, and only read; only `auth` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { users } from '../../db/schema/index';
