// Where a page's time goes until its largest contentful paint: one traced load (not counted in
// the medians, tracing slows it a little) summarised as main-thread time per kind of work and
// the request waterfall (document → scripts → API → pictures).
import type { Browser } from 'playwright-core';
import { OBSERVERS, openPage, waitUntilSettled } from './page-metrics';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } };
}

const KINDS: [kind: string, names: string[]][] = [
  ['scriptCompile', ['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.produceCache']],
  ['gc', ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase']],
  [
    'scriptRun',
    ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'EventDispatch'],
  ],
  ['style', ['UpdateLayoutTree', 'ParseAuthorStyleSheet', 'RecalculateStyles']],
  ['layout', ['Layout']],
  ['paint', ['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer']],
  ['html', ['ParseHTML']],
];
const KIND_OF = new Map(KINDS.flatMap(([kind, names]) => names.map((n) => [n, kind] as const)));

/** Self time (ms) of the main thread's complete events before `endTs`, by kind of work. */
function mainThreadBreakdown(events: TraceEvent[], pid: number, tid: number, endTs: number) {
  const own = events
    .filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.ts < endTs)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals: Record<string, number> = { other: 0 };
  const stack: { end: number; kind: string; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (done) totals[done.kind] = (totals[done.kind] ?? 0) + done.self;
    }
  };
  for (const event of own) {
    close(event.ts);
    const end = Math.min(event.ts + (event.dur ?? 0), endTs);
    const parent = stack.at(-1);
    if (parent) parent.self -= end - event.ts;
    // Work inside a script event counts as script unless it has a kind of its own.
    const kind =
      KIND_OF.get(event.name) ?? (parent?.kind.startsWith('script') ? parent.kind : 'other');
    stack.push({ end, kind, self: end - event.ts });
  }
  close(Number.POSITIVE_INFINITY);
  return Object.fromEntries(
    Object.entries(totals).map(([kind, us]) => [kind, Math.round(us / 1000)] as const),
  );
}

/** One traced cold load of `url`: main-thread work until LCP and the request waterfall. */
export async function tracePage(browser: Browser, url: string) {
  const { context, page } = await openPage(browser);
  try {
    await page.addInitScript({ content: OBSERVERS });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'loading',
        'blink.user_timing',
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    await waitUntilSettled(page);
    const { lcp, requests } = (await page.evaluate(`(() => ({
      lcp: window.__perf.lcp,
      requests: performance.getEntriesByType('resource').map((r) => [
        r.name.replace(location.origin, ''), Math.round(r.startTime), Math.round(r.responseEnd),
      ]),
    }))()`)) as { lcp: number; requests: [string, number, number][] };
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const start = trace.traceEvents.find(
      (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url,
    );
    const thread = trace.traceEvents.find(
      (e) => e.ph === 'M' && e.pid === start?.pid && e.args?.name === 'CrRendererMain',
    );
    if (!start || !thread) throw new Error(`no navigation of ${url} in the trace`);
    const lcpTs = start.ts + lcp * 1000;
    return {
      lcpMs: Math.round(lcp),
      mainThreadUntilLcpMs: mainThreadBreakdown(trace.traceEvents, start.pid, thread.tid, lcpTs),
      requests: requests.map(([name, from, to]) => `${from}–${to} ms ${name.slice(0, 90)}`),
    };
  } finally {
    await context.close();
  }
}
