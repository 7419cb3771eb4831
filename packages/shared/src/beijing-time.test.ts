import { describe, expect, it } from 'vitest';
import {
  beijingDate,
  beijingHour,
  beijingInstant,
  beijingMonth,
  beijingParts,
  beijingStamp,
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
});
