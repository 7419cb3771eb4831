import type { FeedbackDetail, FeedbackRow } from '@portal/shared/schemas/feedback';
import { feedbackStatusOf } from '@portal/shared/status';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/index';
import { users } from '../auth/tables';
import { sanitizeFeedbackHtml } from './feedback-html';

/** The citizen's reads of their own feedback (docs/product/content.md). */

export type FeedbackRecord = typeof feedback.$inferSelect;

function toRow(row: FeedbackRecord): FeedbackRow {
  return {
    id: row.id,
    realname: row.realname,
    title: row.title,
    state: feedbackStatusOf(row.state),
    createdTime: row.createdAt.toISOString(),
    replyTime: row.replyTime ? row.replyTime.toISOString() : null,
  };
}

/** A stored row as its asker and the operators read it, its HTML sanitised again. */
export function toFeedbackDetail(row: FeedbackRecord): FeedbackDetail {
  return {
    ...toRow(row),
    phone: row.phone,
    // Sanitised again on the way out, so a rule tightened later also covers old rows.
    content: sanitizeFeedbackHtml(row.content),
    reply: row.reply === null ? null : sanitizeFeedbackHtml(row.reply),
  };
}

/** The caller's own feedback, newest first (docs/product/content.md). */
export async function listOwnFeedback(
  db: Db,
  userId: number,
  paging: { pageNum: number; pageSize: number },
): Promise<{ list: FeedbackRow[]; total: number; pageNum: number; pageSize: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, userId))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId)),
  ]);
  return { list: rows.map(toRow), total: Number(totalRow?.n ?? 0), ...paging };
}

/** One of the caller's own feedback items, or null (someone else's, or none). */
export async function findOwnFeedback(
  db: Db,
  userId: number,
  id: number,
): Promise<FeedbackDetail | null> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.userId, userId)))
    .limit(1);
  return row ? toFeedbackDetail(row) : null;
}

/** The asking account's phone and names, to fill what a signed-in citizen left out. */
export async function findAskerAccount(db: Db, userId: number) {
  const [account] = await db
    .select({
      phone: users.phone,
      nickname: users.nickname,
      realName: users.realName,
      realNameAuth: users.realNameAuth,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}
