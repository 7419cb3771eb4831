import type { Paged } from '@portal/shared/api-code';
import type { FavouriteListing } from '@portal/shared/schemas/favourites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

const KEY = ['listings', 'favourites'] as const;

/** The caller's favourite listings, 10 a page, in whatever state they are now. */
export function useFavouriteListings(pageNum: number) {
  return useQuery({
    queryKey: [...KEY, pageNum],
    queryFn: () =>
      apiGet<Paged<FavouriteListing>>('/api/favourites/listings', { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}

/** 取消收藏 of a listing. */
export function useUnfavouriteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiPost<{ collected: boolean }>(
        '/api/favourites/toggle',
        { businessId: id, businessType: 'LISTING', collected: false },
        { toast: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
