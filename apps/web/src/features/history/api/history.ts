import type { HistoryBusinessType, HistoryList } from '@portal/shared/schemas/history';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

const HISTORY_KEY = ['history'] as const;

/** The caller's last 50 viewed projects and listings (/myHistory). */
export function useHistory() {
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => apiGet<HistoryList>('/api/history'),
  });
}

/** Clears the caller's whole history; failures show the server message. */
export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<{ removed: number }>('/api/history', undefined, { toast: true }),
    onSuccess: () => {
      queryClient.setQueryData<HistoryList>(HISTORY_KEY, { list: [] });
    },
  });
}

/**
 * Records a view of a public project or listing detail page once per page open, for signed-in
 * visitors only; a failed record is silent (the page itself is what matters).
 */
export function useRecordView(businessType: HistoryBusinessType, businessId: number | undefined) {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLoggedIn || !businessId) return;
    apiPost<null>('/api/history', { businessType, businessId }).then(
      () => void queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      () => undefined,
    );
  }, [isLoggedIn, businessType, businessId, queryClient]);
}
