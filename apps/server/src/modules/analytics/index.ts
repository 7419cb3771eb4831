/** What other modules may use of the market dashboard: its listing price trend. */
export { selectListingPriceTrend } from './listing-prices.queries';
