/**
 * Beijing time, the one clock of the product's calendar rules: "today" in console filters, the
 * year that bounds 房龄 and build years, the months of price trends, quiet hours for messages.
 * China keeps UTC+8 all year (no daylight saving), so every conversion is one fixed offset,
 * whatever time zone the server or the browser runs in.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Beijing time is UTC+8 all year. */
const BEIJING_OFFSET_HOURS = 8;
export const BEIJING_OFFSET_MS = BEIJING_OFFSET_HOURS * HOUR_MS;
/** The same offset as ISO 8601 writes it after a wall-clock time. */
export const BEIJING_ISO_OFFSET = `+${String(BEIJING_OFFSET_HOURS).padStart(2, '0')}:00`;

/** `at` moved so that its UTC fields read Beijing wall-clock time. */
function wallClock(at: Date | string | number): Date {
  return new Date(new Date(at).getTime() + BEIJING_OFFSET_MS);
}

/** The Beijing calendar year of `now`. */
export function beijingYearOf(now: Date = new Date()): number {
  return wallClock(now).getUTCFullYear();
}

/** The Beijing calendar day of an instant, yyyy-MM-dd. */
export function beijingDate(at: Date | string | number): string {
  return wallClock(at).toISOString().slice(0, 10);
}

/** The Beijing hour (0–23) of an instant. */
export function beijingHour(at: Date | string | number): number {
  return wallClock(at).getUTCHours();
}

/** Midnight of the Beijing calendar day that contains `now`, as an instant. */
export function startOfBeijingDay(now: Date): Date {
  const local = now.getTime() + BEIJING_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - BEIJING_OFFSET_MS);
}

/**
 * The instant of a Beijing wall-clock time on a calendar day given as yyyy-MM-dd (an Invalid Date
 * when the text is not a day), e.g. midnight of a day a date filter names.
 */
export function beijingTimeOn(day: string, hour = 0, minute = 0): Date {
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return new Date(`${day}T${time}:00${BEIJING_ISO_OFFSET}`);
}

/**
 * The instant of a Beijing wall-clock time: `monthIndex` may run past either end of the year and
 * `day` past the month (as with Date.UTC), so month arithmetic needs no special cases.
 */
export function beijingInstant(
  year: number,
  monthIndex: number,
  day = 1,
  hour = 0,
  minute = 0,
): Date {
  return new Date(Date.UTC(year, monthIndex, day, hour, minute) - BEIJING_OFFSET_MS);
}

/** The Beijing calendar month of an instant, yyyy-MM. */
export function beijingMonth(at: Date | string | number): string {
  return beijingDate(at).slice(0, 7);
}

/** The Beijing calendar day and hour of an instant, months counted from 1. */
export function beijingParts(at: Date | string | number): {
  year: number;
  month: number;
  day: number;
  hour: number;
} {
  const local = wallClock(at);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
  };
}

/** An instant as Beijing date and time, yyyy-MM-dd HH:mm:ss. */
export function formatBeijingDateTime(at: Date | string | number): string {
  return wallClock(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant as Beijing date and time to the minute, yyyy-MM-dd HH:mm. */
export function formatBeijingMinute(at: Date | string | number): string {
  return formatBeijingDateTime(at).slice(0, 16);
}

/** A compact Beijing timestamp, yyyyMMddHHmmss (order numbers). */
export function beijingStamp(at: Date | string | number): string {
  return formatBeijingDateTime(at).replace(/[- :]/g, '');
}
