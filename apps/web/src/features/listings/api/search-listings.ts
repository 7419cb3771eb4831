import type { Paged } from '@portal/shared/api-code';
import type { ListingCard } from '@portal/shared/schemas/listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ListingSearchState } from '../lib/listing-filters';

/** One page (20) of published listings of a type with the URL's filters. */
export function searchListings(state: ListingSearchState): Promise<Paged<ListingCard>> {
  return apiGet<Paged<ListingCard>>('/api/listings', {
    type: state.type,
    pageNum: state.pageNum,
    pageSize: 20,
    ...state.filters,
  });
}

export const listingSearchQueryOptions = (state: ListingSearchState) =>
  queryOptions({
    queryKey: ['listings', 'search', state],
    queryFn: () => searchListings(state),
    placeholderData: keepPreviousData,
  });

export function useListingSearch(state: ListingSearchState) {
  return useQuery(listingSearchQueryOptions(state));
}
