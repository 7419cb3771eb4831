import { describe, expect, it } from 'vitest';
import { COMPACT_SHELL_QUERY, matchesWidth, PHONE_QUERY } from './use-media-query';

describe('the layout a server-rendered page is drawn with', () => {
  it('is the phone layout at a phone’s width, the compact header up to a tablet’s', () => {
    expect(matchesWidth(PHONE_QUERY, 375)).toBe(true);
    expect(matchesWidth(PHONE_QUERY, 767)).toBe(true);
    expect(matchesWidth(PHONE_QUERY, 800)).toBe(false);
    expect(matchesWidth(COMPACT_SHELL_QUERY, 800)).toBe(true);
    expect(matchesWidth(COMPACT_SHELL_QUERY, 1440)).toBe(false);
  });

  it('reads ranges and refuses what it cannot read', () => {
    expect(matchesWidth('(min-width: 768px) and (max-width: 991px)', 800)).toBe(true);
    expect(matchesWidth('(min-width: 768px) and (max-width: 991px)', 375)).toBe(false);
    expect(matchesWidth('(orientation: portrait)', 375)).toBe(false);
  });
});
