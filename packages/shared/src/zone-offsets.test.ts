import { afterEach, describe, expect, it } from 'vitest';
import { zoneOffsets } from './zone-offsets';

const ownZone = process.env.TZ;
afterEach(() => {
  if (ownZone === undefined) delete process.env.TZ;
  else process.env.TZ = ownZone;
});

describe('zoneOffsets', () => {
  it('writes a clock without daylight saving as one run of its offset', () => {
    process.env.TZ = 'Asia/Shanghai';
    expect(zoneOffsets(new Date(2026, 5, 1))).toBe('2026:-480*72');
  });

  it('tells apart two clocks of the same winter offset, one with daylight saving', () => {
    process.env.TZ = 'Europe/London';
    const london = zoneOffsets(new Date(2026, 5, 1));
    // Summer time from the last Sunday of March to the last Sunday of October.
    expect(london).toBe('2026:0*6,-60*14,0*10,-60*14,0*10,-60*14,0*4');
    process.env.TZ = 'Africa/Abidjan';
    expect(zoneOffsets(new Date(2026, 5, 1))).toBe('2026:0*72');
  });

  it('gives the same text for any day of a year, and another the next year', () => {
    process.env.TZ = 'America/New_York';
    const text = zoneOffsets(new Date(2025, 2, 3));
    const total = text
      .slice(text.indexOf(':') + 1)
      .split(',')
      .reduce((sum, run) => sum + Number(run.split('*')[1]), 0);
    expect(total).toBe(72);
    expect(zoneOffsets(new Date(2025, 11, 31))).toBe(text);
    expect(zoneOffsets(new Date(2026, 0, 1))).not.toBe(text);
  });
});
