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
 * adds its name to the shell's preload map, +0.4 KB). The check fails when a page named here has
 * come within the goal (its line is then removed).
 */
export const CEILINGS_KB = {
  root: 222,
  home: 222,
  newHouse: 310,
  houseHome: 335,
  houseDetails: 425,
  houseType: 295,
  houseTypeDetails: 295,
  housePhoto: 325,
  houseDynamic: 290,
  houses: 337,
  orderConfirmation: 340,
  myFavHouse: 290,
  myOrder: 355,
  myOrderDetails: 370,
  myNotice: 385,
  mySubscriptions: 260,
  unsubscribe: 225,
  myHistory: 315,
  compare: 265,
  community: 265,
  lottery: 450,
  lotteryVerify: 420,
  myLottery: 283,
  informationAndPolicyPage: 260,
  informationAndPolicyDetails: 255,
  myFavNews: 265,
  recommend: 365,
  about: 215,
  agreement: 220,
  privacy: 220,
  buildingmaterials: 220,
  tool: 400,
  login: 390,
  register: 355,
  forgetPassword: 345,
  bindingPhone: 360,
  myInfomation: 420,
  myData: 390,
  securitySetting: 315,
  modifyPassword: 380,
  modifyPhone: 375,
  licensedemand: 420,
  fundsupervision: 420,
  yszjpage: 445,
  spfqypage: 445,
  map: 400,
  dataanalysis: 580,
  chat: 375,
  feedbackpage: 370,
  feedback: 415,
  feedbackDetails: 275,
  admin: 435,
  adminListings: 510,
  adminListingReports: 445,
  adminChat: 445,
  adminFeedback: 385,
  adminNews: 420,
  adminNewsEdit: 435,
  adminProjects: 410,
  adminProjectEdit: 580,
  adminOrders: 540,
  adminUsers: 505,
  adminSite: 415,
  adminLegal: 460,
  adminAudit: 470,
  adminRoomFacts: 470,
  adminPois: 470,
  adminQuestions: 480,
  adminLottery: 430,
  adminLotteryBatch: 485,
  secondhandhouse: 395,
  detailscs: 420,
  detailscz: 420,
  verify: 305,
  addhouse: 480,
  mySecondHandHouse: 495,
  notFound: 235,
  serverError: 235,
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
 * The modules each layout adds before its pages show (`app/router.tsx`): the personal-centre
 * shell, the operator console's shell. Every page not marked `dates: false` also loads the dayjs
 * locale.
 */
const LAYOUT_MODULES = {
  public: [],
  bare: [],
  personal: ['src/app/layouts/personal-layout.tsx'],
  admin: ['src/app/routes/admin/admin-layout.tsx'],
};
const DATE_LOCALE = 'src/lib/dayjs-locale.ts';

/**
 * For every page of the route table: the scripts index.html names, the entry's and the page's
 * modules with every chunk they import statically, and their gzip size in KB.
 */
export function measurePages(webDist, routeTableSource) {
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
  return readPageRoutes(routeTableSource).map((route) => {
    const files = new Set(base);
    const modules = [route.module, ...(LAYOUT_MODULES[route.layout] ?? [])];
    if (route.dates) modules.push(DATE_LOCALE);
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
