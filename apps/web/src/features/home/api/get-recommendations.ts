import type { RecommendationPage, RecommendDemand } from '@portal/shared/schemas/recommend';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api-client';

/** The signed-in user's recommended projects, one page (12 by default). */
export const recommendationsQueryOptions = (pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: ['recommend', 'projects', pageNum, pageSize],
    queryFn: () => apiGet<RecommendationPage>('/api/recommend/projects', { pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useRecommendations(pageNum: number, pageSize: number, enabled = true) {
  return useQuery({ ...recommendationsQueryOptions(pageNum, pageSize), enabled });
}

/** Saves the user's demand and refreshes the recommendations. */
export function useSaveDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (demand: RecommendDemand) =>
      apiPut<RecommendDemand>('/api/recommend/demand', demand, { toast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['recommend'] }),
  });
}
