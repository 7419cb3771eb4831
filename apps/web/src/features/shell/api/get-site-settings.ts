import type { SiteSettings } from '@portal/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The one site-settings record: title, logo, meta tags, record-filing number and copyright. */
export function getSiteSettings(): Promise<SiteSettings> {
  return apiGet<SiteSettings>('/api/site/settings');
}

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'settings'],
    queryFn: getSiteSettings,
    staleTime: 10 * 60_000,
  });

/** Site settings for the shell; `data` stays undefined while loading or when the call fails. */
export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
