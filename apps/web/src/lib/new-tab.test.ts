import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInNewTabUnlessPhone, useNewTabLink } from './new-tab';

function windowWidth(matchesPhone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matchesPhone,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('links that open a new tab on a desktop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('open a new tab on a desktop', () => {
    windowWidth(false);
    expect(renderHook(() => useNewTabLink()).result.current).toEqual({
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const inPlace = vi.fn();
    openInNewTabUnlessPhone('/newHouse?keyword=海', inPlace);
    expect(open).toHaveBeenCalledWith('/newHouse?keyword=海', '_blank', 'noopener');
    expect(inPlace).not.toHaveBeenCalled();
  });

  it('open in place on a phone, where Back must return', () => {
    windowWidth(true);
    expect(renderHook(() => useNewTabLink()).result.current).toEqual({});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const inPlace = vi.fn();
    openInNewTabUnlessPhone('/newHouse?keyword=海', inPlace);
    expect(inPlace).toHaveBeenCalledWith('/newHouse?keyword=海');
    expect(open).not.toHaveBeenCalled();
  });
});
