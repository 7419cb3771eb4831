import type { LotteryBoard } from '@portal/shared/schemas/lottery';
import {
  LOTTERY_REG_STATUS,
  LOTTERY_PHASE,
  LOTTERY_SLOT_STATUS,
  type LotteryPhase,
} from '@portal/shared/status';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryBatches, lotteryPlaces, lotteryRegistrations } from '../../db/schema/index';
import { projects } from '../projects/tables';

export type BatchRow = typeof lotteryBatches.$inferSelect;

/** One batch by id, or undefined. */
export async function findBatch(db: Db, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(lotteryBatches).where(eq(lotteryBatches.id, id));
  return row;
}

/** The batch whose rooms include `roomId` (a room belongs to one batch at most), or undefined. */
export async function findBatchOfRoom(db: Db, roomId: number): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryBatches)
    .where(sql`${lotteryBatches.roomIds} @> ${JSON.stringify([roomId])}::jsonb`)
    .limit(1);
  return row;
}

/** Batches, newest draw first, with their project's 推广名; of one project when `projectId` is given. */
export async function listBatches(db: Db, projectId?: number) {
  return db
    .select({ batch: lotteryBatches, projectName: projects.publishName })
    .from(lotteryBatches)
    .innerJoin(projects, eq(projects.id, lotteryBatches.projectId))
    .where(projectId ? eq(lotteryBatches.projectId, projectId) : undefined)
    .orderBy(sql`${lotteryBatches.drawAt} desc`);
}

/** A batch's phase at `now`, from its times and what it has published. */
export function phaseOf(batch: BatchRow, now: Date): LotteryPhase {
  if (batch.drawnAt) return LOTTERY_PHASE.DRAWN;
  if (batch.committedAt) return LOTTERY_PHASE.PUBLISHED;
  if (now < batch.regOpensAt) return LOTTERY_PHASE.UPCOMING;
  if (now < batch.regClosesAt) return LOTTERY_PHASE.REGISTERING;
  return LOTTERY_PHASE.REVIEWING;
}

/** Registrations of a batch per group: all of them, and the qualified 无房 / 普通. */
export async function countRegistrations(db: Db, batchId: number) {
  const rows = await db
    .select({
      status: lotteryRegistrations.status,
      homeless: lotteryRegistrations.homeless,
      n: count(),
    })
    .from(lotteryRegistrations)
    .where(eq(lotteryRegistrations.batchId, batchId))
    .groupBy(lotteryRegistrations.status, lotteryRegistrations.homeless);
  const approved = (homeless: boolean) =>
    rows
      .filter((r) => r.status === LOTTERY_REG_STATUS.APPROVED && r.homeless === homeless)
      .reduce((sum, r) => sum + r.n, 0);
  return {
    registered: rows.reduce((sum, r) => sum + r.n, 0),
    priority: approved(true),
    general: approved(false),
  };
}

/** The registrations of a batch in registration-number order (operators' queue). */
export async function listRegistrations(db: Db, batchId: number, status?: string) {
  return db
    .select()
    .from(lotteryRegistrations)
    .where(
      and(
        eq(lotteryRegistrations.batchId, batchId),
        status ? eq(lotteryRegistrations.status, status) : undefined,
      ),
    )
    .orderBy(asc(lotteryRegistrations.regNo));
}

/** The draw's places of a batch with their registration numbers and owners, in choosing order. */
export async function listPlaces(db: Db, batchId: number) {
  return db
    .select({
      place: lotteryPlaces,
      regNo: lotteryRegistrations.regNo,
      userId: lotteryRegistrations.userId,
    })
    .from(lotteryPlaces)
    .innerJoin(lotteryRegistrations, eq(lotteryRegistrations.id, lotteryPlaces.registrationId))
    .where(eq(lotteryPlaces.batchId, batchId))
    .orderBy(asc(lotteryPlaces.chooseOrder));
}

const MINUTE = 60_000;

/** A registrant's place in the 选房 line: their own row, how many wait ahead and when their turn comes. */
export async function placeOf(db: Db, batch: BatchRow, registrationId: number, now: Date) {
  const [own] = await db
    .select()
    .from(lotteryPlaces)
    .where(eq(lotteryPlaces.registrationId, registrationId));
  if (!own) return null;
  const line = await db
    .select({
      lineNo: lotteryPlaces.lineNo,
      status: lotteryPlaces.slotStatus,
      endsAt: lotteryPlaces.endsAt,
    })
    .from(lotteryPlaces)
    .where(
      and(
        eq(lotteryPlaces.batchId, batch.id),
        inArray(lotteryPlaces.slotStatus, [
          LOTTERY_SLOT_STATUS.WAITING,
          LOTTERY_SLOT_STATUS.ACTIVE,
        ]),
      ),
    )
    .orderBy(asc(lotteryPlaces.lineNo));
  const waiting = own.slotStatus === LOTTERY_SLOT_STATUS.WAITING;
  const ahead = waiting ? line.filter((p) => p.lineNo < own.lineNo).length : 0;
  const active = line.find((p) => p.status === LOTTERY_SLOT_STATUS.ACTIVE);
  const activeEnds = active?.endsAt?.getTime() ?? now.getTime();
  const waitingAhead = Math.max(0, ahead - (active ? 1 : 0));
  return {
    chooseOrder: own.chooseOrder,
    outcome: own.outcome,
    slotStatus: own.slotStatus as LotteryBoard['slots'][number]['slotStatus'],
    ahead,
    // Each buyer ahead may use a whole turn: the latest it can be.
    expectedAt: waiting
      ? new Date(activeEnds + waitingAhead * batch.slotMinutes * MINUTE).toISOString()
      : null,
  };
}
