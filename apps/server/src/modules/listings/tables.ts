import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { eq, type SQL } from 'drizzle-orm';
import { secondHandListings } from '../../db/schema/index';

/**
 * The tables of `listings` other modules may read, and which listings are public; only `listings`
 * writes them (docs/decisions/0075-one-owner-per-table.md).
 */
export { listingReports, listingVerifications, secondHandListings } from '../../db/schema/index';

/**
 * The condition of a public listing, for other modules' reads of listings (compare, history):
 * published. Its page stays open while reports hide it from the search (`notHiddenByReports`);
 * docs/decisions/0075-one-owner-per-table.md.
 */
export function isPublicListing(): SQL {
  return eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED);
}
