import type { FavouriteProjectPage, ProjectDetail } from '@portal/shared/schemas/projects';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { projectQueryKey } from './get-project';

const FAVOURITES_KEY = ['projects', 'favourites'] as const;

/** The caller's favourite projects, 10 per page (/myFavHouse, docs/product/new-build.md). */
export function useFavouriteProjects(pageNum: number) {
  return useQuery({
    queryKey: [...FAVOURITES_KEY, pageNum],
    queryFn: () =>
      apiGet<FavouriteProjectPage>('/api/favourites/projects', { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sets the favourite of a project (docs/product/new-build.md) through the shared toggle endpoint;
 * failures show the server message as an error toast.
 */
export function useToggleProjectFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: number; collected: boolean }) =>
      apiPost<unknown>(
        '/api/favourites/toggle',
        { businessId: input.projectId, businessType: 'PROJECT', collected: input.collected },
        { toast: true },
      ),
    onSuccess: (_data, input) => {
      queryClient.setQueryData<ProjectDetail>(projectQueryKey(input.projectId), (old) =>
        old
          ? {
              ...old,
              collected: input.collected,
              collectNumber: Math.max(0, old.collectNumber + (input.collected ? 1 : -1)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(input.projectId) });
      void queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY });
    },
  });
}
