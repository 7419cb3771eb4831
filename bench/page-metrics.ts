// One cold load of one page in headless Chromium with the CPU slowed 4×: paint timings, total
// blocking time and the JavaScript it loaded until it settled.
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';

/** Chrome DevTools "4× slowdown". */
export const CPU_THROTTLING = 4;

export interface PageMeasurement {
  fcpMs: number;
  lcpMs: number;
  /** The largest contentful element: tag, class, picture URL or the start of its text. */
  lcpElement: string;
  /** Sum of the parts of long tasks beyond 50 ms, from first contentful paint until settled. */
  tbtMs: number;
  jsFiles: number;
  /** Compressed bytes on the wire (the server sends the prebuilt `.br` files to Chromium). */
  jsWireKb: number;
  /** The same scripts compressed with gzip -9: the unit of the 250 KB budget. */
  jsGzipKb: number;
}

/** Fresh, uncached browser context with the viewport and locale of the browser journeys. */
export async function openPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  return { context, page, cdp };
}

/** Collects the size on the wire and the gzip size of every script the page loads. */
function watchScripts(cdp: CDPSession) {
  const requests = new Set<string>();
  const sizes: Promise<{ wire: number; gzip: number }>[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') requests.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!requests.has(event.requestId)) return;
    const wire = event.encodedDataLength;
    sizes.push(
      cdp.send('Network.getResponseBody', { requestId: event.requestId }).then((body) => {
        const bytes = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
        return { wire, gzip: gzipSync(bytes, { level: 9 }).length };
      }),
    );
  });
  return async () => {
    const all = await Promise.all(sizes);
    const kb = (n: number) => Number((n / 1024).toFixed(1));
    return {
      jsFiles: all.length,
      jsWireKb: kb(all.reduce((sum, s) => sum + s.wire, 0)),
      jsGzipKb: kb(all.reduce((sum, s) => sum + s.gzip, 0)),
    };
  };
}

/** Records LCP (with its element) and long tasks; plain browser script (no DOM library here). */
export const OBSERVERS = `
  window.__perf = { lcp: 0, lcpElement: '', longTasks: [] };
  const describe = (entry) => {
    const el = entry.element;
    if (!el) return entry.url || '(removed)';
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    const what = entry.url ? ' ' + entry.url.replace(location.origin, '') : ' "' + (el.textContent || '').trim().slice(0, 24) + '"';
    return el.tagName.toLowerCase() + cls + what;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__perf.lcp = entry.startTime;
      window.__perf.lcpElement = describe(entry);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Quiet time after which a page counts as settled: no request, long task or new LCP. */
const SETTLED_QUIET_MS = 1500;

/**
 * Waits until the page has settled. Network idle alone is not enough with a slowed CPU: the
 * page can compute for more than 500 ms between its requests.
 */
export async function waitUntilSettled(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  // Polled from here: the site's CSP forbids the string evaluation of page.waitForFunction.
  while (Date.now() < deadline) {
    const quietMs = (await page.evaluate(`(() => performance.now() - Math.max(
      window.__perf.lcp,
      ...window.__perf.longTasks.map(([start, duration]) => start + duration),
      ...performance.getEntriesByType('resource').map((r) => r.responseEnd),
    ))()`)) as number;
    if (quietMs > SETTLED_QUIET_MS) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`page not settled after ${timeoutMs / 1000} s`);
}

/** Loads `url` once in a fresh context and measures it. */
export async function measurePage(browser: Browser, url: string): Promise<PageMeasurement> {
  const { context, page, cdp } = await openPage(browser);
  try {
    const scripts = watchScripts(cdp);
    await page.addInitScript({ content: OBSERVERS });
    await page.goto(url, { waitUntil: 'load' });
    await waitUntilSettled(page);
    const seen = (await page.evaluate(`(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { ...window.__perf, fcp: paint ? paint.startTime : 0 };
    })()`)) as { lcp: number; lcpElement: string; longTasks: number[][]; fcp: number };
    // A task that straddles the first paint counts from the paint on (as Lighthouse does).
    const tbt = seen.longTasks.reduce((sum, [start = 0, duration = 0]) => {
      const counted = start + duration - Math.max(start, seen.fcp);
      return sum + Math.max(0, counted - 50);
    }, 0);
    return {
      fcpMs: Math.round(seen.fcp),
      lcpMs: Math.round(seen.lcp),
      lcpElement: seen.lcpElement,
      tbtMs: Math.round(tbt),
      ...(await scripts()),
    };
  } finally {
    await context.close();
  }
}
