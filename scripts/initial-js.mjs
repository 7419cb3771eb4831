// The initial JavaScript of every page type, read from the web build (docs/decisions/0057):
// what a visitor's browser loads before a page can show itself and answer, gzip -9 KB.
// Used by `scripts/check-initial-js.mjs` (run by `npm test` after the web build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The goal for every page type (issue of 2026-11: a fifth of the main-thread work). */
export const TARGET_KB = 120;

/**
 * Page types still above the goal and the most each may load today, in KB: measured on the
 * build of 2026-11-29 with that day's features merged (docs/decisions/0057), plus 5 KB, rounded
 * up to a multiple of 5. A page
 * type not named here must stay within `TARGET_KB`. A ceiling is lowered whenever a page gets
 * lighter, and raised only by the least a landed feature needs, said in its commit (2026-11-29:
 * 我的摇号's proofs and edit, +2.4 KB with the form loaded on demand; every new on-demand chunk
 * adds its name to the shell's preload map, +0.4 KB). Lowered on 2026-11-30 to the page's figure
 * plus 2 KB, rounded up, wherever a page had got 3 KB or more lighter (the compare limits as plain
 * constants, type-only imports kept type-only, App's hook without the App component, the app's
 * own breadcrumb: docs/performance/initial-js-composition.md). Raised on 2026-12-02, where a page
 * went over, by what the start in steps added to it (3.4–3.9 KB of chunk glue, rounded up:
 * docs/decisions/0078-the-start-in-steps.md), and again by 1 KB where a page went over by the
 * take-over's clock check without Intl (0.1–0.2 KB: docs/decisions/0079-the-take-over-without-a-time-zone-name.md),
 * and by 1 KB where a page went over by the router's navigation type, now read by the lists drawn
 * in two steps to draw a page the reader comes back to whole (under 0.1 KB). Lowered by 2 KB on
 * every page on 2026-12-02, when the web app's code table lost its messages (2.2–2.3 KB each:
 * `packages/shared/src/api-code.ts`), and again, by the KB each saved, on the 23 pages whose first
 * screens use no popup (−9.1 to −10.8 KB), when the shell lost antd's popup engine
 * (docs/decisions/0080-the-shell-without-the-popup-engine.md); and by 4 KB on every page when
 * the route table's preload lists lost the pages' chunks (4.9–5.0 KB each:
 * docs/decisions/0081-page-code-lists-out-of-the-first-load.md). Lowered on 2026-12-03 to the
 * page's figure plus 2 KB, rounded up, on the project pages (−15.7 to −38.7 KB) and the listing
 * pages (−31.0 KB), when the 订阅 dialog and the WeChat share hint, antd's Modal and Checkbox with
 * the form engine they pull in, came to load on first use. The check fails when a page
 * named here has come within the goal (its line is then removed).
 */
export const CEILINGS_KB = {
  root: 210,
  home: 210,
  newHouse: 242,
  houseHome: 252,
  houseDetails: 397,
  houseType: 237,
  houseTypeDetails: 237,
  housePhoto: 265,
  houseDynamic: 227,
  houses: 292,
  orderConfirmation: 284,
  myFavHouse: 284,
  myOrder: 349,
  myOrderDetails: 368,
  myNotice: 379,
  mySubscriptions: 254,
  unsubscribe: 209,
  myHistory: 286,
  compare: 223,
  community: 208,
  lottery: 419,
  lotteryVerify: 418,
  myLottery: 281,
  informationAndPolicyPage: 254,
  informationAndPolicyDetails: 234,
  myFavNews: 257,
  recommend: 359,
  about: 199,
  agreement: 204,
  privacy: 204,
  buildingmaterials: 204,
  tool: 337,
  login: 372,
  register: 339,
  forgetPassword: 311,
  bindingPhone: 323,
  myInfomation: 380,
  myData: 348,
  securitySetting: 283,
  modifyPassword: 321,
  modifyPhone: 342,
  licensedemand: 409,
  fundsupervision: 409,
  yszjpage: 440,
  spfqypage: 440,
  map: 394,
  dataanalysis: 574,
  chat: 362,
  feedbackpage: 312,
  feedback: 381,
  feedbackDetails: 269,
  admin: 429,
  adminListings: 501,
  adminListingReports: 439,
  adminChat: 439,
  adminFeedback: 383,
  adminNews: 414,
  adminNewsEdit: 406,
  adminProjects: 405,
  adminProjectEdit: 566,
  adminOrders: 521,
  adminUsers: 499,
  adminSite: 380,
  adminLegal: 454,
  adminAudit: 461,
  adminRoomFacts: 424,
  adminPois: 452,
  adminQuestions: 471,
  adminLottery: 424,
  adminLotteryBatch: 479,
  secondhandhouse: 322,
  detailscs: 244,
  detailscz: 244,
  verify: 258,
  addhouse: 457,
  mySecondHandHouse: 460,
  notFound: 223,
  serverError: 223,
};

/**
 * The route table's pages (`apps/web/src/app/route-table.ts`, entries `id: { layout, load }` by
 * the page table's ids, `dates: false` on a page without date pickers): key, layout, route module
 * (`src/app/...tsx`) and whether the page loads the dayjs locale.
 */
