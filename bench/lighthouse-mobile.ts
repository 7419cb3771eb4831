// Lighthouse's mobile preset on the production build (docs: bench/README.md, results: bench/RESULTS.md).
// Run: npm run lighthouse-mobile -w @portal/bench -- [--runs 3] [--scale 1] [--data-dir DIR]
//        [--origin URL] [--port N] [--web-dist DIR] [--pages /home,/tool]
// Starts the production server as `npm start` does (NODE_ENV=production, the web app as
// `npm run build` builds it, with the server-rendered pages where the build has them) on a PGlite data folder of its own,
// then runs Lighthouse 12.2.3 (`npx lighthouse@12.2.3`, mobile preset: simulated slow 4G and 4×
// CPU) on /home, /newHouse, a project page, its building table, a listing detail,
// /secondhandhouse and /tool, signed out as a visitor from a search engine or a shared link
// arrives. Reports the median performance score, LCP, CLS, total blocking time and script
// bytes, the host's benchmark index (Lighthouse's measure of its CPU) and the machine's load average
// before and after each page (the times depend on both).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { REPO_ROOT, startPageServer } from './page-server';

const LIGHTHOUSE = 'lighthouse@12.2.3';
/** The targets on every measured page: score ≥ 90, TBT ≤ 200 ms, LCP ≤ 2.5 s, CLS ≤ 0.05. */
const TARGET = { score: 90, tbtMs: 200, lcpMs: 2500, cls: 0.05 };
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    scale: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    origin: { type: 'string' },
    port: { type: 'string' },
    'web-dist': { type: 'string' },
    pages: { type: 'string' },
  },
});
const runs = Number(args.runs);

interface Run {
  score: number;
  scriptKb: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`): its 4× slowdown turns
   * a host of 1,500–2,000 into a mid-tier phone, so the same page's blocking time is larger on a
   * weaker host (Lighthouse's docs, "CPU Throttling").
   */
  benchmarkIndex: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** Lighthouse ran but could not record the page load (its `runtimeError`). */
class RecordingError extends Error {}

/**
 * Lighthouse's own trace recording now and then fails (NO_NAVSTART, NO_FCP with a blank first
 * frame of the headless browser): such a run is made again, at most this many times in all.
 */
const ATTEMPTS = 3;

/** One Lighthouse run of one address, made again when Lighthouse's recording failed. */
function lighthouse(url: string): Run {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return lighthouseOnce(url);
    } catch (error) {
      if (!(error instanceof RecordingError) || attempt >= ATTEMPTS) throw error;
      console.error(`${url}: ${error.message}; running again`);
    }
  }
}

/** One Lighthouse run of one address; the audits' numeric values. */
function lighthouseOnce(url: string): Run {
  const result = spawnSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
    },
  );
  if (result.status !== 0) {
    const message = `lighthouse failed on ${url}: ${result.stderr}`;
    throw /Runtime error encountered/.test(result.stderr)
      ? new RecordingError(message)
      : new Error(message);
  }
  const report = JSON.parse(result.stdout) as {
    audits: Record<
      string,
      {
        numericValue?: number;
        details?: { items?: { resourceType?: string; transferSize?: number }[] };
      }
    >;
    categories: { performance?: { score?: number | null } };
    environment?: { benchmarkIndex?: number };
    runtimeError?: { message: string };
  };
  if (report.runtimeError) throw new RecordingError(`${url}: ${report.runtimeError.message}`);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = report.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  return {
    score: Math.round((report.categories.performance?.score ?? Number.NaN) * 100),
    scriptKb: (scripts?.transferSize ?? Number.NaN) / 1024,
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    fcpMs: value('first-contentful-paint'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * A project page, its building table and a listing detail: the first project and sale listing
 * the sitemap lists.
 */
async function recordPages(origin: string): Promise<string[]> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&'),
  );
  const first = (page: string) => {
    const found = locations.find((loc) => new URL(loc).pathname === page);
    if (!found) throw new Error(`the sitemap lists no ${page}`);
    const url = new URL(found);
    return `${url.pathname}${url.search}`;
  };
  const project = first('/houseHome');
  const projectId = new URL(project, origin).searchParams.get('id');
  return [project, `/houses?id=${projectId}`, first('/detailscs')];
}

async function main() {
  let origin = args.origin;
  let stop = async () => {};
  const dataDir = args['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  if (!origin) {
    const server = await startPageServer({
      webDist: path.resolve(args['web-dist'] ?? path.join(REPO_ROOT, 'apps', 'web', 'dist')),
      dataDir,
      scale: Number(args.scale),
      port: args.port ? Number(args.port) : undefined,
    });
    origin = server.origin;
    stop = server.stop;
  }
  try {
    const [project, buildingTable, listing] = await recordPages(origin);
    const allPages = [
      '/home',
      '/newHouse',
      project,
      buildingTable,
      listing,
      '/secondhandhouse',
      '/tool',
    ] as string[];
    const chosen = args.pages?.split(',');
    const pages = chosen
      ? allPages.filter((page) => chosen.includes(new URL(page, origin).pathname))
      : allPages;
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(
      `Lighthouse 12.2.3 mobile preset, ${runs} runs a page (medians), ${cpus().length} cores ` +
        `(${cpus()[0]?.model ?? 'unknown'})`,
    );
    console.log(
      '| page | score | TBT (ms) | LCP (ms) | CLS | FCP (ms) | script KB | host index | load before → after | target |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    let allMet = true;
    for (const page of pages) {
      const loadBefore = load();
      const results = Array.from({ length: runs }, () => lighthouse(`${origin}${page}`));
      const m = (pick: (run: Run) => number) => median(results.map(pick));
      const score = m((r) => r.score);
      const tbt = m((r) => r.tbtMs);
      const lcp = m((r) => r.lcpMs);
      const cls = m((r) => r.cls);
      const met =
        score >= TARGET.score && tbt <= TARGET.tbtMs && lcp <= TARGET.lcpMs && cls <= TARGET.cls;
      allMet &&= met;
      console.log(
        `| ${page} | ${score} | ${tbt.toFixed(0)} | ${lcp.toFixed(0)} | ${cls.toFixed(3)} | ` +
          `${m((r) => r.fcpMs).toFixed(0)} | ${m((r) => r.scriptKb).toFixed(1)} | ` +
          `${m((r) => r.benchmarkIndex).toFixed(0)} | ` +
          `${loadBefore} → ${load()} | ${met ? 'met' : 'missed'} |`,
      );
    }
    console.log(
      `score ≥ ${TARGET.score}, TBT ≤ ${TARGET.tbtMs} ms, LCP ≤ ${TARGET.lcpMs} ms and ` +
        `CLS ≤ ${TARGET.cls} on every page: ${allMet}`,
    );
  } finally {
    await stop();
    if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
