import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { LISTING_STATUS, listingStatusLabel } from '@portal/shared/constants/listing-status';
import {
  CHECK_CODE_PATTERN,
  CHECK_CODE_REVOKE_REASON_LABEL,
  type CheckCodeRevokeReason,
  CHECK_CODE_STATUS,
} from '@portal/shared/constants/listing-trust';
import type { CheckCodeResult } from '@portal/shared/schemas/listing-trust';
import type { ListingCheckCode } from '@portal/shared/schemas/listings';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingCheckCodes, secondHandListings } from '../../db/schema/index';

const C = listingCheckCodes;
const L = secondHandListings;

const CERTIFICATE_LABEL: Record<number, string> = { 1: '房屋所有权证', 2: '不动产权证书' };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The answer for a code nobody issued. */
function unknownCode(code: string): CheckCodeResult {
  return {
    status: CHECK_CODE_STATUS.UNKNOWN,
    code,
    verifiedAt: null,
    issuedAt: null,
    revokedAt: null,
    revokedReason: null,
    certificateTypeLabel: null,
    districtName: null,
    registeredArea: null,
    listing: null,
  };
}

/**
 * What the public check page (/verify) says about a code: unknown, revoked (when and why), or
 * valid with what was verified (certificate kind, district, registered area, the verification
 * time) and the listing it belongs to with its current state. Never the owner, an ID number
 * or a certificate number. `code` is already normalised.
 */
export async function lookupCheckCode(db: Db, code: string): Promise<CheckCodeResult> {
  if (!CHECK_CODE_PATTERN.test(code)) return unknownCode(code);
  const [row] = await db
    .select({
      code: C.code,
      verifiedAt: C.verifiedAt,
      issuedAt: C.issuedAt,
      revokedAt: C.revokedAt,
      revokeReason: C.revokeReason,
      certificateType: C.certificateType,
      districtCode: C.districtCode,
      registeredArea: C.registeredArea,
      listingId: L.id,
      type: L.type,
      title: L.title,
      communityName: L.communityName,
      publishStatus: L.publishStatus,
      confirmedAt: L.confirmedAt,
    })
    .from(C)
    .leftJoin(L, eq(L.id, C.listingId))
    .where(eq(C.code, code));
  if (!row) return unknownCode(code);
  const isValid = row.revokedAt === null && row.listingId !== null;
  return {
    status: isValid ? CHECK_CODE_STATUS.VALID : CHECK_CODE_STATUS.REVOKED,
    code: row.code,
    verifiedAt: row.verifiedAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    revokedReason: isValid
      ? null
      : (CHECK_CODE_REVOKE_REASON_LABEL[row.revokeReason as CheckCodeRevokeReason] ??
        CHECK_CODE_REVOKE_REASON_LABEL.deleted),
    certificateTypeLabel: CERTIFICATE_LABEL[row.certificateType] ?? null,
    districtName: DISTRICT_NAME[row.districtCode as DistrictCode] ?? null,
    registeredArea: row.registeredArea === null ? null : Number(row.registeredArea),
    listing:
      isValid && row.listingId !== null
        ? {
            id: row.listingId,
            type: row.type ?? 1,
            title: row.title ?? '',
            communityName: row.communityName ?? '',
            statusLabel: listingStatusLabel(row.publishStatus ?? 0),
            isOnSale: row.publishStatus === LISTING_STATUS.PUBLISHED,
            confirmedAt: iso(row.confirmedAt ?? null),
          }
        : null,
  };
}

/** Whether a code was ever issued (the QR picture is drawn only for those). */
export async function isIssuedCode(db: Db, code: string): Promise<boolean> {
  if (!CHECK_CODE_PATTERN.test(code)) return false;
  const [row] = await db.select({ id: C.id }).from(C).where(eq(C.code, code));
  return Boolean(row);
}

/** The listing's valid (not revoked) check code row, if any. */
export async function findValidCode(db: Db, listingId: number) {
  const [row] = await db
    .select()
    .from(C)
    .where(and(eq(C.listingId, listingId), isNull(C.revokedAt)));
  return row;
}

/** The valid code of one listing as its page shows it, or null. */
export async function listingCheckCode(
  db: Db,
  listingId: number,
): Promise<ListingCheckCode | null> {
  const row = await findValidCode(db, listingId);
  if (!row) return null;
  return {
    code: row.code,
    verifiedAt: row.verifiedAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** The valid codes of several listings, by listing id. */
export async function validCodesByListing(
  db: Db,
  listingIds: number[],
): Promise<Map<number, string>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: C.listingId, code: C.code })
    .from(C)
    .where(and(inArray(C.listingId, listingIds), isNull(C.revokedAt)));
  return new Map(rows.map((row) => [row.listingId as number, row.code]));
}
