// Where the main thread's script time goes until React has taken a server-rendered page over, by
// package (react-dom, antd's style engine, the page's own code…): a CPU profile of a cold load
// on a phone (375 px, phone user agent, CPU slowed 4×), attributed to the module each function
// comes from. Results: bench/RESULTS.md ("Initial JavaScript and hydration").
// Run: npm run hydration-profile -w @portal/bench -- [--runs 3] [--port N] [--pages /home,/tool]
// Builds the web app without minifying (same modules and chunks, names and module markers kept,
// so every function can be traced to its package) into a folder of its own, starts the
// production server on it (bench/page-server.ts), profiles each page, stops.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { CPU_THROTTLING } from './page-metrics';
import { REPO_ROOT, startPageServer } from './page-server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string' },
    pages: { type: 'string' },
  },
});

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 13; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36';

/** The groups the report names; everything else under node_modules counts as its package. */
const GROUPS: [group: string, test: RegExp][] = [
  [
    'antd style engine (cssinjs, stylis, tokens)',
    /@ant-design\/(cssinjs|cssinjs-utils|fast-color|colors)|stylis|antd\/es\/(theme|style)|antd\/es\/[\w-]+\/style/,
  ],
  ['antd components', /antd\/es|@rc-component|@ant-design\/icons/],
  ['react-dom', /react-dom|scheduler/],
  ['react-router', /react-router/],
  ['react-query', /@tanstack/],
  ['react', /node_modules\/react\//],
  ['app code', /^src\//],
  ['shared package', /packages\/shared/],
];

/** Builds the web app unminified into `dir/dist` with the server renderer beside it. */
function buildUnminified(dir: string): string {
  const web = path.join(REPO_ROOT, 'apps', 'web');
  const out = path.join(dir, 'dist');
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--minify', 'false', '--outDir', out, '--emptyOutDir'],
    {
      cwd: web,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`);
  const ssr = spawnSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dir, 'dist-ssr')],
    {
      cwd: web,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (ssr.status !== 0) throw new Error(`server renderer build failed (exit ${ssr.status})`);
  return out;
}

/** For one built script: the module of each line (the bundler's `// path` markers). */
function moduleLines(file: string): (line: number) => string {
  const starts: [number, string][] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const marker = /^\/\/ ((?:\.\.\/)*(?:node_modules|packages|src)\/\S+)$/.exec(text);
      if (marker?.[1]) starts.push([index, marker[1].replace(/^(\.\.\/)+/, '')]);
    });
  return (line) => {
    let found = 'chunk glue';
    for (const [start, name] of starts) {
      if (start > line) break;
      found = name;
    }
    return found;
  };
}

function groupOf(module: string): string {
  for (const [group, test] of GROUPS) if (test.test(module)) return group;
  if (module.startsWith('node_modules/')) return module.split('/').slice(1, 2).join('/');
  return module;
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; lineNumber: number; functionName: string };
}

async function profile(origin: string, url: string, dist: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_AGENT,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}${url}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  const { profile: result } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await browser.close();

  const nodes = new Map(result.nodes.map((node) => [node.id, node]));
  const lookups = new Map<string, (line: number) => string>();
  const totals = new Map<string, number>();
  result.samples.forEach((id, index) => {
    const ms = (result.timeDeltas[index + 1] ?? 0) / 1000;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    let group: string;
    const pathname = frame.url ? new URL(frame.url, origin).pathname : '';
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) {
      let lookup = lookups.get(pathname);
      if (!lookup) {
        lookup = moduleLines(path.join(dist, pathname));
        lookups.set(pathname, lookup);
      }
      group = groupOf(lookup(frame.lineNumber));
    } else if (['(idle)', '(program)', '(garbage collector)'].includes(frame.functionName)) {
      group = frame.functionName;
    } else {
      group = frame.url ? 'other scripts' : '(native)';
    }
    totals.set(group, (totals.get(group) ?? 0) + ms);
  });
  return totals;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-hydration-'));
  const dataDir = path.join(dir, 'data');
  try {
    const dist = buildUnminified(dir);
    const server = await startPageServer({
      webDist: dist,
      dataDir,
      scale: 1,
      port: args.port ? Number(args.port) : undefined,
    });
    try {
      const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
      const first = (page: string) => {
        const loc = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
          .map((m) => new URL((m[1] ?? '').replaceAll('&amp;', '&')))
          .find((u) => u.pathname === page);
        if (!loc) throw new Error(`the sitemap lists no ${page}`);
        return `${loc.pathname}${loc.search}`;
      };
      const project = first('/houseHome');
      const all = [
        '/home',
        '/newHouse',
        project,
        `/houses?id=${new URL(project, server.origin).searchParams.get('id')}`,
        first('/detailscs'),
        '/secondhandhouse',
        '/tool',
      ];
      const chosen = args.pages?.split(',');
      const pages = chosen
        ? all.filter((p) => chosen.includes(new URL(p, server.origin).pathname))
        : all;
      console.log(
        `CPU profile until the page is taken over, phone, ${CPU_THROTTLING}× CPU, ` +
          `median of ${args.runs} runs, ${cpus().length} cores (${cpus()[0]?.model ?? ''})`,
      );
      for (const url of pages) {
        const before = loadavg()[0]!.toFixed(2);
        const runs: Map<string, number>[] = [];
        for (let run = 0; run < Number(args.runs); run += 1) {
          runs.push(await profile(server.origin, url, dist));
        }
        const groups = new Set(runs.flatMap((r) => [...r.keys()]));
        const median = (values: number[]) =>
          [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
        const rows = [...groups]
          .map((group) => [group, median(runs.map((r) => r.get(group) ?? 0))] as const)
          .filter(([group]) => group !== '(idle)')
          .sort((a, b) => b[1] - a[1]);
        const busy = rows.reduce((sum, [, ms]) => sum + ms, 0);
        console.log(
          `\n${url} (load ${before} → ${loadavg()[0]!.toFixed(2)}), busy ${busy.toFixed(0)} ms`,
        );
        for (const [group, ms] of rows.slice(0, 12)) {
          console.log(
            `  ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / busy).toFixed(0).padStart(3)} %  ${group}`,
          );
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
