import type { Paged } from '@portal/shared/api-code';
import type {
  AdminLicenceSave,
  AdminProjectDetail,
  AdminProjectFacts,
  AdminProjectRow,
} from '@portal/shared/schemas/projects/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { uploadFile } from '../../../lib/operator-upload';

const projectsKey = ['admin', 'projects'] as const;

/** Projects of every publish status, 20 a page. */
export function useAdminProjects(keyword: string, pageNum: number) {
  return useQuery(
    queryOptions({
      queryKey: [...projectsKey, 'list', keyword, pageNum],
      queryFn: () => apiGet<Paged<AdminProjectRow>>('/api/admin/projects', { keyword, pageNum }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** One project with facts, tags, album, licences and buildings. */
export function useAdminProject(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...projectsKey, 'detail', id],
      queryFn: () => apiGet<AdminProjectDetail>(`/api/admin/projects/${id}`),
      enabled: Number.isInteger(id) && id > 0,
    }),
  );
}

function useProjectMutation<V>(run: (vars: V) => Promise<unknown>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      notifySuccess(success);
      return client.invalidateQueries({ queryKey: projectsKey });
    },
  });
}

export function useSaveProjectFacts(id: number) {
  return useProjectMutation(
    (body: AdminProjectFacts) => apiPut<null>(`/api/admin/projects/${id}`, body, { toast: true }),
    '保存成功',
  );
}

export function useAddAlbumPicture(id: number) {
  return useProjectMutation(
    ({ group, file }: { group: string; file: File }) =>
      uploadFile(`/api/admin/projects/${id}/album`, file, { group }),
    '上传成功',
  );
}

export function useRemoveAlbumPicture(id: number) {
  return useProjectMutation(
    (attachmentId: number) =>
      apiDelete<null>(`/api/admin/projects/${id}/album/${attachmentId}`, undefined, {
        toast: true,
      }),
    '已删除',
  );
}

export function useSaveLicence(id: number) {
  return useProjectMutation(
    ({ licenceId, body }: { licenceId?: number; body: AdminLicenceSave }) =>
      licenceId === undefined
        ? apiPost<{ id: number }>(`/api/admin/projects/${id}/licences`, body, { toast: true })
        : apiPut<{ id: number }>(`/api/admin/projects/${id}/licences/${licenceId}`, body, {
            toast: true,
          }),
    '保存成功',
  );
}

/** Deletes a licence entered by mistake; one that buildings rest on is refused (409). */
export function useDeleteLicence(id: number) {
  return useProjectMutation(
    (licenceId: number) =>
      apiDelete<null>(`/api/admin/projects/${id}/licences/${licenceId}`, undefined, {
        toast: true,
      }),
    '已删除',
  );
}
