import type { DeviceClass } from '@portal/shared/schemas/telemetry';
import type { WebVitalsSummary } from '@portal/shared/schemas/telemetry/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../config/paths';
import { apiGet } from '../../../lib/api-client';

/** Real visits' p75 per page type and metric over the last 7 days, all devices or one class. */
export function useWebVitalsSummary(device: DeviceClass | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'web-vitals', device ?? 'all'],
      queryFn: () => apiGet<WebVitalsSummary>(withQuery('/api/admin/web-vitals', { device })),
      refetchInterval: 60_000,
    }),
  );
}
