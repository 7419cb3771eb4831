import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryProofs, lotteryRegistrations } from '../../db/schema/index';

/** The proof rows of these registrations, by registration and upload order. */
export async function selectProofRows(db: Db, registrationIds: readonly number[]) {
  return db
    .select({
      registrationId: lotteryProofs.registrationId,
      kind: lotteryProofs.kind,
      path: lotteryProofs.path,
    })
    .from(lotteryProofs)
    .where(inArray(lotteryProofs.registrationId, [...registrationIds]))
    .orderBy(asc(lotteryProofs.registrationId), asc(lotteryProofs.sort));
}

/** A user's registrations (id and batch), oldest first. */
export async function selectOwnRegistrations(db: Db, userId: number) {
  return db
    .select({ id: lotteryRegistrations.id, batchId: lotteryRegistrations.batchId })
    .from(lotteryRegistrations)
    .where(eq(lotteryRegistrations.userId, userId))
    .orderBy(asc(lotteryRegistrations.id));
}

/** Whether a registration names the proof file at this path. */
export async function isNamedProof(db: Db, path: string): Promise<boolean> {
  const [named] = await db
    .select({ id: lotteryProofs.id })
    .from(lotteryProofs)
    .where(eq(lotteryProofs.path, path))
    .limit(1);
  return Boolean(named);
}
