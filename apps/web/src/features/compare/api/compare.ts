import type { CompareType } from '@portal/shared/constants/compare';
import type { CompareResult } from '@portal/shared/schemas/compare';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The compare table of 2–4 projects or listings (`GET /api/compare`), public. */
export function useCompare(type: CompareType, ids: readonly number[]) {
  return useQuery({
    queryKey: ['compare', type, ids.join(',')],
    queryFn: () => apiGet<CompareResult>('/api/compare', { type, ids: ids.join(',') }),
    enabled: ids.length >= 2,
    retry: false,
  });
}
