import { beijingDate } from '@portal/shared/beijing-time';

/** Days of real visits' figures the console shows and the database keeps: today and the six before. */
export const WEB_VITALS_WINDOW_DAYS = 7;

/** The first and last Beijing day of the window ending on `now`'s day. */
export function webVitalsWindow(now: Date): { from: string; to: string } {
  const from = new Date(now.getTime() - (WEB_VITALS_WINDOW_DAYS - 1) * 24 * 3600_000);
  return { from: beijingDate(from), to: beijingDate(now) };
}
