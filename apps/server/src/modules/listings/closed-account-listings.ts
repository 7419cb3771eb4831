import { CHECK_CODE_REVOKE_REASON } from '@portal/shared/constants/listing-trust';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingReports, secondHandListings } from '../../db/schema/index';
import { revokeCheckCode } from './check-codes.service';
import { retireListings } from './listing-moves';

const L = secondHandListings;
const R = listingReports;

/**
 * The listings of an account being closed (docs/product/accounts.md "注销账号"): each loses its
 * check code; one that was ever reported stays, withdrawn and without the contact phone, so its
 * reports keep their subject for the retention period; the others are deleted. Call inside the
 * closing transaction. Answers how many were kept.
 */
export async function retireListingsOfClosedAccount(
  db: Db,
  userId: number,
  now: Date,
): Promise<number> {
  const mine = await db.select({ id: L.id }).from(L).where(eq(L.userId, userId));
  if (mine.length === 0) return 0;
  const ids = mine.map((row) => row.id);
  const reported = new Set(
    (
      await db.selectDistinct({ listingId: R.listingId }).from(R).where(inArray(R.listingId, ids))
    ).map((row) => row.listingId),
  );
  for (const id of ids) await revokeCheckCode(db, id, CHECK_CODE_REVOKE_REASON.DELETED, now);
  const kept = ids.filter((id) => reported.has(id));
  const dropped = ids.filter((id) => !reported.has(id));
  if (kept.length > 0) await retireListings(db, inArray(L.id, kept), now);
  if (dropped.length > 0) await db.delete(L).where(inArray(L.id, dropped));
  return kept.length;
}

/**
 * Deletes the listing reports made by accounts closed before `cutoff` (the retention period
 * ended). Answers how many went.
 */
export async function deleteReportsOfAccountsClosedBefore(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(R)
    .where(
      sql`${R.reporterId} in (select id from users where closed_at is not null and closed_at < ${cutoff})`,
    )
    .returning({ id: R.id });
  return deleted.length;
}

/** Deletes the kept listings of accounts closed before `cutoff` (the retention period ended). */
export async function deleteListingsOfAccountsClosedBefore(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(L)
    .where(
      sql`${L.userId} in (select id from users where closed_at is not null and closed_at < ${cutoff})`,
    )
    .returning({ id: L.id });
  return deleted.length;
}
