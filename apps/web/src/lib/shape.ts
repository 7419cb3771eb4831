import type { Paged } from '@portal/shared/api-code';

/**
 * Small structural checks of API answers for pages that must stay light (the home page): the
 * shared zod schemas describe the same contracts, but zod itself is too large for the first
 * load. `objectOf<T>` must name every field of `T`, so a contract change shows up as a type
 * error here; `shape.test.ts` checks these guards against the zod schemas.
 */
export type Guard<T> = (value: unknown) => value is T;

export const isString: Guard<string> = (value): value is string => typeof value === 'string';

export const isInt: Guard<number> = (value): value is number => Number.isInteger(value);

export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every((item) => guard(item));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose listed fields pass their guards (other fields are allowed). */
export function objectOf<T extends object>(fields: { [K in keyof T]-?: Guard<T[K]> }): Guard<T> {
  const entries = Object.entries(fields) as [string, Guard<unknown>][];
  return (value): value is T =>
    isRecord(value) && entries.every(([key, guard]) => guard(value[key]));
}

/** A paged list (`list`, `total`, `pageNum`, `pageSize`) of items passing `item`. */
export function pagedOf<T>(item: Guard<T>): Guard<Paged<T>> {
  return objectOf<Paged<T>>({
    list: arrayOf(item),
    total: isInt,
    pageNum: isInt,
    pageSize: isInt,
  });
}

/** Thrown for an answer that does not match its contract: the call counts as failed. */
export class MalformedAnswerError extends Error {
  constructor(path: string) {
    super(`接口返回的数据格式有误：${path}`);
    this.name = 'MalformedAnswerError';
  }
}

/** The value itself when it passes the guard; otherwise a MalformedAnswerError for `path`. */
export function expectShape<T>(guard: Guard<T>, value: unknown, path: string): T {
  if (!guard(value)) throw new MalformedAnswerError(path);
  return value;
}
