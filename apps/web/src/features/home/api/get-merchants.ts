import type { Merchant } from '@portal/shared/schemas/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Trade-in merchants of /buildingmaterials. */
export function useMerchants() {
  return useQuery(
    queryOptions({
      queryKey: ['content', 'merchants'],
      queryFn: () => apiGet<Merchant[]>('/api/content/merchants'),
      staleTime: 5 * 60_000,
    }),
  );
}
