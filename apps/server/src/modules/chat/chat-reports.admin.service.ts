import { CHAT_REPORT_STATUS, type ChatReportStatus } from '@portal/shared/constants/chat';
import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import { maskPhone } from '@portal/shared/format';
import type { AdminChatDecision, AdminChatReport } from '@portal/shared/schemas/chat-admin';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  chatConversations,
  chatReports,
  notices,
  secondHandListings,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../admin/index';
import { listMessages } from './chat-messages.queries';

const R = chatReports;
const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

const nameOf = (user: { id: number; nickname: string | null; phone: string | null }) =>
  user.nickname?.trim() || (user.phone ? maskPhone(user.phone) : `用户${user.id}`);

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
        reporter: { id: reporter.id, nickname: reporter.nickname, phone: reporter.phone },
        reported: { id: reported.id, nickname: reported.nickname, phone: reported.phone },
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

async function findReport(db: Db, reportId: number) {
  const [row] = await db.select().from(R).where(eq(R.id, reportId));
  if (!row) throw new AppError('NOT_FOUND', '举报不存在');
  return row;
}

/**
 * The messages of a reported conversation, for the operator deciding the report: only
 * conversations someone reported are readable here, read as the reporter sees them.
 */
export async function reportedMessages(
  db: Db,
  reportId: number,
  query: { before?: number; after?: number; limit: number },
) {
  const report = await findReport(db, reportId);
  return listMessages(db, report.reporterId, report.conversationId, query);
}

/**
 * Decides every open report of the reported conversation at once: dismissed (no breach found)
 * or upheld — the conversation is closed for both sides and the reported user is told why.
 * Each reporter gets the outcome; the audit log records it, all in one transaction.
 */
export async function decideChatReport(
  db: Db,
  adminId: number,
  reportId: number,
  body: AdminChatDecision,
): Promise<void> {
  const report = await findReport(db, reportId);
  const note = body.note.trim();
  const isUpheld = body.decision === 'uphold';
  const status = isUpheld ? CHAT_REPORT_STATUS.UPHELD : CHAT_REPORT_STATUS.DISMISSED;
  await db.transaction(async (tx) => {
    const now = new Date();
    const closed = await tx
      .update(R)
      .set({ status, outcomeNote: note || null, handledBy: adminId, handledAt: now })
      .where(
        and(eq(R.conversationId, report.conversationId), eq(R.status, CHAT_REPORT_STATUS.OPEN)),
      )
      .returning({ reporterId: R.reporterId, reportedId: R.reportedId });
    if (closed.length === 0) throw new AppError('CONFLICT', '该举报已处理');
    if (isUpheld)
      await tx
        .update(chatConversations)
        .set({ closedAt: now })
        .where(eq(chatConversations.id, report.conversationId));
    const outcome = isUpheld
      ? `经核实存在违规，该会话已关闭：${note}`
      : '暂未发现违规，感谢您的监督';
    const told = [...new Set(closed.map((row) => row.reporterId))].map((userId) => ({
      userId,
      content: `您举报的房聊会话${outcome}。`,
    }));
    if (isUpheld)
      for (const userId of new Set(closed.map((row) => row.reportedId)))
        told.push({ userId, content: `您参与的一个房聊会话被举报，经平台核实已关闭：${note}` });
    await tx.insert(notices).values(
      told.map((notice) => ({
        ...notice,
        bizType: NOTICE_BIZ_TYPE.CHAT,
        bizId: report.conversationId,
      })),
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: isUpheld ? 'chat.reportUphold' : 'chat.reportDismiss',
      targetType: 'chat',
      targetId: report.conversationId,
      before: { openReports: closed.length },
      after: { reportStatus: status, note: note || null },
    });
  });
}
