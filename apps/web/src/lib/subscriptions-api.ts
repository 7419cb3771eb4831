import type { ProjectTopic, SearchScope } from '@portal/shared/constants/subscriptions';
import type {
  ProjectSubscriptionState,
  SubscriptionList,
} from '@portal/shared/schemas/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from './api-client';

/**
 * Subscriptions (docs/product/subscriptions.md), shared by the 订阅 button of the project pages,
 * the 订阅此搜索 button of the list pages and /mySubscriptions.
 */
const SUBSCRIPTIONS_KEY = ['subscriptions'] as const;

export function useMySubscriptions() {
  return useQuery({
    queryKey: [...SUBSCRIPTIONS_KEY, 'list'],
    queryFn: () => apiGet<SubscriptionList>('/api/subscriptions', undefined, { toast: true }),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiDelete<null>(`/api/subscriptions/${id}`, undefined, { toast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
  });
}

/** The caller's topics on one project; only asked while signed in. */
export function useProjectTopics(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SUBSCRIPTIONS_KEY, 'project', projectId],
    queryFn: () =>
      apiGet<ProjectSubscriptionState>('/api/subscriptions/project-topics', { projectId }),
    enabled: enabled && projectId > 0,
  });
}

export function useSetProjectTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; topics: ProjectTopic[] }) =>
      apiPut<ProjectSubscriptionState>('/api/subscriptions/project-topics', body, {
        toast: true,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { scope: SearchScope; query: string }) =>
      apiPost<{ id: number }>('/api/subscriptions/searches', body, { toast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
  });
}

export function useUnsubscribeByLink() {
  return useMutation({
    mutationFn: (token: string) =>
      apiPost<{ title: string; topic: string }>(
        `/api/subscriptions/unsubscribe?t=${encodeURIComponent(token)}`,
        {},
      ),
  });
}
