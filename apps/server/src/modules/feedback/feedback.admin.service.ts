import { FEEDBACK_STATUS } from '@portal/shared/status';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { htmlHasText, sanitizeFeedbackHtml } from './feedback-html';
import { replyToFeedback } from './feedback.service';

/**
 * Replies to a feedback item through the feedback module (sanitised, marked replied, the asker
 * notified) and audits it, in one transaction. An empty reply answers 400.
 */
export async function auditedReplyToFeedback(
  db: Db,
  adminId: number,
  id: number,
  html: string,
): Promise<void> {
  if (!htmlHasText(sanitizeFeedbackHtml(html))) {
    throw new AppError('VALIDATION_FAILED', '请输入回复内容');
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: feedback.state, reply: feedback.reply })
      .from(feedback)
      .where(eq(feedback.id, id));
    if (!before) throw new AppError('NOT_FOUND', '反馈不存在');
    const saved = await replyToFeedback(tx, id, adminId, html);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'feedback.reply',
      targetType: 'feedback',
      targetId: id,
      before,
      after: { state: FEEDBACK_STATUS.REPLIED, reply: saved.reply },
    });
  });
}
