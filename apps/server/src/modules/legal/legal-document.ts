import { legalKindSchema } from '@portal/shared/schemas/legal';
import { z } from 'zod';
import type { LegalDocumentRow } from './legal.service';

/** The `:kind` path parameter: `agreement` or `privacy`. */
export const kindParams = z.object({ kind: legalKindSchema });

/** A stored version as the API shows it. */
export function toDocument(row: LegalDocumentRow) {
  return {
    kind: legalKindSchema.parse(row.kind),
    version: row.version,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
  };
}
