/**
 * The tables of `site` other modules may read, and only read; only `site` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { merchants, siteSettings } from '../../db/schema/index';
