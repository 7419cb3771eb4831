import { CLOSED_ACCOUNT_RETENTION_YEARS } from '@portal/shared/constants/accounts';
import type { Db } from '../../db/client';
import { deleteChatOfAccountsClosedBefore } from '../chat/index';
import {
  deleteListingsOfAccountsClosedBefore,
  deleteReportsOfAccountsClosedBefore,
} from '../listings/index';

/** The instant before which a closed account's kept records are due for deletion. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CLOSED_ACCOUNT_RETENTION_YEARS);
  return cutoff;
}

/**
 * Deletes what a closed account shared with others once the retention period has passed since
 * the closing (docs/product/accounts.md "注销账号"): its conversations (with their messages and
 * reports), the listing reports it made and its kept listings (with the reports on them), each
 * by the module that owns them. Idempotent, so several instances may run it at once. Answers how
 * many rows went.
 */
export async function purgeClosedAccountRecords(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = retentionCutoff(now);
  const chat = await deleteChatOfAccountsClosedBefore(db, cutoff);
  const reports = await deleteReportsOfAccountsClosedBefore(db, cutoff);
  const listings = await deleteListingsOfAccountsClosedBefore(db, cutoff);
  return chat + reports + listings;
}
