import type { AdminDashboard } from '@portal/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The console's landing counts, refreshed every minute while open. */
export function useAdminDashboard() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'dashboard'],
      queryFn: () => apiGet<AdminDashboard>('/api/admin/dashboard'),
      refetchInterval: 60_000,
    }),
  );
}
