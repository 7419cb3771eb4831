import { FEEDBACK_STATUS, feedbackStatusOf, type FeedbackStatus } from '@portal/shared/status';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/index';
import { sanitizeFeedbackHtml } from './feedback-html';

/** The feedback queue for operators: one state, oldest pending first, newest replied first. */
export async function listFeedbackQueue(
  db: Db,
  query: { state: FeedbackStatus; pageNum: number; pageSize: number },
) {
  const where = eq(feedback.state, query.state);
  const order =
    query.state === FEEDBACK_STATUS.PENDING
      ? [feedback.createdAt, feedback.id]
      : [desc(feedback.replyTime), desc(feedback.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(feedback).where(where),
  ]);
  const list = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    realname: row.realname,
    phone: row.phone,
    title: row.title,
    content: sanitizeFeedbackHtml(row.content),
    state: feedbackStatusOf(row.state),
    createdTime: row.createdAt.toISOString(),
    reply: row.reply === null ? null : sanitizeFeedbackHtml(row.reply),
    replyTime: row.replyTime?.toISOString() ?? null,
  }));
  return { list, total: total?.value ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}
