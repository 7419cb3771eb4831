import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { FEEDBACK_LIMITS } from '@portal/shared/constants/chat';
import type { FeedbackCreate, FeedbackDetail } from '@portal/shared/schemas/feedback';
import { FEEDBACK_STATUS } from '@portal/shared/status';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback, feedbackCaptchas } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { sendNotices } from '../notices/index';
import { captchaPngDataUrl } from './captcha-picture';
import { htmlHasText, sanitizeFeedbackHtml } from './feedback-html';
import { findAskerAccount, findOwnFeedback, toFeedbackDetail } from './feedback.queries';

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/**
 * Issues a new 5-digit picture code (10000–99999, docs/product/content.md) and clears expired ones.
 * Returns its id and the PNG picture; the digits themselves never leave the server as text.
 */
export async function issueCaptcha(
  db: Db,
  now: Date = new Date(),
): Promise<{ captchaId: string; image: string; code: string }> {
  await db.delete(feedbackCaptchas).where(lt(feedbackCaptchas.expiresAt, now));
  const code = String(randomInt(10000, 100000));
  const captchaId = randomBytes(16).toString('base64url');
  await db.insert(feedbackCaptchas).values({
    id: captchaId,
    codeHash: hashCode(captchaId, code),
    expiresAt: new Date(now.getTime() + FEEDBACK_LIMITS.captchaTtlMs),
  });
  return { captchaId, image: await captchaPngDataUrl(code), code };
}

/**
 * Checks a typed code against its picture. A picture answers one check only: right or wrong, it
 * is used up, so a wrong code always means a new picture.
 */
export async function consumeCaptcha(
  db: Db,
  captchaId: string,
  typed: string,
  now: Date = new Date(),
): Promise<void> {
  const [row] = await db
    .delete(feedbackCaptchas)
    .where(eq(feedbackCaptchas.id, captchaId))
    .returning({ codeHash: feedbackCaptchas.codeHash, expiresAt: feedbackCaptchas.expiresAt });
  if (!row || row.expiresAt.getTime() < now.getTime())
    throw new AppError('FEEDBACK_CAPTCHA_INVALID');
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(captchaId, typed.trim()), 'hex');
  if (!timingSafeEqual(expected, actual)) throw new AppError('FEEDBACK_CAPTCHA_INVALID');
}

function cleanHtml(html: string): string {
  const clean = sanitizeFeedbackHtml(html);
  if (!htmlHasText(clean)) throw new AppError('VALIDATION_FAILED', '必填项不能为空');
  return clean;
}

/**
 * Who is asking: the name and phone typed, else the account's own — its verified real name (or
 * its nickname) and its phone — so a signed-in citizen is not asked again for what the portal
 * knows. No name anywhere answers 必填项不能为空.
 */
async function askerOf(
  db: Db,
  userId: number,
  input: FeedbackCreate,
): Promise<{ realname: string; phone: string }> {
  const account = await findAskerAccount(db, userId);
  const realname =
    input.realname?.trim() ||
    (account?.realNameAuth ? account.realName : null) ||
    account?.nickname?.trim() ||
    '';
  const phone = input.phone?.trim() || account?.phone || '';
  if (!realname || !phone) throw new AppError('VALIDATION_FAILED', '必填项不能为空');
  return { realname: realname.slice(0, FEEDBACK_LIMITS.realnameMax), phone };
}

/**
 * Stores a question from the interaction page; content is sanitised. What keeps programs out
 * without a picture puzzle (docs/product/accessibility.md): the route admits signed-in citizens
 * only (a phone that received an SMS code), limits how often each posts, and a form whose hidden
 * trap field is filled is refused and nothing is stored. A picture code that is sent (an older
 * page) is still checked and used up.
 */
export async function createFeedback(
  db: Db,
  userId: number,
  input: FeedbackCreate,
): Promise<{ id: number }> {
  if (input.website?.trim()) throw new AppError('VALIDATION_FAILED', '提交失败，请刷新页面后重试');
  if (input.captchaId !== undefined) await consumeCaptcha(db, input.captchaId, input.num ?? '');
  const content = cleanHtml(input.content);
  const asker = await askerOf(db, userId, input);
  const [row] = await db
    .insert(feedback)
    .values({
      userId,
      realname: asker.realname,
      phone: asker.phone,
      title: input.title,
      content,
    })
    .returning({ id: feedback.id });
  if (!row) throw new AppError('INTERNAL_ERROR');
  return row;
}

/** One of the caller's own feedback items; someone else's answers 404. */
export async function getOwnFeedback(db: Db, userId: number, id: number): Promise<FeedbackDetail> {
  const detail = await findOwnFeedback(db, userId, id);
  if (!detail) throw new AppError('NOT_FOUND', '反馈不存在');
  return detail;
}

/**
 * The operator's reply (受理回复): sanitised, stored with the time and the replier, the item
 * marked replied, and a notice (bizType `feedback`) written to the asker. Replying again
 * replaces the reply.
 */
export async function replyToFeedback(
  db: Db,
  feedbackId: number,
  adminId: number,
  html: string,
  now: Date = new Date(),
): Promise<FeedbackDetail> {
  const reply = cleanHtml(html);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(feedback)
      .set({ reply, replyTime: now, replierId: adminId, state: FEEDBACK_STATUS.REPLIED })
      .where(eq(feedback.id, feedbackId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', '反馈不存在');
    await sendNotices(tx, [
      {
        userId: row.userId,
        content: `您的反馈“${row.title}”已收到回复`,
        bizType: 'feedback',
        bizId: row.id,
        createdAt: now,
      },
    ]);
    return toFeedbackDetail(row);
  });
}
