import type { MyLotteryRegistration } from '@portal/shared/schemas/lottery';
import { LOTTERY_SLOT_STATUS } from '@portal/shared/status';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { buildingTableKeys } from './building-table';

/** How often the viewer's 选房 turns are read again while a drawn batch's rooms are shown. */
const TURN_REFRESH_MS = 15_000;
const NO_TURNS: ReadonlySet<number> = new Set();

/** The batches of the registrations whose 选房 turn runs now (one stable function: kept result). */
function runningTurns(mine: MyLotteryRegistration[]): ReadonlySet<number> {
  return new Set(
    mine.filter((r) => r.place?.slotStatus === LOTTERY_SLOT_STATUS.ACTIVE).map((r) => r.batchId),
  );
}

/**
 * The 摇号 batches whose 选房 turn the signed-in viewer holds now (docs/product/lottery.md), read
 * from 我的摇号 only while rooms of a drawn batch are shown: everyone else reads nothing more.
 * The server checks the turn again when the order is placed.
 */
export function useLotteryTurns(batchIds: readonly number[]): ReadonlySet<number> {
  const userId = useAuth((s) => (s.user ? String(s.user.userId) : null));
  const wanted = userId !== null && batchIds.length > 0;
  const { data } = useQuery({
    queryKey: buildingTableKeys.lotteryTurns(userId),
    queryFn: () => apiGet<MyLotteryRegistration[]>('/api/lottery/mine'),
    enabled: wanted,
    staleTime: 0,
    refetchInterval: TURN_REFRESH_MS,
    select: runningTurns,
  });
  return wanted && data ? data : NO_TURNS;
}
