import type { NoticePage } from '@portal/shared/schemas/notices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

const NOTICES_KEY = ['notices'] as const;
export const NOTICE_PAGE_SIZE = 10;

/** The caller's notices, newest first, 10 per page (/myNotice, docs/product/content.md). */
export function useMyNotices(pageNum: number) {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'list', pageNum],
    queryFn: () =>
      apiGet<NoticePage>('/api/notices', { pageNum, pageSize: NOTICE_PAGE_SIZE }, { toast: true }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Number of unread notices (the badge on 我的消息); asked only for a signed-in user, again a
 * minute later or when a notice is read, never with an error toast.
 */
export function useUnreadNotices(enabled = true) {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'unread'],
    queryFn: () => apiGet<{ count: number }>('/api/notices/unread-count'),
    enabled,
    staleTime: 60_000,
    refetchInterval: enabled ? 120_000 : false,
  });
}

/** Marks one notice read. */
export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<null>(`/api/notices/${id}/read`, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

/** Marks all of the caller's notices read. */
export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ count: number }>('/api/notices/read-all', {}, { toast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
