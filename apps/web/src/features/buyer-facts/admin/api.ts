import type { Paged } from '@portal/shared/api-code';
import type {
  AdminPoi,
  AdminPoiQuery,
  PoiImport,
  poiImportResultSchema,
} from '@portal/shared/schemas/places/admin';
import type { HiddenQuestion, ReportedQuestion } from '@portal/shared/schemas/questions/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export type PoiImportResult = z.infer<typeof poiImportResultSchema>;

const poisKey = ['admin', 'pois'] as const;
const questionsKey = ['admin', 'questions'] as const;

/** Points of interest by district, kind and name, 20 a page. */
export function useAdminPois(
  query: Omit<AdminPoiQuery, 'pageNum' | 'pageSize'> & { pageNum: number },
) {
  return useQuery(
    queryOptions({
      queryKey: [...poisKey, query],
      queryFn: () => apiGet<Paged<AdminPoi>>('/api/admin/pois', { ...query }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Imports an operator's CSV or GeoJSON file of points. */
export function useImportPois() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PoiImport) =>
      apiPost<PoiImportResult>('/api/admin/pois/import', body, { toast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: poisKey }),
  });
}

/** Deletes a point that is wrong or gone (audited). */
export function useDeletePoi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiDelete<null>(`/api/admin/pois/${id}`, undefined, { toast: true }),
    onSuccess: () => {
      notifySuccess('已删除');
      return client.invalidateQueries({ queryKey: poisKey });
    },
  });
}

/** Reported 问答 still shown, the most reported first. */
export function useReportedQuestions() {
  return useQuery(
    queryOptions({
      queryKey: [...questionsKey, 'reported'],
      queryFn: () => apiGet<ReportedQuestion[]>('/api/admin/questions/reported'),
    }),
  );
}

/** Hidden 问答 with who hid them, when and why. */
export function useHiddenQuestions() {
  return useQuery(
    queryOptions({
      queryKey: [...questionsKey, 'hidden'],
      queryFn: () => apiGet<HiddenQuestion[]>('/api/admin/questions/hidden'),
    }),
  );
}

/** Hides or restores a question with the reason (audited on the server). */
export function useModerateQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      reason,
    }: {
      id: number;
      action: 'hide' | 'restore';
      reason: string;
    }) => apiPost<null>(`/api/admin/questions/${id}/${action}`, { reason }, { toast: true }),
    onSuccess: (_data, { action }) => {
      notifySuccess(action === 'hide' ? '问答已隐藏' : '问答已恢复显示');
      return client.invalidateQueries({ queryKey: questionsKey });
    },
  });
}
