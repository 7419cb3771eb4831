import type { CommunitySuggestion } from '@portal/shared/schemas/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { canSuggestCommunities, type ListingTypeValue } from '../lib/listing-filters';

/** Up to ten community names of published listings of a type containing `keyword`. */
export function fetchCommunitySuggestions(
  type: ListingTypeValue,
  keyword: string,
): Promise<CommunitySuggestion[]> {
  return apiGet<CommunitySuggestion[]>('/api/listings/communities', { type, keyword });
}

export const communitySuggestionsQueryOptions = (type: ListingTypeValue, keyword: string) =>
  queryOptions({
    queryKey: ['listings', 'communities', type, keyword],
    queryFn: () => fetchCommunitySuggestions(type, keyword),
    enabled: canSuggestCommunities(keyword),
    staleTime: 60_000,
  });

/** The 小区 suggestions for what has been typed (nothing until it holds a Chinese character). */
export function useCommunitySuggestions(type: ListingTypeValue, keyword: string) {
  return useQuery(communitySuggestionsQueryOptions(type, keyword));
}
