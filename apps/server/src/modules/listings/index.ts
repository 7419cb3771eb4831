/**
 * What other modules may use of the second-hand market (docs/decisions/0046-module-boundaries.md):
 * whether a listing is public, the listing search conditions and cards, and the report filter.
 * The routes are mounted by the app (`listings.module.ts`).
 */
export { findPublishedListing } from './listing-detail.queries';
export { listingOrderBy, notHiddenByReports, searchConditions, toCards } from './listings.queries';
export {
  deleteListingsOfAccountsClosedBefore,
  hasOpenReportsOnListingsOf,
} from './closed-account-listings';
export { forgetListingsOfClosedAccount } from './closed-account.service';
