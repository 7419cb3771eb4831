import { composeRealEstateCertificateNum } from '@portal/shared/constants/listings';
import type { verificationFormSchema, VerificationResult } from '@portal/shared/schemas/listings';
import { LISTING_CHECK_STATUS, LISTING_CHECK_STATUS_LABEL } from '@portal/shared/status';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { listingVerifications } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../auth/index';
import { requirePrivacyConsent } from '../legal/index';
import { districts } from '../projects/tables';
import { ownershipRecords } from '../registry/tables';
import { toVerificationResult, type VerificationRow } from './verification-result';
import { findOwnVerification } from './verification.queries';

/**
 * The caller's identity; publishing needs real-name authentication (docs/product/listings.md)
 * and the separate privacy consent in force, since the owner's ID number and ownership papers
 * are collected next.
 */
export async function requireRealNameUser(
  db: Db,
  userId: number,
): Promise<{ realName: string | null; idCard: string | null }> {
  const user = await findUserById(db, userId);
  if (!user?.realNameAuth) throw new AppError('LISTING_REALNAME_REQUIRED');
  await requirePrivacyConsent(db, userId);
  return { realName: user.realName, idCard: user.idCard };
}

/**
 * Step 1 房源核验: looks the certificate up in the ownership register (type, number — for type 2
 * composed from year and serial — district, owner name and ID number must all match), stores
 * the attempt and answers checkStatus '2' (passed) or '3' (failed) with its id; a passed check
 * also answers what the register holds on the home (community, address, area, purpose) for the
 * form to start from.
 */
export async function verifyOwnership(
  db: Db,
  userId: number,
  form: z.output<typeof verificationFormSchema>,
): Promise<VerificationResult> {
  const user = await requireRealNameUser(db, userId);
  const [district] = await db
    .select({ code: districts.code })
    .from(districts)
    .where(eq(districts.code, form.areaCode));
  if (!district) throw new AppError('VALIDATION_FAILED', '请选择区域');
  const certificateNum =
    form.certificateType === 2
      ? composeRealEstateCertificateNum(form.syear ?? '', form.certificateNum)
      : form.certificateNum;
  // Owner name and ID number are encrypted at rest: the ID number is matched by its keyed hash,
  // the name after decryption.
  const candidates = await db
    .select({
      id: ownershipRecords.id,
      ownerName: ownershipRecords.ownerName,
      communityName: ownershipRecords.communityName,
      address: ownershipRecords.address,
      buildArea: ownershipRecords.area,
      housePurpose: ownershipRecords.housePurpose,
    })
    .from(ownershipRecords)
    .where(
      and(
        eq(ownershipRecords.certificateType, form.certificateType),
        eq(ownershipRecords.certificateNum, certificateNum),
        eq(ownershipRecords.districtCode, form.areaCode),
        eq(ownershipRecords.ownerIdCardHash, identityHashOf(form.ownerIdCard)),
      ),
    );
  const record = candidates.find((candidate) => candidate.ownerName === form.ownerName);
  const checkStatus = record ? LISTING_CHECK_STATUS.PASSED : LISTING_CHECK_STATUS.FAILED;
  const [row] = await db
    .insert(listingVerifications)
    .values({
      userId,
      certificateType: form.certificateType,
      certificateNum,
      syear: form.certificateType === 2 ? (form.syear ?? null) : null,
      areaCode: form.areaCode,
      ownerName: form.ownerName,
      ownerIdCard: form.ownerIdCard,
      checkStatus,
      checkResult: LISTING_CHECK_STATUS_LABEL[checkStatus],
      ownershipRecordId: record?.id ?? null,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  const property = record
    ? {
        communityName: record.communityName,
        address: record.address,
        buildArea: Number(record.buildArea),
        housePurpose: record.housePurpose,
      }
    : null;
  return { ...toVerificationResult(row, user), property };
}

/** A passed verification of the caller's, or 70004. */
export async function findPassedVerification(
  db: Db,
  userId: number,
  checkId: number,
): Promise<VerificationRow> {
  const row = await findOwnVerification(db, userId, checkId);
  if (!row || row.checkStatus !== LISTING_CHECK_STATUS.PASSED)
    throw new AppError('LISTING_CHECK_INVALID');
  return row;
}
