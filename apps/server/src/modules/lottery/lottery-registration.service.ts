import type { LotteryProofKind, LotteryRegistrationInput } from '@portal/shared/schemas/lottery';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { encryptIdentityText, identityHashOf } from '../../db/identity-cipher';
import { lotteryPeople, lotteryRegistrations } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../auth/index';
import { maskId } from './lottery-masks';
import { appealRefusal, editRegistration, submitRegistration } from './lottery-moves';
import { checkProofs, replaceProofs } from './lottery-proofs';
import { findBatch } from './lottery.queries';

type Input = {
  members: Array<{ relation: 'spouse' | 'child'; name: string; idCard: string }>;
  homeless: boolean;
  localHukou: boolean;
  socialInsuranceMonths: number;
  note: string;
  proofs: Array<{ kind: LotteryProofKind; path: string }>;
} & Omit<LotteryRegistrationInput, 'members' | 'note' | 'proofs'>;

async function openBatch(db: Db, batchId: number, now: Date) {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', '摇号批次不存在');
  if (now < batch.regOpensAt) throw new AppError('CONFLICT', '意向登记尚未开始');
  if (now >= batch.regClosesAt) throw new AppError('CONFLICT', '意向登记已截止，不能再提交或修改');
  return batch;
}

/**
 * Submits or replaces the caller's 意向登记 in a batch (docs/product/lottery.md) while
 * registration is open: real name required (60001); the applicant, spouse and minor children are
 * one family, and a person (by keyed ID hash) may be in one family of a batch only, else 409
 * naming the masked ID. The 证明材料 its declarations need come with it, as the caller's own
 * uploads (checkProofs), and are replaced with the rest on an edit. Editing puts the registration
 * back to 审核中. Returns the registration number.
 */
export async function saveRegistration(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  batchId: number,
  input: Input,
  now = new Date(),
): Promise<{ id: number; regNo: string }> {
  const user = await findUserById(db, userId);
  if (!user?.realNameAuth || !user.realName || !user.idCard)
    throw new AppError('REALNAME_REQUIRED');
  const batch = await openBatch(db, batchId, now);
  const people = [user.idCard, ...input.members.map((m) => m.idCard)].map((id) => id.toUpperCase());
  const repeated = people.find((id, i) => people.indexOf(id) !== i);
  if (repeated)
    throw new AppError('VALIDATION_FAILED', `身份证号 ${maskId(repeated)} 在本次登记中重复填写`);
  const proofs = await checkProofs(storage, userId, input, input.proofs);
  const values = {
    members: input.members.map((m) => ({
      relation: m.relation,
      name: m.name,
      idCard: encryptIdentityText(m.idCard.toUpperCase()),
    })),
    homeless: input.homeless,
    localHukou: input.localHukou,
    insuranceMonths: input.socialInsuranceMonths,
    note: input.note,
  };
  try {
    return await db.transaction(async (tx) => {
      // One registration at a time per batch: the duplicate checks below see every earlier one.
      await tx.execute(sql`select id from lottery_batches where id = ${batch.id} for update`);
      const [existing] = await tx
        .select({ id: lotteryRegistrations.id, regNo: lotteryRegistrations.regNo })
        .from(lotteryRegistrations)
        .where(
          and(eq(lotteryRegistrations.batchId, batch.id), eq(lotteryRegistrations.userId, userId)),
        );
      let saved: { id: number; regNo: string } | undefined;
      if (existing) {
        saved = await editRegistration(tx, existing.id, userId, { batch, values }, now);
        await tx.delete(lotteryPeople).where(eq(lotteryPeople.registrationId, existing.id));
      } else {
        const [row] = await tx
          .select({ n: count() })
          .from(lotteryRegistrations)
          .where(eq(lotteryRegistrations.batchId, batch.id));
        const regNo = `${batch.code}-${String((row?.n ?? 0) + 1).padStart(5, '0')}`;
        saved = await submitRegistration(
          tx,
          userId,
          {
            batch,
            values: {
              ...values,
              batchId: batch.id,
              userId,
              regNo,
              applicantName: user.realName!,
              applicantId: user.idCard!,
            },
          },
          now,
        );
      }
      if (!saved) throw new AppError('CONFLICT');
      const registration = { id: saved.id, regNo: saved.regNo };
      const hashes = people.map((id) => ({ id, hash: identityHashOf(id) }));
      const taken = await tx
        .select({ hash: lotteryPeople.identityHash })
        .from(lotteryPeople)
        .where(
          and(
            eq(lotteryPeople.batchId, batch.id),
            inArray(
              lotteryPeople.identityHash,
              hashes.map((h) => h.hash),
            ),
          ),
        );
      const clash = hashes.find((h) => taken.some((t) => t.hash === h.hash));
      if (clash) throw familyClash(clash.id);
      await replaceProofs(tx as unknown as Db, registration.id, proofs);
      await tx.insert(lotteryPeople).values(
        hashes.map((h) => ({
          batchId: batch.id,
          identityHash: h.hash,
          registrationId: registration.id,
        })),
      );
      return registration;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Two families naming one person at the same instant: the second meets the unique index.
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', '同一人只能参加一个家庭的登记，请核对家庭成员');
    throw error;
  }
}

function familyClash(idCard: string): AppError {
  return new AppError(
    'CONFLICT',
    `身份证号 ${maskId(idCard)} 已在本批次其他家庭的登记中，同一人只能参加一个家庭的登记`,
  );
}

/**
 * A refused registrant appeals once, before review closes; the registration goes to 申诉中 and the
 * operators decide again (finally).
 */
export async function appealRegistration(
  db: Db,
  userId: number,
  batchId: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', '摇号批次不存在');
  const [own] = await db
    .select({ id: lotteryRegistrations.id })
    .from(lotteryRegistrations)
    .where(and(eq(lotteryRegistrations.batchId, batchId), eq(lotteryRegistrations.userId, userId)));
  if (!own) throw new AppError('NOT_FOUND', '您在本批次没有登记');
  if (now >= batch.reviewClosesAt || batch.committedAt)
    throw new AppError('CONFLICT', '申诉期已结束');
  const appealed = await db.transaction((tx) =>
    appealRefusal(tx, own.id, userId, { batch, reason }, now),
  );
  if (!appealed) throw new AppError('CONFLICT', '只有未通过的登记可以申诉一次');
}
