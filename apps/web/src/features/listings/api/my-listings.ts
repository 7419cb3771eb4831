import type { Paged } from '@portal/shared/api-code';
import type { ListingTypeCode } from '@portal/shared/constants/listings';
import type { MyListing } from '@portal/shared/schemas/listing-trust';
import type { ListingEdit } from '@portal/shared/schemas/listings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';

const MINE_KEY = ['listings', 'mine'] as const;

/** The caller's listings of a type, 20 per page (/mySecondHandHouse, docs/product/listings.md). */
export function useMyListings(type: ListingTypeCode, pageNum: number) {
  return useQuery({
    queryKey: [...MINE_KEY, type, pageNum],
    queryFn: () => apiGet<Paged<MyListing>>('/api/listings/mine', { type, pageNum, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** The stored form of one of the caller's listings, for the edit dialog. */
export function fetchListingForEdit(id: number): Promise<ListingEdit> {
  return apiGet<ListingEdit>(`/api/listings/mine/${id}`, undefined, { toast: true });
}

/** Submit for review (operation 1) or withdraw (operation 4). */
export function useAuditListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; operation: 1 | 4 }) =>
      apiPost<{ publishStatus: number }>(
        `/api/listings/${input.id}/audit`,
        { operation: input.operation },
        { toast: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}

/**
 * The owner's actions on a live listing: 确认在售 (`confirm`), 已成交 (`close`) and 调价
 * (`price`, yuan for a sale, yuan/month for a rent).
 */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: 'confirm' | 'close' | 'price'; price?: number }) =>
      apiPost<null>(
        `/api/listings/${input.id}/${input.action}`,
        input.action === 'price' ? { price: input.price } : undefined,
        { toast: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}

/** Deletes a listing in a state that allows it (待发布, 已驳回, 已撤回, 已下架, 已成交). */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<null>(`/api/listings/${id}`, undefined, { toast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
