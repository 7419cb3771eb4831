/**
 * Favourites (收藏) of projects, articles and second-hand listings. Other modules may ask who
 * follows a listing (to tell them when it is withdrawn, sold or repriced).
 */
export { selectFavouriteHolders as favouriteHolders, isFavourited } from './favourites.queries';
export { forgetFavouritesOfClosedAccount } from './closed-account.service';
