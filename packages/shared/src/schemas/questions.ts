import { z } from 'zod';

export const QUESTION_BODY_MAX = 200;
export const ANSWER_BODY_MAX = 500;

export const questionTargetQuerySchema = z.object({
  targetType: z.enum(['project', 'listing'], { message: '对象类型不正确' }),
  targetId: z.coerce.number().int().positive('编号不正确'),
});

export const questionAskSchema = questionTargetQuerySchema.extend({
  body: z
    .string()
    .trim()
    .min(5, '问题至少 5 个字')
    .max(QUESTION_BODY_MAX, `问题最多 ${QUESTION_BODY_MAX} 个字`),
});
export type QuestionAsk = z.infer<typeof questionAskSchema>;

export const questionAnswerSchema = z.object({
  answer: z
    .string()
    .trim()
    .min(2, '回答至少 2 个字')
    .max(ANSWER_BODY_MAX, `回答最多 ${ANSWER_BODY_MAX} 个字`),
});

export const questionIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** A question as the page shows it: the asker masked, the answer with who gave it and when. */
export const questionSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  askedBy: z.string(),
  askedAt: z.string(),
  answer: z.string().nullable(),
  /** 业主 / 开发企业 */
  answeredAs: z.string().nullable(),
  answeredAt: z.string().nullable(),
  isHidden: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListSchema = z.object({
  list: z.array(questionSchema),
  /** Whether the caller may answer here (the listing's owner, or an operator for a project). */
  canAnswer: z.boolean(),
});
export type QuestionList = z.infer<typeof questionListSchema>;
