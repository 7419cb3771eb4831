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

/**
 * Word statuses written into SQL text as quoted literals: `${words(ROOM_SALE_STATUS.AVAILABLE)}`
 * reads `'green'`, for the same reason as `codes` (the partial index
 * `rooms_project_for_sale_total_idx` names `sale_status = 'green'`). Only lower-case words and
 * underscores are accepted, so nothing needs escaping.
 */
export function words(...values: string[]): SQL {
  if (values.length === 0 || !values.every((value) => /^[a-z_]+$/.test(value))) {
    throw new TypeError('status words must be lower-case words');
  }
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