export function readPageRoutes(routeTableSource) {
  const homeModule = /const loadHome = \(\) => import\('\.\/([^']+)'\)/.exec(routeTableSource)?.[1];
  const pattern =
    /(\w+):\s*\{\s*layout:\s*'(\w+)',\s*load:\s*(?:\(\)\s*=>\s*import\('\.\/([^']+)'\)|(loadHome))/g;
  return [...routeTableSource.matchAll(pattern)].map((match) => {
    const rest = routeTableSource.slice(match.index + match[0].length);
    return {
      key: match[1],
      layout: match[2],
      module: `src/app/${match[3] ?? homeModule}.tsx`,
      dates: !/^[^{}]*?\bdates:\s*false\b[^{}]*\}/.test(rest),
    };
  });
}

/**
 * The shell module each layout loads before its pages show, by layout (`LAYOUT_SHELLS` in the
 * route table, entries `layout: () => import('./…')`): the personal centre's, the operator
 * console's. A layout not named there (the site's own, the frame's) loads none. Fails when the
 * table has no such list or an entry of another form, so no shell is left out unseen.
 */
export function readLayoutShells(routeTableSource) {
  const block = /export const LAYOUT_SHELLS = \{([^}]*)\}/.exec(routeTableSource)?.[1];
  if (block === undefined) throw new Error('路由表中没有 LAYOUT_SHELLS');
  const entries = block
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const shells = {};
  for (const entry of entries) {
    const match = /^(\w+):\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)$/.exec(entry);
    if (!match) throw new Error(`读不懂 LAYOUT_SHELLS 的一项：${entry}`);
    shells[match[1]] = `src/app/${match[2]}.tsx`;
  }
  if (Object.keys(shells).length === 0) throw new Error('LAYOUT_SHELLS 中没有外壳');
  return shells;
}

/**
 * The module every page not marked `dates: false` also loads, the dayjs locale (`loadDateLocale`
 * in the route table, `() => import('../lib/…')`). Fails when the table has no such line.
 */
export function readDateLocale(routeTableSource) {
  const module = /export const loadDateLocale = \(\) => import\('\.\.\/([^']+)'\)/.exec(
    routeTableSource,
  )?.[1];
  if (module === undefined) throw new Error('路由表中没有 loadDateLocale');
  return `src/${module}.ts`;
}

/**
 * The modules the app's entry (`apps/web/src/main.tsx`) imports one step at a time as it starts
 * (docs/decisions/0078-the-start-in-steps.md): every `import('./…')` in it, as paths from
 * `apps/web/` without their extension. Every page loads them before it can answer.
 */
export function readStartSteps(mainSource) {
  return [...mainSource.matchAll(/import\('\.\/([^']+)'\)/g)].map((match) => `src/${match[1]}`);
}

/**
 * For every page of the route table: the scripts index.html names, the entry's modules, the
 * start's steps (`mainSource`, the entry's source) and the page's modules with every chunk they
 * import statically, and their gzip size in KB.
 */
export function measurePages(webDist, routeTableSource, mainSource = '') {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const sizes = new Map();
  const gzipBytes = (file) => {
    if (!sizes.has(file)) {
      sizes.set(file, gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length);
    }
    return sizes.get(file);
  };
  const closure = (key, files) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`构建清单中没有 ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
  };
  // Scripts index.html names itself (the boot script is built apart and is not in the manifest).
  const base = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
  for (const key of Object.keys(manifest)) if (manifest[key].isEntry) closure(key, base);
  for (const step of readStartSteps(mainSource)) {
    const key = ['.ts', '.tsx'].map((ext) => step + ext).find((name) => manifest[name]);
    if (!key) throw new Error(`构建清单中没有启动步骤 ${step}`);
    closure(key, base);
  }
  const shells = readLayoutShells(routeTableSource);
  const dateLocale = readDateLocale(routeTableSource);
  return readPageRoutes(routeTableSource).map((route) => {
    const files = new Set(base);
    const modules = [route.module];
    if (Object.hasOwn(shells, route.layout)) modules.push(shells[route.layout]);
    if (route.dates) modules.push(dateLocale);
    for (const key of modules) closure(key, files);
    const scripts = [...files].filter((file) => file.endsWith('.js'));
    const kb = scripts.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
    return { key: route.key, module: route.module, scripts: scripts.length, kb };
  });
}

/**
 * Each page's figure against its budget: `over` when it loads more than its ceiling (or the
 * goal), `stale` when a page with a ceiling has come within the goal.
 */
export function checkBudgets(pages, ceilings = CEILINGS_KB, target = TARGET_KB) {
  const known = new Set(pages.map((page) => page.key));
  const unknown = Object.keys(ceilings).filter((key) => !known.has(key));
  const results = pages.map((page) => {
    const budgetKb = ceilings[page.key] ?? target;
    const verdict =
      page.kb > budgetKb ? 'over' : page.key in ceilings && page.kb <= target ? 'stale' : 'ok';
    return { ...page, budgetKb, verdict };
  });
  return { results, unknown, ok: unknown.length === 0 && results.every((r) => r.verdict === 'ok') };
}
