import type { ActivityFigures } from '@portal/shared/schemas/activity';
import type { CommunityDetail, ListingPlace, NearbyPoi } from '@portal/shared/schemas/places';
import type { QuestionList } from '@portal/shared/schemas/questions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, apiPost } from '../../../lib/api-client';

export type FactsTarget = { targetType: 'project' | 'listing'; targetId: number };

/** 周边配套 within 1.5 km of a position, nearest first (docs/product/nearby.md). */
export function useNearby(lng: number | null, lat: number | null) {
  return useQuery({
    queryKey: ['nearby', lng, lat],
    queryFn: () => apiGet<NearbyPoi[]>('/api/pois/nearby', { lng: lng ?? 0, lat: lat ?? 0 }),
    enabled: lng != null && lat != null,
    staleTime: 10 * 60_000,
  });
}

/** Days on market, 30-day visitors, followers and 房聊 of a project or listing. */
export function useActivityFigures(target: FactsTarget) {
  return useQuery({
    queryKey: ['activity', target.targetType, target.targetId],
    queryFn: () => apiGet<ActivityFigures>('/api/activity', target),
  });
}

/** Reports a project page's view once per open (the server counts it once a day per visitor). */
export function useReportProjectView(projectId: number) {
  useEffect(() => {
    apiPost('/api/activity/view', { targetType: 'project', targetId: projectId }).catch(
      () => undefined,
    );
  }, [projectId]);
}

const questionsKey = (target: FactsTarget) => ['questions', target.targetType, target.targetId];

/** The 问答 of a project or listing, with whether the caller may answer. */
export function useQuestions(target: FactsTarget) {
  return useQuery({
    queryKey: questionsKey(target),
    queryFn: () => apiGet<QuestionList>('/api/questions', target),
  });
}

/** Asks a question; failures show the server's message. */
export function useAskQuestion(target: FactsTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiPost<{ id: number }>('/api/questions', { ...target, body }, { toast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionsKey(target) }),
  });
}

/** Answers a question (the listing's owner, or an operator for a project). */
export function useAnswerQuestion(target: FactsTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) =>
      apiPost<null>(`/api/questions/${id}/answer`, { answer }, { toast: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionsKey(target) }),
  });
}

/** Reports a question to the operators. */
export function useReportQuestion() {
  return useMutation({
    mutationFn: (id: number) => apiPost<null>('/api/questions/report', { id }, { toast: true }),
  });
}

/** A listing's position and the 小区 it names. */
export function useListingPlace(listingId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['listing-place', listingId],
    queryFn: () => apiGet<ListingPlace>(`/api/communities/of-listing/${listingId}`),
    enabled,
  });
}

/** The 小区 page's data. */
export function useCommunity(id: number) {
  return useQuery({
    queryKey: ['community', id],
    queryFn: () => apiGet<CommunityDetail>('/api/communities/detail', { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
