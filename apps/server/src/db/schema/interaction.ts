import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';

/**
 * Picture codes of the interaction form (docs/product/content.md): issued by the server, single use,
 * deleted when checked or expired. Only the SHA-256 of the 5 digits (salted by the id) is kept.
 */
export const feedbackCaptchas = pgTable(
  'feedback_captchas',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_captchas_expires_idx').on(t.expiresAt)],
);
