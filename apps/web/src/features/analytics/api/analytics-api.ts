import type {
  AnalyticsCounters,
  BarData,
  DealInfo,
  ListingPriceTrend,
  NewListing,
  PieData,
  QuestionnairePage,
} from '@portal/shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Newly listed projects for the scrolling table. */
export function useNewListings() {
  return useQuery({
    queryKey: ['analytics', 'new-listings'],
    queryFn: () => apiGet<NewListing[]>('/api/analytics/new-listings'),
  });
}

/** Published projects and total followers. */
export function useCounters() {
  return useQuery({
    queryKey: ['analytics', 'counters'],
    queryFn: () => apiGet<AnalyticsCounters>('/api/analytics/counters'),
  });
}

/** New-build deals of the latest month; '' = the whole city. */
export function useDealInfo(areaCode: string) {
  return useQuery({
    queryKey: ['analytics', 'deals', areaCode],
    queryFn: () => apiGet<DealInfo>('/api/analytics/deals', { areaCode }),
    placeholderData: keepPreviousData,
  });
}

/** One page of questionnaires (6 on the page; 10/20/50/100 in the dialog). */
export function useQuestionnaires(pageNum: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: ['analytics', 'questionnaires', pageNum, pageSize],
    queryFn: () =>
      apiGet<QuestionnairePage>('/api/analytics/questionnaires', { pageNum, pageSize }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Respondents per intended district. */
export function useIntentBar() {
  return useQuery({
    queryKey: ['analytics', 'intent-districts'],
    queryFn: () => apiGet<BarData>('/api/analytics/intent-districts'),
  });
}

/** The six pies of buy and rent intentions; '' = the whole city. */
export function useIntentPies(areaCode: string) {
  return useQuery({
    queryKey: ['analytics', 'intent-pies', areaCode],
    queryFn: () => apiGet<PieData>('/api/analytics/intent-pies', { areaCode }),
    placeholderData: keepPreviousData,
  });
}

/** Monthly average second-hand sale unit prices; '' = communities of the whole city. */
export function useListingPriceTrend(areaCode: string) {
  return useQuery({
    queryKey: ['analytics', 'listing-prices', areaCode],
    queryFn: () => apiGet<ListingPriceTrend>('/api/analytics/listing-prices', { areaCode }),
    placeholderData: keepPreviousData,
  });
}
