import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema/index';

/** One notice (我的消息) to write: to whom, what it says, and the record it links to. */
export type NewNotice = {
  userId: number;
  content: string;
  /** What it is about (`NOTICE_BIZ_TYPE` of `@portal/shared/constants/notices`). */
  bizType: string;
  bizId: number | null;
  /** When it was sent; the database's clock when left out. */
  createdAt?: Date;
};

/**
 * Writes notices (我的消息), the one writer of the table besides a reader marking hers read
 * (docs/decisions/0075-one-owner-per-table.md). Call it with the transaction of the change the
 * notices announce, so they appear only when it happened. Answers the new notices' ids, in order.
 */
export async function sendNotices(db: Db, rows: readonly NewNotice[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(notices)
    .values([...rows])
    .returning({ id: notices.id });
  return written.map((row) => row.id);
}

/**
 * Notices written inside another module's one bulk statement (the lottery's draw: twenty thousand
 * families placed, told and texted at once): the insert of notices whose rows come from `rows`, a
 * select of the user, the content, the kind (`NOTICE_BIZ_TYPE`) and the record's id, in that
 * order, for the caller to put in its statement (as a `with` part). The table and its columns
 * stay this module's (docs/decisions/0075-one-owner-per-table.md).
 */
export function insertNoticesFrom(rows: SQL): SQL {
  return sql`insert into ${notices} (user_id, content, biz_type, biz_id) ${rows}`;
}
