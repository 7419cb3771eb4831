import type { Paged } from '@portal/shared/api-code';
import type {
  AdminNewsDetail,
  AdminNewsRow,
  AdminNewsSave,
} from '@portal/shared/schemas/news/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export interface AdminNewsFilters {
  keyword?: string;
  newsType?: number;
  newsState?: number;
  pageNum: number;
}

const newsKey = ['admin', 'news'] as const;

/** Articles of every state for the console. */
export function useAdminNewsList(filters: AdminNewsFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...newsKey, 'list', filters],
      queryFn: () => apiGet<Paged<AdminNewsRow>>('/api/admin/news', { ...filters }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** One article to edit. */
export function useAdminNews(id: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...newsKey, 'detail', id],
      queryFn: () => apiGet<AdminNewsDetail>(`/api/admin/news/${id}`),
      enabled: id !== undefined,
    }),
  );
}

/** Creates (no id) or edits an article; answers its id. */
export function useSaveNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AdminNewsSave }) =>
      id === undefined
        ? apiPost<{ id: number }>('/api/admin/news', body, { toast: true })
        : apiPut<{ id: number }>(`/api/admin/news/${id}`, body, { toast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: newsKey }),
  });
}

/** Publishes or withdraws an article. */
export function useSetNewsPublished() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      apiPost<null>(`/api/admin/news/${id}/${publish ? 'publish' : 'withdraw'}`, undefined, {
        toast: true,
      }),
    onSuccess: (_data, { publish }) => {
      notifySuccess(publish ? '发布成功' : '已撤回');
      return client.invalidateQueries({ queryKey: newsKey });
    },
  });
}
