import { beijingTimeOn } from '@portal/shared/beijing-time';
import { AppError } from './app-error';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date filter as an instant: a bare yyyy-MM-dd is midnight Beijing time of that day, or of the
 * next day for an upper bound (so the range includes the whole day); an ISO time is taken as is.
 * Anything else answers 400.
 */
export function dayBound(text: string, isUpper: boolean): Date {
  const isDate = DATE_ONLY.test(text);
  const instant = isDate ? beijingTimeOn(text) : new Date(text);
  if (Number.isNaN(instant.getTime())) throw new AppError('VALIDATION_FAILED', '日期格式不正确');
  if (isUpper && isDate) instant.setUTCDate(instant.getUTCDate() + 1);
  return instant;
}
