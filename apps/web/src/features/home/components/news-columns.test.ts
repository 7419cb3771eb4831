import { describe, expect, it } from 'vitest';
import { monthDay } from './news-columns';

describe('monthDay', () => {
  it('shows month and day of a timestamp with two digits each', () => {
    expect(monthDay('2026-03-05T09:30:00')).toBe('03-05');
    expect(monthDay('2026-11-15 09:00:00')).toBe('11-15');
  });

  it('shows nothing for an unreadable time', () => {
    expect(monthDay('不是时间')).toBe('');
  });
});
