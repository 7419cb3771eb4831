/**
 * The tables of `audit` other modules may read, and only read; only `audit` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { adminAuditLog } from '../../db/schema/index';
