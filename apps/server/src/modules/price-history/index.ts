/** What other modules may use of the price history: the source marker and the routes. */
export { markPriceChange } from './price-source';
export { priceHistoryModule } from './price-history.routes';
