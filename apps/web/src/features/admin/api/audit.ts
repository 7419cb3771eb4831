import type { Paged } from '@portal/shared/api-code';
import type { AuditEntry } from '@portal/shared/schemas/audit/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../config/paths';
import { apiGet } from '../../../lib/api-client';

export interface AuditFilters extends QueryParams {
  action?: string;
  targetType?: string;
  targetId?: number;
  actorId?: number;
  from?: string;
  to?: string;
  pageNum: number;
}

/** One page of the audit log, newest first. */
export function useAuditLog(filters: AuditFilters) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'audit', filters],
      queryFn: () => apiGet<Paged<AuditEntry>>('/api/admin/audit', filters),
      placeholderData: keepPreviousData,
    }),
  );
}
