/** What other modules may use of places: the community a listing names. */
export { communityOfListing } from './communities.service';
