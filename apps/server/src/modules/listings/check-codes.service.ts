import { randomInt } from 'node:crypto';
import {
  CHECK_CODE_ALPHABET,
  CHECK_CODE_PREFIX,
  type CheckCodeRevokeReason,
} from '@portal/shared/constants/listing-trust';
import { LISTING_CHECK_STATUS } from '@portal/shared/status';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingCheckCodes, listingVerifications } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { ownershipRecords } from '../registry/tables';
import { findValidCode } from './check-code-lookup.queries';

const C = listingCheckCodes;
/** Random characters after the prefix: 32^10 ≈ 10^15 codes. */
const CODE_LENGTH = 10;
/** Tries before giving up on a free code (a collision is already a one-in-10^12 event). */
const ISSUE_ATTEMPTS = 5;

/** A fresh random check code, e.g. QHD7K4M2Q9X8DZ (docs/product/listings.md). */
export function generateCheckCode(): string {
  let code = CHECK_CODE_PREFIX;
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CHECK_CODE_ALPHABET[randomInt(32)];
  return code;
}

/**
 * Makes sure the listing holds a valid check code tied to the verification it is published on,
 * issuing one when it has none. Publishing needs it: a listing whose verification did not pass
 * or no longer points at a register record is refused with 70008. A valid code of an older
 * verification is revoked first. Safe when two approvals race: one valid code per listing is a
 * unique index, and a losing insert changes nothing.
 */
export async function ensureCheckCode(
  db: Db,
  listing: { id: number; checkId: number | null },
  issuedBy: number | null,
  now: Date = new Date(),
): Promise<void> {
  const [verification] =
    listing.checkId === null
      ? []
      : await db
          .select({
            id: listingVerifications.id,
            checkStatus: listingVerifications.checkStatus,
            createdAt: listingVerifications.createdAt,
            certificateType: listingVerifications.certificateType,
            areaCode: listingVerifications.areaCode,
            area: ownershipRecords.area,
          })
          .from(listingVerifications)
          .innerJoin(
            ownershipRecords,
            eq(ownershipRecords.id, listingVerifications.ownershipRecordId),
          )
          .where(eq(listingVerifications.id, listing.checkId));
  if (!verification || verification.checkStatus !== LISTING_CHECK_STATUS.PASSED) {
    throw new AppError('LISTING_NOT_VERIFIED');
  }
  const current = await findValidCode(db, listing.id);
  if (current?.verificationId === verification.id) return;
  if (current) await revokeCheckCode(db, listing.id, 'ownership_changed', now);
  for (let attempt = 0; attempt < ISSUE_ATTEMPTS; attempt += 1) {
    await db
      .insert(C)
      .values({
        code: generateCheckCode(),
        listingId: listing.id,
        verificationId: verification.id,
        verifiedAt: verification.createdAt,
        certificateType: verification.certificateType,
        districtCode: verification.areaCode,
        registeredArea: verification.area,
        issuedAt: now,
        issuedBy,
      })
      .onConflictDoNothing();
    if (await findValidCode(db, listing.id)) return;
  }
  throw new AppError('INTERNAL_ERROR');
}

/** Revokes the listing's valid code, if it has one; answers whether one was revoked. */
export async function revokeCheckCode(
  db: Db,
  listingId: number,
  reason: CheckCodeRevokeReason,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(C)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(C.listingId, listingId), isNull(C.revokedAt)))
    .returning({ id: C.id });
  return rows.length > 0;
}
