import { describe, expect, it } from 'vitest';
import { isPageCode, isRouteCode } from './page-code';

describe('the build’s code lists read back from JSON', () => {
  it('takes a page’s code list and refuses other shapes', () => {
    expect(isPageCode({ code: 'assets/a.js', deps: ['assets/b.js', 'assets/c.css'] })).toBe(true);
    expect(isPageCode({ code: 'assets/a.js', deps: [1] })).toBe(false);
    expect(isPageCode(null)).toBe(false);
  });

  it('takes the route code list only when every page’s numbers name one of its files', () => {
    expect(isRouteCode({ files: ['assets/a.js', 'assets/b.js'], pages: { '/': [0, 1] } })).toBe(
      true,
    );
    expect(isRouteCode({ files: [], pages: {} })).toBe(true);
    expect(isRouteCode({ files: ['assets/a.js'], pages: { '/': [1] } })).toBe(false);
    expect(isRouteCode({ files: ['assets/a.js'], pages: { '/': [-1] } })).toBe(false);
    expect(isRouteCode({ files: ['assets/a.js'], pages: { '/': ['0'] } })).toBe(false);
    expect(isRouteCode({ files: [7], pages: {} })).toBe(false);
    expect(isRouteCode({ files: [], pages: null })).toBe(false);
    expect(isRouteCode(null)).toBe(false);
  });
});
