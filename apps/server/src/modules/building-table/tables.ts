/**
 * The tables of `building-table` other modules may read, and only read; only `building-table`
 * writes them (docs/decisions/0075-one-owner-per-table.md).
 */
export { buildings, rooms, units } from '../../db/schema/index';
