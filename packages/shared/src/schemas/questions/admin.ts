import { z } from 'zod';
import { questionSchema } from '../questions';

// The operator console's 问答 (`/api/admin/questions`): reported and hidden questions.

export const reportedQuestionSchema = questionSchema.extend({
  targetType: z.enum(['project', 'listing']),
  targetId: z.number().int(),
  reportCount: z.number().int(),
});

/** Why an operator hides or restores a question: kept in the audit log, shown in the console. */
export const questionModerationSchema = z.object({
  reason: z
    .string({ message: '请填写原因' })
    .trim()
    .min(2, '原因至少2个字')
    .max(200, '原因最多200个字'),
});
export type QuestionModeration = z.infer<typeof questionModerationSchema>;

/** A hidden question in the console, with when, by whom and why it was hidden. */
export const hiddenQuestionSchema = reportedQuestionSchema.extend({
  hiddenAt: z.string().nullable(),
  hiddenByName: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type HiddenQuestion = z.infer<typeof hiddenQuestionSchema>;
export type ReportedQuestion = z.infer<typeof reportedQuestionSchema>;
