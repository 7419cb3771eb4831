import type { AdminSession } from '@portal/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The signed-in operator; fails with 90001 when signed out and 10403 for a non-operator. */
export function useAdminSession(token: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'session', token],
      queryFn: () => apiGet<AdminSession>('/api/admin/session'),
      enabled: Boolean(token),
      retry: false,
      staleTime: 60_000,
    }),
  );
}
