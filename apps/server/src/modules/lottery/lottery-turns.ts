import { LOTTERY_SLOT_STATUS } from '@portal/shared/status';
import { count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryPlaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { placeAt, roomsLeft } from './lottery-line.queries';
import { beijingClock, notifyLottery } from './lottery-notices';
import { findBatch, findBatchOfRoom, type BatchRow } from './lottery.queries';

const MINUTE = 60_000;

function setPlace(
  db: Db,
  registrationId: number,
  values: Partial<typeof lotteryPlaces.$inferInsert>,
) {
  return db
    .update(lotteryPlaces)
    .set(values)
    .where(eq(lotteryPlaces.registrationId, registrationId));
}

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
      if (goesLast) lastLine += 1;
      await setPlace(tx, active.place.registrationId, {
        slotStatus: goesLast ? LOTTERY_SLOT_STATUS.WAITING : LOTTERY_SLOT_STATUS.MISSED,
        lineNo: goesLast ? lastLine : active.place.lineNo,
        startsAt: goesLast ? null : active.place.startsAt,
        endsAt: goesLast ? null : endsAt,
      });
      const missed = `您的选房时间已过${goesLast ? '，已排到队尾' : '，本次选房资格已失效'}`;
      await notifyLottery(tx, batch, active.userId, { notice: `${missed}。`, sms: missed });
      active = undefined;
    }
    if ((await roomsLeft(tx, batch)) === 0) break;
    const next = await placeAt(tx, batch.id, LOTTERY_SLOT_STATUS.WAITING);
    if (!next) break;
    // A turn starts when the buyer is told, and lasts a whole slot: never one already over
    // (after a pause of the job, or of the whole server), nor one partly used up.
    const startsAt = now;
    const endsAt = new Date(startsAt.getTime() + batch.slotMinutes * MINUTE);
    await setPlace(tx, next.place.registrationId, {
      slotStatus: LOTTERY_SLOT_STATUS.ACTIVE,
      startsAt,
      endsAt,
    });
    await notifyLottery(tx, batch, next.userId, {
      notice: `轮到您选房了（第 ${next.place.chooseOrder} 号），请在 ${batch.slotMinutes} 分钟内选定房源并提交订单。`,
      sms: `轮到您选房（第${next.place.chooseOrder}号），请于${beijingClock(endsAt)}前提交订单`,
    });
    active = { ...next, place: { ...next.place, startsAt, endsAt } };
  }
  await remindNext(tx, batch);
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
async function remindNext(tx: Db, batch: BatchRow): Promise<void> {
  const next = await placeAt(tx, batch.id, LOTTERY_SLOT_STATUS.WAITING);
  if (!next || next.place.remindedAt) return;
  await setPlace(tx, next.place.registrationId, { remindedAt: new Date() });
  await notifyLottery(tx, batch, next.userId, {
    notice: `快轮到您选房了（第 ${next.place.chooseOrder} 号），请留意 我的摇号。`,
    sms: `快轮到您选房了（第${next.place.chooseOrder}号），请留意我的摇号`,
  });
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
    await setPlace(tx, active.place.registrationId, {
      slotStatus: LOTTERY_SLOT_STATUS.CHOSEN,
      chosenRoomId: claim.roomId,
      endsAt: claim.now,
    });
    await advanceTurns(tx, batch, claim.now);
  });
}
