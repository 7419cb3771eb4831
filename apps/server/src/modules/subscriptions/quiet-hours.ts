import { beijingHour, startOfBeijingDay } from '@portal/shared/beijing-time';
import { QUIET_HOURS } from '@portal/shared/constants/subscriptions';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** True from 22:00 to 08:00 Beijing time, when no subscription SMS goes out. */
export function inQuietHours(at: Date): boolean {
  const hour = beijingHour(at);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.to;
}

/** The next 08:00 Beijing time at or after `at` (during quiet hours: when they end). */
export function quietHoursEnd(at: Date): Date {
  const morning = new Date(startOfBeijingDay(at).getTime() + QUIET_HOURS.to * HOUR_MS);
  return morning.getTime() >= at.getTime() ? morning : new Date(morning.getTime() + DAY_MS);
}
