import { z } from 'zod';
import { FEEDBACK_LIMITS } from '../constants/chat';
import { FEEDBACK_STATUS } from '../status/feedback';
import { PHONE_PATTERN } from '../validators';
import { pagingQuery } from './common';

const REQUIRED = '必填项不能为空';

/** `POST /api/feedback`: the interaction form (docs/product/content.md). `content` is rich-text HTML. */
export const feedbackCreateSchema = z.object({
  realname: z.string().trim().min(1, REQUIRED).max(FEEDBACK_LIMITS.realnameMax, '姓名过长'),
  phone: z.string().trim().min(1, REQUIRED).regex(PHONE_PATTERN, '手机号格式不正确'),
  title: z.string().trim().min(1, REQUIRED).max(FEEDBACK_LIMITS.titleMax, '标题过长'),
  content: z.string().min(1, REQUIRED).max(FEEDBACK_LIMITS.contentMax, '内容过长'),
  /** The picture code's id and the 5 digits typed. */
  captchaId: z.string().min(1, REQUIRED).max(64),
  num: z.string().trim().min(1, REQUIRED).max(10),
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
