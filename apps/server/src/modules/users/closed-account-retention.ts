import { CLOSED_ACCOUNT_RETENTION_YEARS } from '@portal/shared/constants/accounts';
import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatReports, listingReports } from '../../db/schema/index';
import { deleteListingsOfAccountsClosedBefore } from '../listings/index';

/** The instant before which a closed account's kept records are due for deletion. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CLOSED_ACCOUNT_RETENTION_YEARS);
  return cutoff;
}

/**
 * Deletes what a closed account shared with others once the retention period has passed since
 * the closing (docs/product/accounts.md "注销账号"): its conversations (with their messages and
 * reports), the listing reports it made and its kept listings (with the reports on them).
 * Idempotent, so several instances may run it at once. Answers how many rows went.
 */
export async function purgeClosedAccountRecords(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = retentionCutoff(now);
  const expired = sql`(select id from users where closed_at is not null and closed_at < ${cutoff})`;
  const conversations = await db
    .delete(chatConversations)
    .where(
      or(inArray(chatConversations.userAId, expired), inArray(chatConversations.userBId, expired)),
    )
    .returning({ id: chatConversations.id });
  const chatReportRows = await db
    .delete(chatReports)
    .where(or(inArray(chatReports.reporterId, expired), inArray(chatReports.reportedId, expired)))
    .returning({ id: chatReports.id });
  const reports = await db
    .delete(listingReports)
    .where(inArray(listingReports.reporterId, expired))
    .returning({ id: listingReports.id });
  const listings = await deleteListingsOfAccountsClosedBefore(db, cutoff);
  return conversations.length + chatReportRows.length + reports.length + listings;
}
