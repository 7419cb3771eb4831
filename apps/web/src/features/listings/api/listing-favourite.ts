import type { ListingDetail } from '@portal/shared/schemas/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { listingDetailQueryKey } from './listing-detail';

/** 收藏 / 取消收藏 of a listing through the shared toggle; toasts as on every page (docs/product/site-shell.md). */
export function useToggleListingFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; collected: boolean }) =>
      apiPost<{ collected: boolean }>(
        '/api/favourites/toggle',
        { businessId: input.id, businessType: 'LISTING', collected: input.collected },
        { toast: true },
      ),
    onSuccess: (_data, input) => {
      notifySuccess(input.collected ? '收藏成功' : '取消收藏');
      queryClient.setQueriesData<ListingDetail>(
        { queryKey: listingDetailQueryKey(input.id) },
        (old) => (old ? { ...old, collected: input.collected } : old),
      );
    },
  });
}
