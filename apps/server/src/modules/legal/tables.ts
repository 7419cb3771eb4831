/**
 * The tables of `legal` other modules may read, and only read; only `legal` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { legalAcceptances } from '../../db/schema/index';
