import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CEILINGS_KB,
  checkBudgets,
  measurePages,
  readDateLocale,
  readLayoutShells,
  readPageRoutes,
  readStartSteps,
  TARGET_KB,
} from '../../../../scripts/initial-js.mjs';
import { LAYOUT_SHELLS, PAGE_KEYS, PAGE_ROUTES } from './route-table';

/*
 * The initial-JavaScript check of `npm test` (scripts/check-initial-js.mjs,
 * docs/decisions/0057): it must see every page type of the route table and fail when one loads
 * more than its budget.
 */

const routeTableSource = readFileSync(path.join(__dirname, 'route-table.ts'), 'utf8');
const mainSource = readFileSync(path.join(__dirname, '..', 'main.tsx'), 'utf8');

/** Random bytes gzip cannot shrink: `kb` KB of "script". */
function incompressible(kb: number): Buffer {
  return randomBytes(kb * 1024);
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A build with an entry of `entryKb`, a home page of `homeKb`, a /tool page of `toolKb`, and a
 * personal page /myOrder of 10 KB whose shell weighs 5 KB.
 */
function fakeBuild(entryKb: number, homeKb: number, toolKb: number): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'initial-js-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  const files = {
    'assets/index.js': entryKb,
    'assets/home.js': homeKb,
    'assets/tool.js': toolKb,
    'assets/my-order.js': 10,
    'assets/personal-layout.js': 5,
    'assets/day.js': 1,
    'assets/step.js': 7,
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
    'src/app/routes/orders/my-order.tsx': { file: 'assets/my-order.js', isDynamicEntry: true },
    'src/app/layouts/personal-layout.tsx': {
      file: 'assets/personal-layout.js',
      isDynamicEntry: true,
    },
    'src/lib/dayjs-locale.ts': { file: 'assets/day.js', isDynamicEntry: true },
    'src/app/start/step.ts': { file: 'assets/step.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const FAKE_ROUTES = `
const loadHome = () => import('./routes/home/home');
export const loadDateLocale = () => import('../lib/dayjs-locale');
export const LAYOUT_SHELLS = {
  personal: () => import('./layouts/personal-layout'),
} satisfies Partial<Record<LayoutKey, () => Promise<unknown>>>;
export const PAGE_ROUTES: Readonly<Record<PageId, PageRoute>> = {
  home: { layout: 'public', load: loadHome, dates: false },
  tool: {
    layout: 'public',
    load: () => import('./routes/tool/tool'),
  },
  myOrder: { layout: 'personal', load: () => import('./routes/orders/my-order') },
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

  it('reads the shell of each layout from the route table, the modules the router loads', () => {
    const shells = readLayoutShells(routeTableSource);
    expect(shells).toEqual({
      personal: 'src/app/layouts/personal-layout.tsx',
      admin: 'src/app/routes/admin/admin-layout.tsx',
    });
    expect(Object.keys(shells)).toEqual(Object.keys(LAYOUT_SHELLS));
    for (const module of Object.values(shells)) {
      expect(existsSync(path.join(__dirname, '..', '..', module)), module).toBe(true);
    }
  });

  it('reads the date locale every page with dates loads from the route table', () => {
    const module = readDateLocale(routeTableSource);
    expect(module).toBe('src/lib/dayjs-locale.ts');
    expect(existsSync(path.join(__dirname, '..', '..', module))).toBe(true);
    expect(() => readDateLocale('export const PAGE_ROUTES = {};')).toThrow(/loadDateLocale/);
  });

  it('fails when the route table names no shells or one in another form', () => {
    expect(() => readLayoutShells('export const PAGE_ROUTES = {};')).toThrow(/LAYOUT_SHELLS/);
    expect(() => readLayoutShells('export const LAYOUT_SHELLS = {} satisfies X;')).toThrow(
      /LAYOUT_SHELLS/,
    );
    expect(() =>
      readLayoutShells('export const LAYOUT_SHELLS = { personal: loadPersonal };'),
    ).toThrow(/personal: loadPersonal/);
  });

  it('names only pages of the route table in its ceilings, each above the goal', () => {
    const keys = new Set<string>(PAGE_KEYS);
    for (const [key, kb] of Object.entries(CEILINGS_KB)) {
      expect(keys.has(key), key).toBe(true);
      expect(kb, key).toBeGreaterThan(TARGET_KB);
    }
  });

  it('reads the steps of the start from the entry, modules that exist', () => {
    const steps = readStartSteps(mainSource);
    expect(steps).toContain('src/app/providers');
    expect(steps).toContain('src/app/router');
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const step of steps) {
      const found = ['.ts', '.tsx'].some((ext) =>
        existsSync(path.join(__dirname, '..', '..', step + ext)),
      );
      expect(found, step).toBe(true);
    }
  });

  it('counts the steps of the start on every page, and fails on a step the build lacks', () => {
    const dist = fakeBuild(40, 30, 50);
    const main = "const STEPS = [() => import('./app/start/step')];";
    const without = Object.fromEntries(
      measurePages(dist, FAKE_ROUTES).map((page) => [page.key, page.kb]),
    );
    for (const page of measurePages(dist, FAKE_ROUTES, main)) {
      // 7 KB of step, and a little for gzip's frame.
      expect(page.kb - (without[page.key] ?? 0), page.key).toBeGreaterThan(7);
      expect(page.kb - (without[page.key] ?? 0), page.key).toBeLessThan(7.2);
    }
    expect(() => measurePages(dist, FAKE_ROUTES, "import('./app/start/gone')")).toThrow(/gone/);
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
    // /myOrder also loads its layout's shell (5 KB) and the date locale.
    expect(kb.myOrder).toBeGreaterThan(56);
    expect(kb.myOrder).toBeLessThan(58);
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
