import {
  canonicalLotteryList,
  lotteryListHash,
  runLotteryDraw,
} from '@portal/shared/domain/lottery-draw';
import {
  LOTTERY_REG_STATUS,
  LOTTERY_SLOT_STATUS,
  PROJECT_STATUS,
  ROOM_SALE_STATUS,
} from '@portal/shared/status';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { identityHashOf } from '../db/identity-cipher';
import {
  lotteryBatches,
  lotteryPeople,
  lotteryPlaces,
  lotteryRegistrations,
  buildings,
  projects,
  rooms,
} from '../db/schema/index';
import { DRAND_QUICKNET, simulatedBeacon } from '../integrations/beacon/index';
import { maskId, maskName } from '../modules/lottery/index';
import type { SeedContext } from './context';
import type { SeededUsers } from './users';

const DAY = 86_400_000;

/** The beacon round produced at `at` on drand's quicknet schedule. */
function roundAt(at: Date): number {
  return (
    Math.floor(
      (at.getTime() / 1000 - DRAND_QUICKNET.genesisSeconds) / DRAND_QUICKNET.periodSeconds,
    ) + 1
  );
}

/**
 * Two 摇号 batches (docs/product/lottery.md) on the last published project's last green rooms,
 * away from the rooms the demo buyer books first: one open for 意向登记 (the demo buyer not yet
 * registered), and one drawn nine days ago from the simulated beacon, its list, random value and
 * order published and its 选房 finished, so the verifier says 一致.
 */
export async function seedLottery(ctx: SeedContext, users: SeededUsers): Promise<void> {
  const { db, now } = ctx;
  const candidates = await db
    .select({ id: rooms.id, project_id: rooms.projectId })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .where(
      and(
        eq(rooms.saleStatus, ROOM_SALE_STATUS.AVAILABLE),
        isNotNull(buildings.licenceId),
        eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED),
      ),
    )
    .orderBy(desc(rooms.projectId), desc(rooms.id))
    .limit(12);
  const rows = candidates.filter((r) => r.project_id === candidates[0]?.project_id);
  if (rows.length < 4) return;
  const projectId = rows[0]!.project_id;
  const half = Math.floor(rows.length / 2);
  const openRooms = rows.slice(0, half).map((r) => r.id);
  const drawnRooms = rows.slice(half).map((r) => r.id);
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  await db.insert(lotteryBatches).values({
    code: 'QHD2026-012',
    title: '2026 年第 12 批 摇号选房',
    projectId,
    roomIds: openRooms,
    prioritySharePct: 50,
    insuranceMonths: 12,
    description: '本批次房源通过公开摇号确定选房顺序，无房家庭优先。',
    regOpensAt: at(-1),
    regClosesAt: at(5),
    reviewClosesAt: at(7),
    drawAt: at(8),
    slotMinutes: 3,
    missedGoesLast: true,
    beacon: 'simulator',
    beaconRound: roundAt(at(8)),
  });

  const code = 'QHD2026-011';
  const drawAt = at(-9);
  const families = users.verifiedCitizens.filter((u) => u.realName && u.idCard).slice(0, 24);
  const entries = families.map((user, i) => ({
    user,
    regNo: `${code}-${String(i + 1).padStart(5, '0')}`,
    homeless: i % 3 === 0,
  }));
  const priorityRooms = Math.floor(drawnRooms.length / 2);
  const listText = canonicalLotteryList({
    params: { batchCode: code, roomCount: drawnRooms.length, priorityRooms },
    entries: entries.map((e) => ({
      regNo: e.regNo,
      group: e.homeless ? 'priority' : 'general',
      maskedName: maskName(e.user.realName!),
      maskedId: maskId(e.user.idCard!),
    })),
  });
  const round = (await simulatedBeacon(() => now).fetchRound(roundAt(drawAt)))!;
  const [batch] = await db
    .insert(lotteryBatches)
    .values({
      code,
      title: '2026 年第 11 批 摇号选房',
      projectId,
      roomIds: drawnRooms,
      prioritySharePct: 50,
      insuranceMonths: 12,
      description: '已摇号并完成选房，结果可在本机复核。',
      regOpensAt: at(-20),
      regClosesAt: at(-14),
      reviewClosesAt: at(-10),
      drawAt,
      slotMinutes: 3,
      missedGoesLast: false,
      beacon: 'simulator',
      beaconRound: round.round,
      listText,
      listHash: lotteryListHash(listText),
      committedAt: at(-10),
      randomness: round.randomness,
      beaconSignature: round.signature,
      drawnAt: drawAt,
    })
    .returning({ id: lotteryBatches.id });
  const batchId = batch!.id;
  const saved = await db
    .insert(lotteryRegistrations)
    .values(
      entries.map((e) => ({
        batchId,
        userId: e.user.id,
        regNo: e.regNo,
        applicantName: e.user.realName!,
        applicantId: e.user.idCard!,
        members: [],
        homeless: e.homeless,
        localHukou: true,
        insuranceMonths: 24,
        status: LOTTERY_REG_STATUS.APPROVED,
      })),
    )
    .returning({ id: lotteryRegistrations.id, regNo: lotteryRegistrations.regNo });
  if (saved.length === 0) return;
  const idOf = new Map(saved.map((r) => [r.regNo, r.id]));
  await db.insert(lotteryPeople).values(
    entries.map((e) => ({
      batchId,
      identityHash: identityHashOf(e.user.idCard!),
      registrationId: idOf.get(e.regNo)!,
    })),
  );
  const places = runLotteryDraw(
    {
      params: { batchCode: code, roomCount: drawnRooms.length, priorityRooms },
      entries: entries.map((e) => ({
        regNo: e.regNo,
        group: e.homeless ? 'priority' : 'general',
        maskedName: maskName(e.user.realName!),
        maskedId: maskId(e.user.idCard!),
      })),
    },
    round.randomness,
  ).places;
  // 选房 is over: each winner chose a room in turn (three minutes apart), the rest stayed 候补.
  // The rooms keep their colour (no order rows are seeded for them); the chosen ones are out of
  // the batch's remaining rooms, so no further turn starts.
  const chosen: number[] = [];
  await db.insert(lotteryPlaces).values(
    places.map((place, i) => {
      const winner = place.outcome !== 'waitlist' && chosen.length < drawnRooms.length;
      if (winner) chosen.push(drawnRooms[chosen.length]!);
      const startsAt = new Date(drawAt.getTime() + i * 3 * 60_000);
      return {
        batchId,
        registrationId: idOf.get(place.regNo)!,
        chooseOrder: place.chooseOrder,
        outcome: place.outcome,
        lineNo: place.chooseOrder,
        slotStatus: winner ? LOTTERY_SLOT_STATUS.CHOSEN : LOTTERY_SLOT_STATUS.WAITING,
        startsAt: winner ? startsAt : null,
        endsAt: winner ? new Date(startsAt.getTime() + 60_000) : null,
        chosenRoomId: winner ? chosen[chosen.length - 1]! : null,
      };
    }),
  );
}
