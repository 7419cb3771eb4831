/**
 * What other modules may use of places: where a listing is and its 小区, and the 小区 as the page
 * heads and the sitemap see them.
 */
export { findCommunityHead, listCommunityStamps } from './community-records.queries';
export { placeOfListing } from './communities.queries';
