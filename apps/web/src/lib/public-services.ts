import type { PublicServices } from '@portal/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

/**
 * The configured outside services the pages show (`GET /api/site/services`): the site's
 * public origin and mini-program link for QR codes, the map tiles and their 审图号.
 */
export const publicServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'services'],
    queryFn: () => apiGet<PublicServices>('/api/site/services'),
    staleTime: 30 * 60_000,
  });

/** The configured outside services; `data` is undefined while loading or when the call fails. */
export function usePublicServices() {
  return useQuery(publicServicesQueryOptions());
}

/** The absolute address of a site path on the public origin (what a phone opens from a QR). */
export function siteUrl(services: Pick<PublicServices, 'siteOrigin'>, path: string): string {
  return new URL(path, services.siteOrigin).href;
}

/** The listing check page of a check code, as its QR encodes it. */
export function verifyPageUrl(services: Pick<PublicServices, 'siteOrigin'>, code: string): string {
  return siteUrl(services, `/verify?code=${encodeURIComponent(code)}`);
}
