import { describe, expect, it } from 'vitest';
import {
  BEIJING_ISO_OFFSET,
  BEIJING_OFFSET_MS,
  beijingDate,
  beijingHour,
  beijingInstant,
  beijingMonth,
  beijingParts,
  beijingStamp,
  beijingTimeOn,
  beijingYearOf,
  formatBeijingDateTime,
  formatBeijingMinute,
  startOfBeijingDay,
} from './beijing-time';

describe('Beijing time', () => {
  // 2026-12-31 16:30 UTC is already 2027-01-01 00:30 in Beijing.
  const newYear = new Date('2026-12-31T16:30:00Z');

  it('reads the calendar in Beijing, whatever the machine’s zone', () => {
    expect(beijingYearOf(newYear)).toBe(2027);
    expect(beijingDate(newYear)).toBe('2027-01-01');
    expect(beijingMonth(newYear)).toBe('2027-01');
    expect(beijingHour(newYear)).toBe(0);
    expect(beijingDate('2026-12-31T15:59:59Z')).toBe('2026-12-31');
    expect(formatBeijingDateTime(newYear)).toBe('2027-01-01 00:30:00');
    expect(formatBeijingMinute(newYear)).toBe('2027-01-01 00:30');
    expect(beijingStamp(newYear)).toBe('20270101003000');
    expect(beijingParts(newYear)).toEqual({ year: 2027, month: 1, day: 1, hour: 0 });
  });

  it('finds the start of a Beijing day and builds instants from wall-clock times', () => {
    expect(startOfBeijingDay(newYear).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(beijingInstant(2027, 0, 1).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(beijingInstant(2026, 12, 1, 8).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(beijingInstant(2026, -1, 1).toISOString()).toBe('2025-11-30T16:00:00.000Z');
  });

  it('starts the Beijing day at 16:00 UTC the day before, to the millisecond', () => {
    expect(startOfBeijingDay(new Date('2027-01-01T15:59:59.999Z')).toISOString()).toBe(
      '2026-12-31T16:00:00.000Z',
    );
    expect(startOfBeijingDay(new Date('2027-01-01T16:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T16:00:00.000Z',
    );
  });

  it('gives the instant of a wall-clock time on a named Beijing day', () => {
    expect(beijingTimeOn('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(beijingTimeOn('2026-11-01', 10).toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(beijingTimeOn('2026-11-01', 8, 5).toISOString()).toBe('2026-11-01T00:05:00.000Z');
    expect(Number.isNaN(beijingTimeOn('2026-13-01').getTime())).toBe(true);
    expect(Number.isNaN(beijingTimeOn('yesterday').getTime())).toBe(true);
  });

  it('keeps one offset, eight hours, in both spellings', () => {
    expect(BEIJING_OFFSET_MS).toBe(8 * 3_600_000);
    expect(BEIJING_ISO_OFFSET).toBe('+08:00');
  });
});
