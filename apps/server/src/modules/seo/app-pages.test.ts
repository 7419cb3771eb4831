import { PAGE_ENTRIES } from '@portal/shared/pages';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGES,
  ADMIN_PREFIX,
  appPageOf,
  PRIVATE_PAGES,
  PUBLIC_PAGES,
  RECORD_PAGES,
} from './app-pages';
import { renderRobots } from './robots';

describe('the page addresses the server knows', () => {
  it('are every page of the page table, each in one list, in any letter case', () => {
    const listed = [
      ...PUBLIC_PAGES,
      ...Object.keys(RECORD_PAGES),
      ...PRIVATE_PAGES,
      ...ADMIN_PAGES,
    ];
    expect([...listed].sort()).toEqual(PAGE_ENTRIES.map((page) => page.path).sort());
    // The router ignores case: two pages spelled alike would be one address.
    expect(new Set(listed.map((page) => page.toLowerCase())).size).toBe(listed.length);
    for (const page of listed) expect(appPageOf(page.toUpperCase()), page).toBe(page);
  });

  it('put the operator console, and only it, under its prefix', () => {
    for (const page of ADMIN_PAGES) {
      expect(page === ADMIN_PREFIX || page.startsWith(`${ADMIN_PREFIX}/`), page).toBe(true);
    }
    for (const page of [...PUBLIC_PAGES, ...Object.keys(RECORD_PAGES), ...PRIVATE_PAGES]) {
      expect(page.startsWith(ADMIN_PREFIX), page).toBe(false);
    }
  });

  it('match like the router: any case, one trailing slash', () => {
    expect(appPageOf('/newhouse')).toBe('/newHouse');
    expect(appPageOf('/houseHome/')).toBe('/houseHome');
    expect(appPageOf('/')).toBe('/');
    expect(appPageOf('/houseHome//')).toBeUndefined();
    expect(appPageOf('/api/health')).toBeUndefined();
  });

  it('close every private page in robots.txt without closing an open one', () => {
    const robots = renderRobots('https://example.cn/');
    for (const page of PRIVATE_PAGES) expect(robots).toMatch(new RegExp(`^Disallow: ${page}`, 'm'));
    const rules = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map(([, rule]) => rule ?? '');
    const closes = (rule: string, page: string) =>
      rule.endsWith('$') ? rule.slice(0, -1) === page : page.startsWith(rule);
    for (const page of [...PUBLIC_PAGES, ...Object.keys(RECORD_PAGES)]) {
      expect(
        rules.filter((rule) => closes(rule, page)),
        page,
      ).toEqual([]);
    }
    expect(robots).toContain('Sitemap: https://example.cn/sitemap.xml');
  });
});
