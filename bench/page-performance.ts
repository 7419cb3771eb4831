// Page performance in headless Chromium (results: bench/RESULTS.md).
// Run: npm run page-performance -w @portal/bench -- [origin=http://127.0.0.1:3000] [runs=3]
// Needs a running server with the built web app (`npm start`). For each page: largest
// contentful paint and total blocking time with the CPU slowed 4× (Chrome DevTools throttling),
// and the JavaScript transferred until the page settled (compressed bytes on the wire).
// Targets: /home initial JavaScript < 250 KB gzip; LCP < 1.5 s at 4× CPU on localhost.
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';

const TARGET = { homeJsKb: 250, lcpMs: 1500 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Measurement {
  lcpMs: number;
  tbtMs: number;
  jsKb: number;
  jsFiles: number;
}

const origin = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.argv[3] ?? '3');

async function firstProjectId(): Promise<number> {
  const res = await fetch(`${origin}/api/projects?pageNum=1&pageSize=1`);
  const body = (await res.json()) as { data: { list: { id: number }[] } };
  const id = body.data.list[0]?.id;
  if (!id) throw new Error('no project to measure');
  return id;
}

async function measure(page: Page, url: string): Promise<Measurement> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Map<string, number>();
  const jsRequests = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') jsRequests.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (jsRequests.has(event.requestId)) scripts.set(event.requestId, event.encodedDataLength);
  });

  // Plain browser script (this file is compiled without the DOM library).
  await page.addInitScript({
    content: `
      window.__lcp = 0;
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    `,
  });
  await page.goto(`${origin}${url}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const { lcp, longTasks, fcp } = (await page.evaluate(`(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { lcp: window.__lcp, longTasks: window.__longTasks, fcp: paint ? paint.startTime : 0 };
  })()`)) as { lcp: number; longTasks: number[][]; fcp: number };
  const tbt = longTasks
    .filter(([start]) => (start ?? 0) >= fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, (duration ?? 0) - 50), 0);
  await cdp.detach();
  const bytes = [...scripts.values()].reduce((sum, n) => sum + n, 0);
  return {
    lcpMs: Math.round(lcp),
    tbtMs: Math.round(tbt),
    jsKb: Number((bytes / 1024).toFixed(1)),
    jsFiles: scripts.size,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

const projectId = await firstProjectId();
const pages = {
  '/home': '/home',
  '/newHouse': '/newHouse',
  '/houseHome': `/houseHome?id=${projectId}`,
  '/houses': `/houses?id=${projectId}`,
};

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const results: Record<string, Measurement & { runs: number }> = {};
try {
  for (const [name, url] of Object.entries(pages)) {
    const samples: Measurement[] = [];
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        locale: 'zh-CN',
      });
      const page = await context.newPage();
      samples.push(await measure(page, url));
      await context.close();
    }
    results[name] = {
      lcpMs: median(samples.map((s) => s.lcpMs)),
      tbtMs: median(samples.map((s) => s.tbtMs)),
      jsKb: median(samples.map((s) => s.jsKb)),
      jsFiles: median(samples.map((s) => s.jsFiles)),
      runs,
    };
  }
} finally {
  await browser.close();
}

console.log(
  JSON.stringify({
    date: new Date().toISOString().slice(0, 10),
    origin,
    cpuThrottling: 4,
    node: process.version,
    cpus: cpus().length,
    loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(1)),
    targets: TARGET,
    pages: results,
    homeJsWithinTarget: (results['/home']?.jsKb ?? Infinity) < TARGET.homeJsKb,
    lcpWithinTarget: Object.values(results).every((r) => r.lcpMs < TARGET.lcpMs),
  }),
);
