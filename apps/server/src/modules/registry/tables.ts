/**
 * The tables of `registry` other modules may read, and only read; only `registry` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { dictionaries, ownershipRecords } from '../../db/schema/index';
