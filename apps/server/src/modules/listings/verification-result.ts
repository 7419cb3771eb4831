import type { VerificationResult } from '@portal/shared/schemas/listings';
import type { listingVerifications } from '../../db/schema/index';

export type VerificationRow = typeof listingVerifications.$inferSelect;

/**
 * The API form of a stored verification. `needsLicense` (docs/product/listings.md): the owner named in the
 * verification is not the signed-in user (by real name and ID number), so an authorisation
 * letter is required in step 3.
 */
export function toVerificationResult(
  row: VerificationRow,
  user: { realName: string | null; idCard: string | null } | null,
): VerificationResult {
  const isSelf =
    user !== null && row.ownerName === user.realName && row.ownerIdCard === user.idCard;
  return {
    id: row.id,
    checkStatus: String(row.checkStatus),
    checkResult: row.checkResult ?? '',
    ownerName: row.ownerName,
    areaCode: row.areaCode,
    needsLicense: !isSelf,
  };
}
