import {
  canonicalLotteryList,
  lotteryListHash,
  parseLotteryList,
  runLotteryDraw,
} from '@portal/shared/domain/lottery-draw';
import type { LotteryBatchCreate } from '@portal/shared/schemas/lottery/admin';
import { LOTTERY_REG_STATUS } from '@portal/shared/status';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { bumpBuildingsOfRooms } from '../../db/building-versions';
import type { Db } from '../../db/client';
import { lotteryBatches, lotteryRegistrations } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RandomnessBeacon } from '../../integrations/beacon/index';
import { ProviderFailure } from '../../integrations/provider-failure';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { rooms } from '../building-table/tables';
import { placeDrawnFamilies } from './lottery-draw-places';
import { maskId, maskName } from './lottery-masks';
import { decideOnRegistration } from './lottery-moves';
import { advanceTurns } from './lottery-turns';
import { findBatch, findBatchOfRoom, listRegistrations, type BatchRow } from './lottery.queries';

/** Rooms the priority round reserves: the share of the batch's rooms, rounded down. */
export function priorityRoomsOf(batch: Pick<BatchRow, 'roomIds' | 'prioritySharePct'>): number {
  return Math.floor((batch.roomIds.length * batch.prioritySharePct) / 100);
}

/**
 * Sets up a batch (audited). Its rooms must belong to its project and to no other batch; once in
 * a batch a room can be locked only in its buyer's 选房 turn (lottery-turns.ts). The building
 * table marks batch rooms, so their buildings get a new version in the same transaction.
 */
export async function createBatch(db: Db, actorId: number, input: LotteryBatchCreate) {
  const roomIds = [...new Set(input.roomIds)];
  const found = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(inArray(rooms.id, roomIds), eq(rooms.projectId, input.projectId)));
  if (found.length !== roomIds.length) {
    throw new AppError('VALIDATION_FAILED', '所选房源须全部属于该楼盘');
  }
  for (const id of roomIds) {
    if (await findBatchOfRoom(db, id)) throw new AppError('CONFLICT', '所选房源已在其他摇号批次中');
  }
  try {
    return await db.transaction(async (tx) => {
      const [batch] = await tx
        .insert(lotteryBatches)
        .values({
          code: input.code,
          title: input.title,
          projectId: input.projectId,
          roomIds,
          prioritySharePct: input.prioritySharePct,
          insuranceMonths: input.localHukouOrInsuranceMonths,
          description: input.description,
          regOpensAt: new Date(input.regOpensAt),
          regClosesAt: new Date(input.regClosesAt),
          reviewClosesAt: new Date(input.reviewClosesAt),
          drawAt: new Date(input.drawAt),
          slotMinutes: input.slotMinutes,
          missedGoesLast: input.missedGoesLast,
          beacon: input.beacon,
          beaconRound: input.beaconRound,
          createdBy: actorId,
        })
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'lottery.create',
        targetType: 'lottery',
        targetId: batch!.id,
        after: { ...input, roomIds },
      });
      await bumpBuildingsOfRooms(tx, roomIds);
      return batch!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', '批次编号已存在');
    throw error;
  }
}

/**
 * An operator's review decision: a 审核中 registration is approved or refused with a reason; an
 * appeal (申诉中) gets the second, final decision. Only before review closes and the list is
 * published. The move's row (lottery-moves.ts) audits it and tells the registrant.
 */
export async function decideRegistration(
  db: Db,
  actorId: number,
  registrationId: number,
  decision: { approve: boolean; reason: string },
  now = new Date(),
) {
  const [registration] = await db
    .select()
    .from(lotteryRegistrations)
    .where(eq(lotteryRegistrations.id, registrationId));
  if (!registration) throw new AppError('NOT_FOUND', '登记不存在');
  const batch = (await findBatch(db, registration.batchId))!;
  if (batch.committedAt || now >= batch.reviewClosesAt)
    throw new AppError('CONFLICT', '审核已截止');
  const appeal = registration.status === LOTTERY_REG_STATUS.APPEALING;
  if (!appeal && registration.status !== LOTTERY_REG_STATUS.SUBMITTED) {
    throw new AppError('CONFLICT', '该登记已审核');
  }
  await db.transaction(async (tx) => {
    const changed = await decideOnRegistration(
      tx,
      registrationId,
      actorId,
      { appeal, approve: decision.approve },
      { batch, reason: decision.reason },
      now,
    );
    if (!changed) throw new AppError('CONFLICT');
  });
}

