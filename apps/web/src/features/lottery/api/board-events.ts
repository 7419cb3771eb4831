import type { LotteryBoard, LotteryBoardHead } from '@portal/shared/schemas/lottery';
import { useQueryClient } from '@tanstack/react-query';
import { useEventSource, type LiveState } from '../../../lib/use-event-source';
import { lotteryKeys } from './lottery-api';

/**
 * Follows a drawn batch's 选房 board as the server pushes it (`/api/lottery/batches/:id/events`,
 * docs/product/lottery.md): each head (whose turn, rooms left) goes straight into the board
 * shown, with no re-read, and the viewer's own place in 我的摇号 is read again, since the line
 * moved. Returns whether the stream is live; the board polls only while it is not.
 */
export function useBoardEvents(batchId: number, enabled: boolean): LiveState {
  const queryClient = useQueryClient();
  return useEventSource(enabled ? `/api/lottery/batches/${batchId}/events` : null, 'board', {
    board: (text) => {
      const head = JSON.parse(text) as LotteryBoardHead;
      queryClient.setQueryData<LotteryBoard>(lotteryKeys.board(batchId), (old) =>
        old ? { ...old, ...head } : old,
      );
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.mine });
    },
  });
}
