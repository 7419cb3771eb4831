import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../../web/src/config/paths';
import {
  ADMIN_PAGES,
  appPageOf,
  appPagePaths,
  PRIVATE_PAGES,
  PUBLIC_PAGES,
  RECORD_PAGES,
} from './app-pages';
import { renderRobots } from './robots';

/** The pages the web app registers, read from its route table: path and layout. */
function registeredPages(): Array<{ path: string; layout: string }> {
  const table = readFileSync(
    path.resolve(import.meta.dirname, '../../../../web/src/app/route-table.ts'),
    'utf8',
  );
  const entries = [...table.matchAll(/key: '(\w+)',\s*layout: '(\w+)'/g)];
  expect(entries.length).toBeGreaterThan(40);
  return entries.map(([, key, layout]) => {
    const entry = paths[key as keyof typeof paths];
    if (!entry) throw new Error(`route-table key ${key} is not in config/paths.ts`);
    return { path: entry.path, layout: layout! };
  });
}

describe('the page addresses the server knows', () => {
  it('are exactly the pages the web app registers', () => {
    const web = registeredPages().map((page) => page.path);
    expect([...appPagePaths()].sort()).toEqual([...new Set(web)].sort());
  });

  it('keep personal and console pages out of the public and record lists', () => {
    const open = new Set<string>([...PUBLIC_PAGES, ...Object.keys(RECORD_PAGES)]);
    for (const page of registeredPages()) {
      if (page.layout === 'personal' || page.layout === 'bare') {
        expect(PRIVATE_PAGES as readonly string[], page.path).toContain(page.path);
      }
      if (page.layout === 'admin') expect(ADMIN_PAGES as readonly string[]).toContain(page.path);
      if (page.layout !== 'public') expect(open.has(page.path), page.path).toBe(false);
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
    expect(robots).toContain('Sitemap: https://example.cn/sitemap.xml');
  });
});
