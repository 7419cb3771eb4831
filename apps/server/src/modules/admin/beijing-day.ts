import { AppError } from '../../lib/app-error';

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight of the Beijing calendar day that contains `now`, as an instant. */
export function startOfBeijingDay(now: Date): Date {
  const local = now.getTime() + BEIJING_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - BEIJING_OFFSET_MS);
}

/** The Beijing calendar day of `now`, yyyy-MM-dd: what "today" means in console filters. */
export function beijingDate(now: Date): string {
  return new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A date filter as an instant: a bare yyyy-MM-dd is midnight Beijing time of that day, or of the
 * next day for an upper bound (so the range includes the whole day); an ISO time is taken as is.
 * Anything else answers 400.
 */
export function dayBound(text: string, isUpper: boolean): Date {
  const isDate = DATE_ONLY.test(text);
  const instant = isDate ? new Date(`${text}T00:00:00+08:00`) : new Date(text);
  if (Number.isNaN(instant.getTime())) throw new AppError('VALIDATION_FAILED', '日期格式不正确');
  if (isUpper && isDate) instant.setUTCDate(instant.getUTCDate() + 1);
  return instant;
}
