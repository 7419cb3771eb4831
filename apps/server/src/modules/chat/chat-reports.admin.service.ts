import { CHAT_REPORT_STATUS } from '@portal/shared/constants/chat';
import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { AdminChatDecision } from '@portal/shared/schemas/chat/admin';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatReports } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { sendNotices } from '../notices/index';
import { listMessages } from './chat-messages.queries';
import { findChatReport } from './chat-reports.admin.queries';

const R = chatReports;
/** The report of that id; 404 when there is none. */
async function findReport(db: Db, reportId: number) {
  const row = await findChatReport(db, reportId);
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
    await sendNotices(
      tx,
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
