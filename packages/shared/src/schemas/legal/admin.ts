import { z } from 'zod';
import { legalDocumentSchema } from '../legal';

// The operator console's agreement and privacy texts (`/api/admin/legal`): publishing and versions.

/** The console form: a new version of a text (docs/decisions/0038-versioned-agreement-and-privacy.md). */
export const legalPublishSchema = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(60, '标题最多60个字'),
  body: z
    .string({ error: '请输入正文' })
    .trim()
    .min(20, '正文至少20个字')
    .max(30000, '正文最多30000个字'),
});
export type LegalPublish = z.infer<typeof legalPublishSchema>;

/** The console list of versions of one text, newest first. */
export const legalVersionSchema = legalDocumentSchema.extend({
  publishedBy: z.string().nullable(),
  acceptedCount: z.number().int(),
});
export type LegalVersion = z.infer<typeof legalVersionSchema>;
