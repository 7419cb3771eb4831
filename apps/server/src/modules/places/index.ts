/** What other modules may use of places: where a listing is and its 小区. */
export { placeOfListing } from './communities.queries';
