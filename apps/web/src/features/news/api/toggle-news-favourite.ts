import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { favouriteNewsQueryKey, newsDetailQueryKey } from './news-api';

interface ToggleInput {
  id: number;
  collected: boolean;
}

/**
 * Favourites or un-favourites an article (收藏成功 / 取消收藏 toasts; server messages as error
 * toasts), then refreshes the article and the favourite list.
 */
export function useToggleNewsFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, collected }: ToggleInput) =>
      apiPost<{ collected: boolean }>(
        '/api/favourites/toggle',
        { businessId: id, businessType: 'NEWS', collected },
        { toast: true },
      ),
    onSuccess: (result, { id }) => {
      notifySuccess(result.collected ? '收藏成功' : '取消收藏');
      void queryClient.invalidateQueries({ queryKey: newsDetailQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: favouriteNewsQueryKey });
    },
  });
}
