import { CLOSED_ACCOUNT_NAME } from '@portal/shared/constants/accounts';
import { CHAT_REPORT_STATUS, type ChatReportStatus } from '@portal/shared/constants/chat';
import { maskPhone } from '@portal/shared/format';
import type { AdminChatReport } from '@portal/shared/schemas/chat/admin';
import { asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chatConversations, chatReports } from '../../db/schema/index';
import { users } from '../auth/tables';
import { secondHandListings } from '../listings/tables';

const R = chatReports;
const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

const nameOf = (user: {
  id: number;
  nickname: string | null;
  phone: string | null;
  closedAt: Date | null;
}) =>
  user.closedAt
    ? CLOSED_ACCOUNT_NAME
    : user.nickname?.trim() || (user.phone ? maskPhone(user.phone) : `用户${user.id}`);

/** Conversation reports of one status: open ones oldest first, decided ones newest first. */
export async function listChatReports(
  db: Db,
  query: { status: ChatReportStatus; pageNum: number; pageSize: number },
): Promise<{ list: AdminChatReport[]; total: number; pageNum: number; pageSize: number }> {
  const where = eq(R.status, query.status);
  const order = query.status === CHAT_REPORT_STATUS.OPEN ? asc(R.createdAt) : desc(R.handledAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        report: R,
        reporter: {
          id: reporter.id,
          nickname: reporter.nickname,
          phone: reporter.phone,
          closedAt: reporter.closedAt,
        },
        reported: {
          id: reported.id,
          nickname: reported.nickname,
          phone: reported.phone,
          closedAt: reported.closedAt,
        },
        listingId: secondHandListings.id,
        listingType: secondHandListings.type,
        listingTitle: secondHandListings.title,
      })
      .from(R)
      .innerJoin(reporter, eq(reporter.id, R.reporterId))
      .innerJoin(reported, eq(reported.id, R.reportedId))
      .innerJoin(chatConversations, eq(chatConversations.id, R.conversationId))
      .leftJoin(secondHandListings, eq(secondHandListings.id, chatConversations.listingId))
      .where(where)
      .orderBy(order, asc(R.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(R).where(where),
  ]);
  const list = rows.map((row) => ({
    id: row.report.id,
    conversationId: row.report.conversationId,
    reason: row.report.reason,
    description: row.report.description,
    status: row.report.status as ChatReportStatus,
    reporter: { id: row.reporter.id, name: nameOf(row.reporter) },
    reported: { id: row.reported.id, name: nameOf(row.reported) },
    listing:
      row.listingId !== null && row.listingType !== null && row.listingTitle !== null
        ? { id: row.listingId, type: row.listingType, title: row.listingTitle }
        : null,
    createdAt: row.report.createdAt.toISOString(),
    outcomeNote: row.report.outcomeNote,
    handledAt: row.report.handledAt?.toISOString() ?? null,
  }));
  return { list, total: total?.value ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** One conversation report, or undefined. */
export async function findChatReport(db: Db, reportId: number) {
  const [row] = await db.select().from(R).where(eq(R.id, reportId));
  return row;
}
