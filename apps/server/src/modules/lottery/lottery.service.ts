import type {
  LotteryBatch,
  LotteryBoard,
  LotteryDrawRecord,
  MyLotteryRegistration,
} from '@portal/shared/schemas/lottery';
import { LOTTERY_REG_STATUS } from '@portal/shared/status';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decryptIdentityText } from '../../db/identity-cipher';
import { lotteryBatches, lotteryRegistrations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { readBoardHead } from './lottery-board-feed';
import { maskId } from './lottery-masks';
import { advanceTurns } from './lottery-turns';
import { priorityRoomsOf } from './lottery.admin.service';
import {
  countRegistrations,
  findBatch,
  listBatches,
  listPlaces,
  phaseOf,
  type BatchRow,
  placeOf,
} from './lottery.queries';

function odds(rooms: number, qualified: number): number | null {
  if (qualified === 0) return null;
  return Math.min(100, Math.round((rooms / qualified) * 1000) / 10);
}

async function toBatch(
  db: Db,
  batch: BatchRow,
  projectName: string,
  now: Date,
): Promise<LotteryBatch> {
  const counts = await countRegistrations(db, batch.id);
  const priorityRooms = priorityRoomsOf(batch);
  const published = batch.committedAt !== null;
  // 无房家庭 draw for the reserved rooms first and then join everyone for the rest.
  const priorityWins = Math.min(priorityRooms, counts.priority);
  const restRooms = Math.max(0, batch.roomIds.length - priorityWins);
  const restPool = counts.priority - priorityWins + counts.general;
  const generalOdds = published ? odds(restRooms, restPool) : null;
  return {
    id: batch.id,
    code: batch.code,
    title: batch.title,
    projectId: batch.projectId,
    projectName,
    roomIds: batch.roomIds,
    roomCount: batch.roomIds.length,
    priorityRooms,
    prioritySharePct: batch.prioritySharePct,
    rules: { localHukouOrInsuranceMonths: batch.insuranceMonths, description: batch.description },
    regOpensAt: batch.regOpensAt.toISOString(),
    regClosesAt: batch.regClosesAt.toISOString(),
    reviewClosesAt: batch.reviewClosesAt.toISOString(),
    drawAt: batch.drawAt.toISOString(),
    slotMinutes: batch.slotMinutes,
    missedGoesLast: batch.missedGoesLast,
    beacon: batch.beacon as LotteryBatch['beacon'],
    beaconRound: batch.beaconRound,
    phase: phaseOf(batch, now),
    counts,
    odds: {
      priority: published
        ? counts.priority === 0
          ? null
          : Math.min(
              100,
              Math.round(
                ((priorityWins + (counts.priority - priorityWins) * ((generalOdds ?? 0) / 100)) /
                  counts.priority) *
                  1000,
              ) / 10,
            )
        : null,
      general: generalOdds,
    },
    listHash: batch.listHash,
    committedAt: batch.committedAt?.toISOString() ?? null,
    drawnAt: batch.drawnAt?.toISOString() ?? null,
  };
}

/** Every batch, or a project's, as the public pages list them. */
export async function listPublicBatches(db: Db, projectId?: number, now = new Date()) {
  const rows = await listBatches(db, projectId);
  return Promise.all(rows.map((row) => toBatch(db, row.batch, row.projectName, now)));
}

/** One batch with its counts and odds; 404 when unknown. */
export async function getPublicBatch(db: Db, batchId: number, now = new Date()) {
  const rows = await listBatches(db);
  const row = rows.find((r) => r.batch.id === batchId);
  if (!row) throw new AppError('NOT_FOUND', '摇号批次不存在');
  return toBatch(db, row.batch, row.projectName, now);
}

/**
 * What anyone needs to re-check the draw: the committed list text, its hash, the beacon round and
 * value, and the published order (empty before the draw).
 */
export async function getDrawRecord(db: Db, batchId: number): Promise<LotteryDrawRecord> {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', '摇号批次不存在');
  const places = batch.drawnAt ? await listPlaces(db, batchId) : [];
  return {
    batchId,
    code: batch.code,
    listText: batch.listText,
    listHash: batch.listHash,
    committedAt: batch.committedAt?.toISOString() ?? null,
    beacon: batch.beacon,
    beaconRound: batch.beaconRound,
    randomness: batch.randomness,
    beaconSignature: batch.beaconSignature,
    drawnAt: batch.drawnAt?.toISOString() ?? null,
    results: places.map((p) => ({
      chooseOrder: p.place.chooseOrder,
      regNo: p.regNo,
      outcome: p.place.outcome,
    })),
  };
}

/**
 * The live 选房 board: its head as the event stream sends it (whose turn, rooms left, the line
 * moved on first when it stands still; lottery-board-feed.ts) and the whole line in order.
 */
export async function getBoard(db: Db, batchId: number, now = new Date()): Promise<LotteryBoard> {
  const head = await readBoardHead(db, batchId, now);
  if (!head) throw new AppError('NOT_FOUND', '摇号批次不存在');
  const places = await listPlaces(db, batchId);
  return {
    ...head,
    slots: [...places]
      .sort((a, b) => a.place.lineNo - b.place.lineNo)
      .map((p) => ({
        chooseOrder: p.place.chooseOrder,
        regNo: p.regNo,
        slotStatus: p.place.slotStatus as LotteryBoard['slots'][number]['slotStatus'],
        startsAt: p.place.startsAt?.toISOString() ?? null,
      })),
  };
}

/** The caller's registrations, newest batch first, with their place in the 选房 line. */
export async function listMyRegistrations(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<MyLotteryRegistration[]> {
  const rows = await db
    .select({ registration: lotteryRegistrations, batch: lotteryBatches })
    .from(lotteryRegistrations)
    .innerJoin(lotteryBatches, eq(lotteryBatches.id, lotteryRegistrations.batchId))
    .where(eq(lotteryRegistrations.userId, userId))
    .orderBy(desc(lotteryBatches.drawAt));
  const result: MyLotteryRegistration[] = [];
  for (const { registration: r, batch } of rows) {
    if (batch.drawnAt) await db.transaction((tx) => advanceTurns(tx, batch, now));
    result.push({
      id: r.id,
      batchId: batch.id,
      batchTitle: batch.title,
      regNo: r.regNo,
      status: r.status as MyLotteryRegistration['status'],
      reason: r.reason,
      appealReason: r.appealReason,
      homeless: r.homeless,
      localHukou: r.localHukou,
      socialInsuranceMonths: r.insuranceMonths,
      note: r.note,
      members: (r.members ?? []).map((m) => ({
        relation: m.relation,
        name: m.name,
        idCard: maskId(decryptIdentityText(m.idCard)),
      })),
      canEdit: now >= batch.regOpensAt && now < batch.regClosesAt,
      canAppeal:
        r.status === LOTTERY_REG_STATUS.REFUSED &&
        !r.appealed &&
        now < batch.reviewClosesAt &&
        !batch.committedAt,
      place: await placeOf(db, batch, r.id, now),
    });
  }
  return result;
}
