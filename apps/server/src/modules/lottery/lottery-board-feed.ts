import type { LotteryBoardHead } from '@portal/shared/schemas/lottery';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryBatches } from '../../db/schema/index';
import { PolledFeed } from '../../lib/polled-feed';
import { activeTurn, roomsLeft, someoneWaits } from './lottery-line.queries';
import { advanceTurns } from './lottery-turns';
import { findBatch } from './lottery.queries';

/** How often a watched batch's board is read, in milliseconds. */
const DEFAULT_INTERVAL_MS = 250;

/**
 * The head of a batch's 选房 board now (whose turn, rooms left), or null for an unknown batch.
 * A turn that has run out, or a line that stands still with rooms and buyers left, is moved on
 * first (docs/product/lottery.md, 选房), so the board never shows a turn that is over; the few
 * light reads here are all a board costs when nothing moved.
 */
export async function readBoardHead(
  db: Db,
  batchId: number,
  now = new Date(),
): Promise<LotteryBoardHead | null> {
  const [batch] = await db
    .select({
      id: lotteryBatches.id,
      roomIds: lotteryBatches.roomIds,
      drawnAt: lotteryBatches.drawnAt,
    })
    .from(lotteryBatches)
    .where(eq(lotteryBatches.id, batchId));
  if (!batch) return null;
  let left = await roomsLeft(db, batch);
  if (!batch.drawnAt) return { batchId, current: null, roomsLeft: left };
  let active = await activeTurn(db, batchId);
  const stale = active
    ? active.endsAt !== null && active.endsAt <= now
    : left > 0 && (await someoneWaits(db, batchId));
  if (stale) {
    const full = await findBatch(db, batchId);
    if (full) await db.transaction((tx) => advanceTurns(tx, full, now));
    active = await activeTurn(db, batchId);
    left = await roomsLeft(db, batch);
  }
  return {
    batchId,
    current: active
      ? {
          chooseOrder: active.chooseOrder,
          regNo: active.regNo,
          endsAt: (active.endsAt ?? now).toISOString(),
        }
      : null,
    roomsLeft: left,
  };
}

/**
 * The boards of the batches someone watches, read on a timer on each instance: a turn chosen,
 * run out or started, and a room taken, reach the watchers of every instance within one
 * interval, whichever instance (or the lottery job) made the change. Each watched batch costs
 * the reads of `readBoardHead` per interval, however many watch it; watchers get the new head
 * itself, so none of them reads the board again.
 */
export class BoardFeed extends PolledFeed<LotteryBoardHead> {
  private readonly lastSent = new Map<number, string>();

  constructor(
    private readonly db: Db,
    onError: (error: unknown) => void,
    intervalMs = DEFAULT_INTERVAL_MS,
  ) {
    super(onError, intervalMs);
  }

  protected async poll(keys: number[]): Promise<void> {
    for (const id of this.lastSent.keys()) if (!keys.includes(id)) this.lastSent.delete(id);
    for (const batchId of keys) {
      const head = await readBoardHead(this.db, batchId);
      if (!head) continue;
      const text = JSON.stringify(head);
      if (this.lastSent.get(batchId) === text) continue;
      this.lastSent.set(batchId, text);
      this.deliver(batchId, head);
    }
  }
}
