import type { SiteSettings } from '@portal/shared/schemas/site';
import type { AdminSiteSettings } from '@portal/shared/schemas/site/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/** The site settings as stored (or the defaults). */
export function useAdminSiteSettings() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'site-settings'],
      queryFn: () => apiGet<SiteSettings>('/api/admin/site-settings'),
    }),
  );
}

/** Saves the settings; the public shell's copy is refreshed too. */
export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSiteSettings) =>
      apiPut<null>('/api/admin/site-settings', body, { toast: true }),
    onSuccess: async () => {
      notifySuccess('保存成功');
      await client.invalidateQueries({ queryKey: ['admin', 'site-settings'] });
      await client.invalidateQueries({ queryKey: ['site', 'settings'] });
    },
  });
}
