import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CEILINGS_KB,
  checkBudgets,
  measurePages,
  readPageRoutes,
  TARGET_KB,
} from '../../../../scripts/initial-js.mjs';
import { PAGE_KEYS, PAGE_ROUTES } from './route-table';

/*
 * The initial-JavaScript check of `npm test` (scripts/check-initial-js.mjs,
 * docs/decisions/0057): it must see every page type of the route table and fail when one loads
 * more than its budget.
 */

const routeTableSource = readFileSync(path.join(__dirname, 'route-table.ts'), 'utf8');

/** Random bytes gzip cannot shrink: `kb` KB of "script". */
function incompressible(kb: number): Buffer {
  return randomBytes(kb * 1024);
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build with an entry of `entryKb`, a home page of `homeKb` and a /tool page of `toolKb`. */
function fakeBuild(entryKb: number, homeKb: number, toolKb: number): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'initial-js-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  const files = {
    'assets/index.js': entryKb,
    'assets/home.js': homeKb,
    'assets/tool.js': toolKb,
    'assets/day.js': 1,
  };
  for (const [file, kb] of Object.entries(files)) {
    writeFileSync(path.join(dist, file), incompressible(kb));
  }
  writeFileSync(
    path.join(dist, 'index.html'),
    '<script type="module" src="/assets/index.js"></script>',
  );
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'src/app/routes/home/home.tsx': { file: 'assets/home.js', isDynamicEntry: true },
    'src/app/routes/tool/tool.tsx': {
      file: 'assets/tool.js',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    'src/lib/dayjs-locale.ts': { file: 'assets/day.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const FAKE_ROUTES = `
const loadHome = () => import('./routes/home/home');
export const PAGE_ROUTES: Readonly<Record<PageId, PageRoute>> = {
  home: { layout: 'public', load: loadHome, dates: false },
  tool: {
    layout: 'public',
    load: () => import('./routes/tool/tool'),
  },
};`;

describe('initial JavaScript per page type', () => {
  it('reads every page of the route table, with its layout, route module and date locale', () => {
    const read = readPageRoutes(routeTableSource);
    expect(read.map((route) => route.key)).toEqual(PAGE_KEYS);
    expect(read.map((route) => route.layout)).toEqual(
      PAGE_KEYS.map((key) => PAGE_ROUTES[key].layout),
    );
    expect(read.map((route) => route.dates)).toEqual(
      PAGE_KEYS.map((key) => PAGE_ROUTES[key].dates !== false),
    );
    expect(read.filter((route) => !route.dates).map((route) => route.key)).toEqual([
      'root',
      'home',
    ]);
    expect(read.find((route) => route.key === 'home')?.module).toBe('src/app/routes/home/home.tsx');
    expect(read.find((route) => route.key === 'tool')?.module).toBe('src/app/routes/tool/tool.tsx');
  });

  it('names only pages of the route table in its ceilings, each above the goal', () => {
    const keys = new Set<string>(PAGE_KEYS);
    for (const [key, kb] of Object.entries(CEILINGS_KB)) {
      expect(keys.has(key), key).toBe(true);
      expect(kb, key).toBeGreaterThan(TARGET_KB);
    }
  });

  it('adds the entry, the page and what each imports, and passes pages within budget', () => {
    const pages = measurePages(fakeBuild(40, 30, 50), FAKE_ROUTES);
    const kb = Object.fromEntries(pages.map((page) => [page.key, page.kb]));
    // gzip adds a little to incompressible bytes.
    expect(kb.home).toBeGreaterThan(70);
    expect(kb.home).toBeLessThan(72);
    // /tool also loads the date locale (1 KB).
    expect(kb.tool).toBeGreaterThan(91);
    expect(kb.tool).toBeLessThan(93);
    expect(checkBudgets(pages, {}, 120).ok).toBe(true);
  });

  it('fails when any page type, not only the home page, loads more than its budget', () => {
    const pages = measurePages(fakeBuild(40, 30, 90), FAKE_ROUTES);
    const { ok, results } = checkBudgets(pages, {}, 120);
    expect(ok).toBe(false);
    expect(results.find((r) => r.key === 'tool')).toMatchObject({ verdict: 'over', budgetKb: 120 });
    expect(results.find((r) => r.key === 'home')?.verdict).toBe('ok');
    // A ceiling lets a page that is not there yet pass, only up to that ceiling.
    expect(checkBudgets(pages, { tool: 140 }, 120).ok).toBe(true);
    expect(checkBudgets(pages, { tool: 125 }, 120).ok).toBe(false);
  });

  it('fails on a ceiling left behind by a page within the goal, or naming no page', () => {
    const pages = measurePages(fakeBuild(40, 30, 50), FAKE_ROUTES);
    const stale = checkBudgets(pages, { home: 150 }, 120);
    expect(stale.ok).toBe(false);
    expect(stale.results.find((r) => r.key === 'home')?.verdict).toBe('stale');
    const unknown = checkBudgets(pages, { gone: 150 }, 120);
    expect(unknown).toMatchObject({ ok: false, unknown: ['gone'] });
  });
});
