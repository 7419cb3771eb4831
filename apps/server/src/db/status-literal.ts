import { type SQL, sql } from 'drizzle-orm';

/**
 * Status codes written into SQL text as literals: `${codes(PAY_STATUS.PAID)}` reads `3`. A bound
 * parameter would give the same rows, but a literal keeps the query text as it was, so the
 * planner still matches the partial indexes whose predicates name the code
 * (docs/decisions/0045-status-constants.md). Only numbers are accepted.
 */
export function codes(...values: number[]): SQL {
  if (values.length === 0 || !values.every((value) => Number.isInteger(value))) {
    throw new TypeError('status codes must be integers');
  }
  return sql.raw(values.join(', '));
}
