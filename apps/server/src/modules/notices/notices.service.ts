import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findOwnNotice } from './notices.queries';

/** Marks one of the caller's notices read; 404 for someone else's or a missing one. */
export async function markNoticeRead(
  db: Db,
  userId: number,
  noticeId: number,
  now = new Date(),
): Promise<void> {
  const row = await findOwnNotice(db, userId, noticeId);
  if (!row) throw new AppError('NOT_FOUND', '消息不存在');
  if (row.readAt) return;
  await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.id, noticeId), isNull(notices.readAt)));
}

/** Marks all of the caller's notices read; returns how many changed. */
export async function markAllNoticesRead(db: Db, userId: number, now = new Date()) {
  const rows = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return rows.length;
}
