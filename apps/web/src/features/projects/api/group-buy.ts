import type { GroupBuySignup, GroupBuyState } from '@portal/shared/schemas/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

const groupBuyKey = (id: number) => ['projects', 'group-buy', id] as const;

/** Quota and participants of a project's group-buy (docs/product/new-build.md). */
export function useGroupBuy(id: number, enabled: boolean) {
  return useQuery({
    queryKey: groupBuyKey(id),
    queryFn: () => apiGet<GroupBuyState>(`/api/projects/${id}/group-buy`),
    enabled: enabled && id > 0,
  });
}

/** Signs up for the group-buy; the server message shows as an error toast on failure. */
export function useGroupBuySignup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupBuySignup) =>
      apiPost<GroupBuyState>(`/api/projects/${id}/group-buy`, input, { toast: true }),
    onSuccess: (state) => queryClient.setQueryData(groupBuyKey(id), state),
  });
}
