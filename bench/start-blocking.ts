// How long a phone's main thread is blocked while a server-rendered page starts, for two web
// builds side by side (results: bench/RESULTS.md, "The start in steps"). Each build is served by
// its own production server (bench/page-server.ts: `npm start`'s configuration on a PGlite data
// folder of its own); each page is loaded cold in headless Chromium as a phone (375 px, touch,
// phone user agent) with the CPU slowed 4×, the builds taking turns load by load so a drift of
// the machine shows in both. Per load: the blocking time (each long task's part beyond 50 ms,
// from the first contentful paint until 3 s after React has taken the page over, as Lighthouse
// counts it), the longest task and the number of long tasks; reported as medians per page and
// build. Lighthouse (bench/lighthouse-mobile.ts) simulates the network too; this bench measures
// the main thread only, and runs more loads in the same time, which a shared machine needs.
// Run: npx tsx start-blocking.ts --before DIR --after DIR [--runs 5] [--pages /home,/tool]
// where DIR is a web build (`vite build --outDir DIR/dist` and `vite build --ssr
// src/entry-server.tsx --outDir DIR/dist-ssr`; pass DIR/dist).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { CPU_THROTTLING } from './page-metrics';
import { startPageServer } from './page-server';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/home,/newHouse,/tool,/secondhandhouse' },
  },
});
if (!args.before || !args.after) {
  console.error(
    'usage: start-blocking.ts --before DIR/dist --after DIR/dist [--runs N] [--pages …]',
  );
  process.exit(2);
}
const builds = { before: path.resolve(args.before), after: path.resolve(args.after) };
const runs = Number(args.runs);
const pages = (args.pages ?? '').split(',').filter(Boolean);

const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  userAgent:
    'Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/120.0 Mobile Safari/537.36',
};

interface Load {
  blockingMs: number;
  longestMs: number;
  longTasks: number;
}

/** Run in the page before its own scripts: keeps every long task (start and duration). */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
`;

/** The blocking time from the first contentful paint, the longest task, the number of them. */
const SUMMARY = `(() => {
  const tasks = window.__longTasks;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  const counted = tasks.filter((task) => task.start >= fcp);
  return {
    blockingMs: Math.round(counted.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
    longestMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
    longTasks: tasks.length,
  };
})()`;

/** One cold load: the long tasks from the first paint until 3 s after the take-over. */
async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(LONG_TASKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.goto(url);
  // A selector, not a predicate: the site's Content-Security-Policy forbids evaluating text.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(3000);
  const result = (await page.evaluate(SUMMARY)) as Load;
  await context.close();
  return result;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

const dataDirs: string[] = [];
const servers: Record<string, { origin: string; stop: () => Promise<void> }> = {};
for (const [name, webDist] of Object.entries(builds)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `start-blocking-${name}-`));
  dataDirs.push(dataDir);
  servers[name] = await startPageServer({ webDist, dataDir, scale: 1 });
}
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const loads: Record<string, Record<string, Load[]>> = {};
const loadBefore = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
try {
  for (let run = 0; run < runs; run += 1) {
    for (const page of pages) {
      const order = run % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      for (const name of order) {
        const origin = servers[name]?.origin ?? '';
        ((loads[page] ??= {})[name] ??= []).push(await load(browser, origin + page));
      }
    }
  }
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
const loadAfter = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');

console.log(
  `Blocking time of the start on a phone (375 px, ${CPU_THROTTLING}× CPU), ${runs} loads a page ` +
    `and build, ${cpus().length} cores (${cpus()[0]?.model.trim()}), load ${loadBefore} → ${loadAfter}`,
);
console.log('| page | build | blocking ms (median) | each load | longest task ms | long tasks |');
console.log('|---|---|---:|---|---:|---:|');
for (const page of pages) {
  for (const name of ['before', 'after']) {
    const rows = loads[page]?.[name] ?? [];
    console.log(
      `| ${page} | ${name} | ${median(rows.map((r) => r.blockingMs))} | ` +
        `${rows.map((r) => r.blockingMs).join(', ')} | ${median(rows.map((r) => r.longestMs))} | ` +
        `${median(rows.map((r) => r.longTasks))} |`,
    );
  }
}
console.log(JSON.stringify({ benchmark: 'start-blocking', builds, runs, loads }));
