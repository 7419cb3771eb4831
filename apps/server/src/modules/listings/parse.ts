import type { z } from 'zod';
import { AppError } from '../../lib/app-error';

/**
 * Parses a form body with its shared schema; a failure answers 10001 (400) whose message is the
 * first rule's own Chinese text (docs/product/listings.md, e.g. 请输入小区名称) and whose data lists every field.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', fields[0]?.message ?? '请求参数不正确', fields);
}
