import type { Notice, NoticeListQuery, NoticePage } from '@portal/shared/schemas/notices';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema/index';

type NoticeRow = typeof notices.$inferSelect;

function toNoticeDto(row: NoticeRow): Notice {
  return {
    id: row.id,
    noticeContent: row.content,
    createdTime: row.createdAt.toISOString(),
    bizType: row.bizType,
    bizId: row.bizId,
    read: row.readAt !== null,
  };
}

/** The caller's notices, newest first, 10 per page by default (/myNotice, docs/product/content.md). */
export async function listNotices(
  db: Db,
  userId: number,
  query: NoticeListQuery,
): Promise<NoticePage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(eq(notices.userId, userId))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(notices).where(eq(notices.userId, userId)),
  ]);
  return {
    list: rows.map(toNoticeDto),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** How many of the caller's notices are unread (the badge). */
export async function unreadNoticeCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.value ?? 0;
}

/** One of the caller's notices (its read time), or nothing for someone else's or a missing one. */
export async function findOwnNotice(db: Db, userId: number, noticeId: number) {
  const [row] = await db
    .select({ id: notices.id, readAt: notices.readAt })
    .from(notices)
    .where(and(eq(notices.id, noticeId), eq(notices.userId, userId)));
  return row;
}
