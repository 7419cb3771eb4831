import type { DictionaryType } from '@portal/shared/constants/listings';
import type { DictionaryItem } from '@portal/shared/schemas/listings';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** A dictionary of the listing form (decoration, direction, …; docs/product/listings.md) as `{ id: code, name }` items. */
export function useDictionary(type: DictionaryType) {
  return useQuery({
    queryKey: ['dictionaries', type],
    queryFn: () => apiGet<DictionaryItem[]>(`/api/dictionaries/${type}`),
    staleTime: 10 * 60_000,
  });
}

/** The tags of a listing type: 6 sale, 7 rent. */
export function useListingTags(tagType: 6 | 7) {
  return useQuery({
    queryKey: ['tags', tagType],
    queryFn: () => apiGet<Array<{ id: number; tagName: string }>>('/api/tags', { tagType }),
    staleTime: 10 * 60_000,
  });
}
