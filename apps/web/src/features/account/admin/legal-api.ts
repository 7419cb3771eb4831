import type { LegalKind } from '@portal/shared/legal/texts';
import type { LegalDocument } from '@portal/shared/schemas/legal';
import type { LegalPublish, LegalVersion } from '@portal/shared/schemas/legal/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/** The published versions of one text, newest first. */
export function useLegalVersions(kind: LegalKind) {
  return useQuery({
    queryKey: ['admin', 'legal', kind],
    queryFn: () => apiGet<LegalVersion[]>(`/api/admin/legal/${kind}/versions`),
  });
}

/** Publishes the next version; signed-in citizens are asked to accept it again. */
export function usePublishLegal(kind: LegalKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalPublish) =>
      apiPost<LegalDocument>(`/api/admin/legal/${kind}/versions`, body, { toast: true }),
    onSuccess: async (document) => {
      notifySuccess(`已发布第${document.version}版`);
      await client.invalidateQueries({ queryKey: ['admin', 'legal', kind] });
      await client.invalidateQueries({ queryKey: ['legal', kind] });
    },
  });
}
