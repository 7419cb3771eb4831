/**
 * What other modules may use of the second-hand market (docs/decisions/0046-module-boundaries.md):
 * whether a listing is public (alone, or with what its page head and the sitemap say of it), the
 * listing search conditions and cards, and the report filter. The routes are mounted by the app
 * (`listings.module.ts`).
 */
export { findPublishedListing } from './listing-detail.queries';
export { findPublishedListingHead, listPublicListingStamps } from './public-records.queries';
export { isPublicListing } from './tables';
export { listingOrderBy, notHiddenByReports, searchConditions, toCards } from './listings.queries';
export {
  deleteListingsOfAccountsClosedBefore,
  deleteReportsOfAccountsClosedBefore,
} from './closed-account-listings';
export { hasOpenReportsOnListingsOf } from './closed-account-listings.queries';
export { forgetListingsOfClosedAccount } from './closed-account.service';
