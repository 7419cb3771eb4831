// Page performance in headless Chromium (docs: bench/README.md, results: bench/RESULTS.md).
// Run: npm run page-performance -w @portal/bench -- [--runs 5] [--scale 1] [--trace]
//      [--web-dist DIR] [--data-dir DIR] [--origin URL]
// Builds the web app into a folder of its own, starts the production server on it (what
// `npm start` runs, NODE_ENV=production) with a PGlite data folder of its own seeded at the given
// scale, and loads /home, /newHouse, /houseHome and /houses cold with the CPU slowed 4×: median
// FCP, LCP (and its element), total blocking time, and the JavaScript loaded until the page
// settled, on the wire and as gzip. `--origin` measures a server that is already running;
// `--trace` adds one traced load per page showing where the main thread's time went until LCP.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './chromium';
import { CPU_THROTTLING, measurePage, type PageMeasurement } from './page-metrics';
import { buildWeb, startPageServer } from './page-server';
import { tracePage } from './page-trace';

/** The page budget: /home initial JavaScript (gzip) and LCP of every page at 4× CPU. */
const TARGET = { homeJsGzipKb: 250, lcpMs: 1500 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    scale: { type: 'string', default: '1' },
    trace: { type: 'boolean', default: false },
    'web-dist': { type: 'string' },
    'data-dir': { type: 'string' },
    origin: { type: 'string' },
  },
});
const runs = Number(args.runs);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** Median of each figure; the LCP element is the one of the median-LCP run. */
function summarise(samples: PageMeasurement[]) {
  const lcpMs = median(samples.map((s) => s.lcpMs));
  return {
    fcpMs: median(samples.map((s) => s.fcpMs)),
    lcpMs,
    lcpElement: samples.find((s) => s.lcpMs === lcpMs)?.lcpElement ?? '',
    tbtMs: median(samples.map((s) => s.tbtMs)),
    jsFiles: median(samples.map((s) => s.jsFiles)),
    jsWireKb: median(samples.map((s) => s.jsWireKb)),
    jsGzipKb: median(samples.map((s) => s.jsGzipKb)),
    lcpRangeMs: [
      Math.min(...samples.map((s) => s.lcpMs)),
      Math.max(...samples.map((s) => s.lcpMs)),
    ],
  };
}

async function firstProjectId(origin: string): Promise<number> {
  const res = await fetch(`${origin}/api/projects?pageNum=1&pageSize=1`);
  const body = (await res.json()) as { data: { list: { id: number }[] } };
  const id = body.data.list[0]?.id;
  if (!id) throw new Error('no project to measure');
  return id;
}

async function measureAll(origin: string) {
  const projectId = await firstProjectId(origin);
  const pages: Record<string, string> = {
    '/home': '/home',
    '/newHouse': '/newHouse',
    '/houseHome': `/houseHome?id=${projectId}`,
    '/houses': `/houses?id=${projectId}`,
  };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const results: Record<string, ReturnType<typeof summarise>> = {};
  const traces: Record<string, Awaited<ReturnType<typeof tracePage>>> = {};
  try {
    for (const [name, url] of Object.entries(pages)) {
      await measurePage(browser, `${origin}${url}`); // warms the server's caches, not counted
      const samples: PageMeasurement[] = [];
      for (let i = 0; i < runs; i += 1) samples.push(await measurePage(browser, `${origin}${url}`));
      results[name] = summarise(samples);
      if (args.trace) traces[name] = await tracePage(browser, `${origin}${url}`);
    }
  } finally {
    await browser.close();
  }
  return { results, traces };
}

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-page-bench-'));
  let server: Awaited<ReturnType<typeof startPageServer>> | null = null;
  try {
    let origin = args.origin;
    if (!origin) {
      const webDist = args['web-dist'] ?? path.join(scratch, 'web');
      if (!args['web-dist']) buildWeb(webDist);
      const dataDir = args['data-dir'] ?? path.join(scratch, 'data');
      server = await startPageServer({ webDist, dataDir, scale: Number(args.scale) });
      origin = server.origin;
    }
    const { results, traces } = await measureAll(origin);
    const table = Object.entries(results).map(
      ([name, r]) =>
        `| ${name} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.jsFiles} | ${r.jsWireKb} | ${r.jsGzipKb} |`,
    );
    console.error(
      ['| page | FCP ms | LCP ms | TBT ms | JS files | JS wire KB | JS gzip KB |', ...table].join(
        '\n',
      ),
    );
    console.log(
      JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        node: process.version,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? '',
        loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(1)),
        cpuThrottling: CPU_THROTTLING,
        runs,
        targets: TARGET,
        pages: results,
        homeJsWithinTarget: (results['/home']?.jsGzipKb ?? Infinity) < TARGET.homeJsGzipKb,
        lcpWithinTarget: Object.values(results).every((r) => r.lcpMs < TARGET.lcpMs),
        ...(args.trace ? { traces } : {}),
      }),
    );
  } finally {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
