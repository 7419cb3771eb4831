import type { ListingDetail } from '@portal/shared/schemas/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

export const listingDetailQueryKey = (id: number) => ['listings', 'detail', id] as const;

/** detailscs / detailscz data; a failed call is ignored silently (docs/product/listings.md). */
export const listingDetailQueryOptions = (id: number, token: string | null) =>
  queryOptions({
    queryKey: [...listingDetailQueryKey(id), token],
    queryFn: () => apiGet<ListingDetail>(`/api/listings/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useListingDetail(id: number) {
  const token = useAuth((state) => state.session);
  return useQuery(listingDetailQueryOptions(id, token));
}
