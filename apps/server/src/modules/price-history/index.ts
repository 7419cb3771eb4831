/**
 * What other modules may use of the price history (docs/decisions/0046-module-boundaries.md): the
 * source marker a price write sets. The routes are mounted by the app (`price-history.routes.ts`).
 */
export { markPriceChange } from './price-source';
