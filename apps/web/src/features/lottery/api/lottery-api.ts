import type {
  LotteryBatch,
  LotteryBoard,
  LotteryDrawRecord,
  LotteryRegistrationInput,
  MyLotteryRegistration,
} from '@portal/shared/schemas/lottery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';

const key = ['lottery'] as const;

/** Query keys the board's pushes write to (api/board-events.ts). */
export const lotteryKeys = {
  board: (id: number) => [...key, 'board', id] as const,
  mine: [...key, 'mine'] as const,
};

/** Every batch, or one project's (the project page links to them). */
export function useLotteryBatches(projectId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'batches', projectId ?? 0],
      queryFn: () => apiGet<LotteryBatch[]>('/api/lottery/batches', { projectId }),
    }),
  );
}

export function useLotteryBatch(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'batch', id],
      queryFn: () => apiGet<LotteryBatch>(`/api/lottery/batches/${id}`),
      enabled: Number.isInteger(id) && id > 0,
      retry: false,
    }),
  );
}

/** The published inputs and results of a draw, for the lists and the verifier. */
export function useDrawRecord(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'record', id],
      queryFn: () => apiGet<LotteryDrawRecord>(`/api/lottery/batches/${id}/draw-record`),
      enabled: Number.isInteger(id) && id > 0,
      retry: false,
    }),
  );
}

/**
 * The 选房 board. Its changes are pushed (useBoardEvents); only while the push is not live is it
 * read again every 5 seconds.
 */
export function useLotteryBoard(id: number, enabled: boolean, poll: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.board(id),
      queryFn: () => apiGet<LotteryBoard>(`/api/lottery/batches/${id}/board`),
      enabled,
      refetchInterval: poll ? 5_000 : false,
    }),
  );
}

export function useMyLottery(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.mine,
      queryFn: () => apiGet<MyLotteryRegistration[]>('/api/lottery/mine'),
      enabled,
    }),
  );
}

export function useSaveRegistration(batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LotteryRegistrationInput) =>
      apiPut<{ id: number; regNo: string }>(`/api/lottery/batches/${batchId}/registration`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useAppeal(batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiPost<null>(`/api/lottery/batches/${batchId}/registration/appeal`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
