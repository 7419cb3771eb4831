import { LOTTERY_SLOT_STATUS } from '@portal/shared/status';
import { count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryPlaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { placeAt, roomsLeft } from './lottery-line.queries';
import { chooseInTurn, moveTurn, sendTurnToEnd } from './lottery-moves';
import { findBatch, findBatchOfRoom, type BatchRow } from './lottery.queries';

/**
 * Brings a drawn batch's 选房 line up to `now` (docs/product/lottery.md, 选房): a turn that ran out
 * is missed (sent once to the end of the line when the batch says so), and the next waiting
 * buyer's turn starts now, one whole `slotMinutes` long, while green rooms are left. Each start and miss leaves the buyer a notice; the buyer after the current one is told
 * their turn is near. Runs inside the caller's transaction with the batch row locked, so any
 * number of instances may call it; idempotent.
 */
export async function advanceTurns(tx: Db, batch: BatchRow, now: Date): Promise<void> {
  if (!batch.drawnAt) return;
  await tx.execute(sql`select id from lottery_batches where id = ${batch.id} for update`);
  const [totals] = await tx
    .select({
      places: count(),
      lastLine: max(lotteryPlaces.lineNo),
    })
    .from(lotteryPlaces)
    .where(eq(lotteryPlaces.batchId, batch.id));
  const places = totals?.places ?? 0;
  let lastLine = totals?.lastLine ?? 0;
  let active = await placeAt(tx, batch.id, LOTTERY_SLOT_STATUS.ACTIVE);
  for (let step = 0; step <= places * 2 + 1; step++) {
    if (active) {
      const endsAt = active.place.endsAt!;
      if (endsAt > now) break;
      const goesLast = batch.missedGoesLast && active.place.lineNo <= places;
      const buyer = { batch, userId: active.userId };
      if (goesLast) {
        lastLine += 1;
        await sendTurnToEnd(tx, active.place.registrationId, { ...buyer, lineNo: lastLine }, now);
      } else await moveTurn(tx, active.place.registrationId, 'miss', buyer, now);
      active = undefined;
    }
    if ((await roomsLeft(tx, batch)) === 0) break;
    const next = await placeAt(tx, batch.id, LOTTERY_SLOT_STATUS.WAITING);
    if (!next) break;
    // A turn starts when the buyer is told, and lasts a whole slot: never one already over
    // (after a pause of the job, or of the whole server), nor one partly used up.
    const started = await moveTurn(
      tx,
      next.place.registrationId,
      'start',
      { batch, userId: next.userId },
      now,
    );
    if (!started) break;
    active = { ...next, place: { ...next.place, startsAt: now, endsAt: started.endsAt } };
  }
  await remindNext(tx, batch, now);
}

/**
 * Brings the 选房 line of every drawn batch still choosing up to `now`: the lottery job runs it
 * every few seconds, so a turn starts and its buyer is told (我的消息 and SMS) even while nobody
 * has the batch's pages open. Each batch in its own transaction; returns the batches looked at.
 */
export async function advanceAllTurns(db: Db, now: Date): Promise<number> {
  const moving = await db
    .selectDistinct({ batchId: lotteryPlaces.batchId })
    .from(lotteryPlaces)
    .where(
      inArray(lotteryPlaces.slotStatus, [LOTTERY_SLOT_STATUS.WAITING, LOTTERY_SLOT_STATUS.ACTIVE]),
    );
  for (const { batchId } of moving) {
    const batch = await findBatch(db, batchId);
    if (batch?.drawnAt) await db.transaction((tx) => advanceTurns(tx, batch, now));
  }
  return moving.length;
}

/** Tells the buyer next in line, once, that their turn is near. */
async function remindNext(tx: Db, batch: BatchRow, now: Date): Promise<void> {
  const next = await placeAt(tx, batch.id, LOTTERY_SLOT_STATUS.WAITING);
  if (!next || next.place.remindedAt) return;
  await moveTurn(tx, next.place.registrationId, 'remind', { batch, userId: next.userId }, now);
}

/**
 * The one check the deposit flow makes for 摇号房源 (docs/product/lottery.md): a room of a batch may
 * be locked only after the draw and only by the buyer whose 选房 turn is running now. With
 * `claim` (inside the order's own transaction) the turn is used up and the next one starts, so a
 * failed order undoes both. Rooms outside every batch pass untouched. Refusals are 60002 (409).
 */
export async function checkLotteryTurn(
  db: Db,
  claim: { userId: number; roomId: number; now: Date; use: boolean },
): Promise<void> {
  const batch = await findBatchOfRoom(db, claim.roomId);
  if (!batch) return;
  if (!batch.drawnAt) {
    throw new AppError('ROOM_UNAVAILABLE', '该房源为摇号房源，须在摇号后按选房顺序选房');
  }
  await db.transaction(async (tx) => {
    await advanceTurns(tx, batch, claim.now);
    const active = await placeAt(tx, batch.id, LOTTERY_SLOT_STATUS.ACTIVE);
    if (!active) throw new AppError('ROOM_UNAVAILABLE', '本批次选房已结束');
    if (active.userId !== claim.userId) {
      throw new AppError(
        'ROOM_UNAVAILABLE',
        `未到您的选房时间，当前正在选房：第 ${active.place.chooseOrder} 号`,
      );
    }
    if (!claim.use) return;
    const chosen = await chooseInTurn(
      tx,
      active.place.registrationId,
      { batch, userId: claim.userId, roomId: claim.roomId },
      claim.now,
    );
    if (!chosen) throw new AppError('ROOM_UNAVAILABLE', '本批次选房已结束');
    await advanceTurns(tx, batch, claim.now);
  });
}
