import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingVerifications } from '../../db/schema/index';
import type { VerificationRow } from './verification-result';

/** One of the caller's ownership verifications, passed or not, or null. */
export async function findOwnVerification(
  db: Db,
  userId: number,
  checkId: number,
): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(listingVerifications)
    .where(and(eq(listingVerifications.id, checkId), eq(listingVerifications.userId, userId)));
  return row ?? null;
}
