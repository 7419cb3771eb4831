import { z } from 'zod';

/** The success envelope around a data schema (docs/architecture.md). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), message: z.string(), data });
}

/** The error envelope: `data` is null, or the field problems of a validation failure. */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.null().or(z.array(z.object({ field: z.string(), message: z.string() }))),
});

/** Paging query fields, 1-based; each list sets its own size limits. */
export function pagingQuery(defaultSize: number, maxSize = 100) {
  return z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });
}

/** A paged list response around an item schema. */
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
