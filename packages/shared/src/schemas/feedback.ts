import { z } from 'zod';
import { FEEDBACK_LIMITS } from '../constants/chat';
import { FEEDBACK_STATUS } from '../status/feedback';
import { PHONE_PATTERN } from '../validators';
import { pagingQuery } from './common';

const REQUIRED = '必填项不能为空';

/**
 * `POST /api/feedback`: the interaction form (docs/product/content.md). `content` is rich-text
 * HTML. The sender is always signed in, so name and phone may be left out (the server takes the
 * account's verified name or nickname and its phone) and no picture code is needed; a code that
 * is sent is still checked.
 */
export const feedbackPhoneSchema = z.string().trim().regex(PHONE_PATTERN, '手机号格式不正确');

export const feedbackCreateSchema = z.object({
  realname: z.string().trim().max(FEEDBACK_LIMITS.realnameMax, '姓名过长').optional(),
  /** Empty or left out: the account's phone. */
  phone: z
    .string()
    .trim()
    .regex(new RegExp(`^(?:${PHONE_PATTERN.source.slice(1, -1)})?$`), '手机号格式不正确')
    .optional(),
  title: z.string().trim().min(1, REQUIRED).max(FEEDBACK_LIMITS.titleMax, '标题过长'),
  content: z.string().min(1, REQUIRED).max(FEEDBACK_LIMITS.contentMax, '内容过长'),
  /** The picture code's id and the 5 digits typed, when a picture was shown. */
  captchaId: z.string().min(1, REQUIRED).max(64).optional(),
  num: z.string().trim().max(10).optional(),
  /**
   * A field people never see or reach (hidden from eyes, keyboard and screen readers): a form
   * filled in by a program that fills every field is refused (docs/product/accessibility.md).
   */
  website: z.string().max(200).optional(),
});

export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;

/** `GET /api/feedback/captcha`: a new picture code; `image` is an SVG data URL. */
export const feedbackCaptchaSchema = z.object({ captchaId: z.string(), image: z.string() });

export const feedbackListQuerySchema = pagingQuery(FEEDBACK_LIMITS.pageSize, 50);

/** pending 待处理, replied 已回复. */
export const feedbackStateSchema = z.enum([FEEDBACK_STATUS.PENDING, FEEDBACK_STATUS.REPLIED]);

export const feedbackRowSchema = z.object({
  id: z.number().int(),
  realname: z.string(),
  title: z.string(),
  state: feedbackStateSchema,
  createdTime: z.string(),
  replyTime: z.string().nullable(),
});

export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

export const feedbackDetailSchema = feedbackRowSchema.extend({
  phone: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** Sanitised HTML, null until replied. */
  reply: z.string().nullable(),
});

export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

export const feedbackIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