/**
 * Publishes the qualified list and its commitment (audited): after review closes and with no
 * registration left undecided, the approved registrations become the canonical list text whose
 * SHA-256 is published with the named beacon round. Written once: a second call is 409.
 */
export async function publishList(db: Db, actorId: number, batchId: number, now = new Date()) {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', '摇号批次不存在');
  if (batch.committedAt) throw new AppError('CONFLICT', '名单与承诺值已公布，不能更改');
  if (now < batch.reviewClosesAt) throw new AppError('CONFLICT', '审核截止后才能公示名单');
  const all = await listRegistrations(db, batchId);
  if (
    all.some(
      (r) => r.status === LOTTERY_REG_STATUS.SUBMITTED || r.status === LOTTERY_REG_STATUS.APPEALING,
    )
  ) {
    throw new AppError('CONFLICT', '仍有待审核或申诉中的登记');
  }
  const approved = all.filter((r) => r.status === LOTTERY_REG_STATUS.APPROVED);
  const listText = canonicalLotteryList({
    params: {
      batchCode: batch.code,
      roomCount: batch.roomIds.length,
      priorityRooms: priorityRoomsOf(batch),
    },
    entries: approved.map((r) => ({
      regNo: r.regNo,
      group: r.homeless ? 'priority' : 'general',
      maskedName: maskName(r.applicantName),
      maskedId: maskId(r.applicantId),
    })),
  });
  const listHash = lotteryListHash(listText);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(lotteryBatches)
      .set({ listText, listHash, committedAt: now })
      .where(and(eq(lotteryBatches.id, batchId), isNull(lotteryBatches.committedAt)))
      .returning({ id: lotteryBatches.id });
    if (changed.length === 0) throw new AppError('CONFLICT', '名单与承诺值已公布，不能更改');
    await recordAudit(tx, {
      actorId,
      action: 'lottery.publish',
      targetType: 'lottery',
      targetId: batchId,
      after: {
        listHash,
        qualified: approved.length,
        beacon: batch.beacon,
        beaconRound: batch.beaconRound,
      },
      at: now,
    });
  });
  return { listHash };
}

/**
 * Runs the draw (audited): only after the draw time, with the commitment published, from the
 * batch's named beacon round. No beacon of that name on this server (the simulator outside the
 * demo) is 503; a round not yet produced is 409. The order comes from the shared pure draw over
 * the committed text, so anyone can recompute it; every registrant gets a notice with their number.
 * The buildings of the batch's rooms get a new version (the building table shows the draw).
 */
export async function drawBatch(
  db: Db,
  actorId: number,
  batchId: number,
  beacons: Partial<Record<string, RandomnessBeacon>>,
  now = new Date(),
) {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', '摇号批次不存在');
  if (batch.drawnAt) throw new AppError('CONFLICT', '本批次已摇号');
  if (!batch.committedAt || !batch.listText)
    throw new AppError('CONFLICT', '须先公示名单并公布承诺值');
  if (now < batch.drawAt) throw new AppError('CONFLICT', '未到摇号时间');
  const beacon = beacons[batch.beacon];
  if (!beacon)
    throw new AppError('SERVICE_UNAVAILABLE', '本服务器未接入该批次承诺的随机源，不能摇号');
  let round;
  try {
    round = await beacon.fetchRound(batch.beaconRound);
  } catch (error) {
    if (error instanceof ProviderFailure)
      throw new AppError('SERVICE_UNAVAILABLE', '随机信标暂时无法访问，请稍后再试');
    throw error;
  }
  if (!round) throw new AppError('CONFLICT', `随机信标第 ${batch.beaconRound} 轮尚未产生`);
  const draw = runLotteryDraw(parseLotteryList(batch.listText), round.randomness);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(lotteryBatches)
      .set({ randomness: round.randomness, beaconSignature: round.signature, drawnAt: now })
      .where(and(eq(lotteryBatches.id, batchId), isNull(lotteryBatches.drawnAt)))
      .returning({ id: lotteryBatches.id });
    if (changed.length === 0) throw new AppError('CONFLICT', '本批次已摇号');
    await placeDrawnFamilies(tx, batch, draw);
    await recordAudit(tx, {
      actorId,
      action: 'lottery.draw',
      targetType: 'lottery',
      targetId: batchId,
      after: {
        listHash: draw.listHash,
        beaconRound: round.round,
        randomness: round.randomness,
        places: draw.places.length,
      },
      at: now,
    });
    await advanceTurns(tx, { ...batch, drawnAt: now }, now);
    // The building table tells a drawn batch's rooms apart (选房 in order has begun).
    await bumpBuildingsOfRooms(tx, batch.roomIds);
  });
  return draw;
}
