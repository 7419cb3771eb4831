// What the 摇号 benches share (lottery-draw.ts, lottery-choosing.ts): a batch whose registration
// and review are over, with its families qualified, written straight into the database as the
// operators' steps would have left it.
import { LOTTERY_REG_STATUS } from '@portal/shared/status';
import type { Db } from '../apps/server/src/db/client';
import { identityHashOf } from '../apps/server/src/db/identity-cipher';
import {
  lotteryBatches,
  lotteryPeople,
  lotteryRegistrations,
} from '../apps/server/src/db/schema/index';
import { DRAND_QUICKNET } from '../apps/server/src/integrations/beacon/index';

const DAY_MS = 86_400_000;
const CHUNK = 1_000;

/** A family's applicant: their account, verified name and ID number. */
export interface Applicant {
  userId: number;
  name: string;
  idCard: string;
}

/**
 * Writes a batch of `roomIds` (half of them for 无房家庭) with every applicant qualified (a third
 * of them 无房家庭, registration numbers `<prefix>00001`…), registration and review closed, the
 * draw due a day ago on a simulated beacon round already produced. Returns the batch id and the
 * round its draw reads.
 */
export async function writeQualifiedBatch(
  db: Db,
  batch: { code: string; title: string; projectId: number; roomIds: number[]; operatorId: number },
  applicants: Applicant[],
  regNoPrefix: string,
): Promise<{ batchId: number; drawRound: number }> {
  const at = (days: number) => new Date(Date.now() + days * DAY_MS);
  const drawRound =
    Math.floor((Date.now() / 1000 - DRAND_QUICKNET.genesisSeconds) / DRAND_QUICKNET.periodSeconds) -
    10;
  const [created] = await db
    .insert(lotteryBatches)
    .values({
      code: batch.code,
      title: batch.title,
      projectId: batch.projectId,
      roomIds: batch.roomIds,
      prioritySharePct: 50,
      insuranceMonths: 12,
      regOpensAt: at(-20),
      regClosesAt: at(-14),
      reviewClosesAt: at(-10),
      drawAt: at(-1),
      slotMinutes: 3,
      missedGoesLast: true,
      beacon: 'simulator',
      beaconRound: drawRound,
      createdBy: batch.operatorId,
    })
    .returning({ id: lotteryBatches.id });
  const batchId = created!.id;
  for (let from = 0; from < applicants.length; from += CHUNK) {
    const chunk = applicants.slice(from, from + CHUNK);
    const saved = await db
      .insert(lotteryRegistrations)
      .values(
        chunk.map((applicant, k) => ({
          batchId,
          userId: applicant.userId,
          regNo: `${regNoPrefix}${String(from + k + 1).padStart(5, '0')}`,
          applicantName: applicant.name,
          applicantId: applicant.idCard,
          members: [],
          homeless: (from + k) % 3 === 0,
          localHukou: true,
          insuranceMonths: 24,
          status: LOTTERY_REG_STATUS.APPROVED,
        })),
      )
      .returning({ id: lotteryRegistrations.id });
    await db.insert(lotteryPeople).values(
      chunk.map((applicant, k) => ({
        batchId,
        identityHash: identityHashOf(applicant.idCard),
        registrationId: saved[k]!.id,
      })),
    );
  }
  return { batchId, drawRound };
}
