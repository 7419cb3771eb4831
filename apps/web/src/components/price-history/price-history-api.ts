import type { PriceHistory, PriceSubjectKind } from '@portal/shared/schemas/price-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

const PATHS: Record<PriceSubjectKind, string> = {
  project: 'projects',
  room: 'rooms',
  listing: 'listings',
};

/** The public price history of a project, room or listing (shown on its page). */
export const priceHistoryQueryOptions = (kind: PriceSubjectKind, id: number) =>
  queryOptions({
    queryKey: ['price-history', kind, id],
    queryFn: () => apiGet<PriceHistory>(`/api/price-history/${PATHS[kind]}/${id}`),
    enabled: id > 0,
    retry: false,
  });

export function usePriceHistory(kind: PriceSubjectKind, id: number) {
  return useQuery(priceHistoryQueryOptions(kind, id));
}
