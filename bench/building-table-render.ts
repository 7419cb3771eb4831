// Building-table render benchmark (results: bench/results/building-table-render.md).
// Run: npx tsx building-table-render.ts [webDist=apps/web/dist] [runs=3]
// Serves the built web app from the real server (production settings, a small seeded PGlite city)
// and opens /houses in headless Chromium with the building-table API answered by a synthetic
// building of 33 floors × 12 rooms per unit in all four colours. Measures, at 1× and 4× CPU, the
// time to the first complete grid, to each 面积 band and to a unit switch (from the click to the
// next frame, and from the rooms response to the next frame), and the long tasks on the way.
// Target ("no visible lag"): at 1× CPU every re-filter paints within 100 ms of its click and
// blocks no task longer than 50 ms; the 4× figures show the margin on a slow device.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/index';
import {
  buildingsAnswer,
  expectedGrid,
  FLOORS,
  probeScript,
  roomsAnswer,
  ROOMS_PER_FLOOR,
  UNITS,
} from './building-table-fixture';
import { CHROMIUM } from './chromium';
import { machine, withBenchCity } from './harness';

const TARGET = { clickToFrameMs: 100, longestTaskMs: 50 };
const webDist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const runs = Number(process.argv[3] ?? '3');

interface Step {
  name: string;
  /** Radio group and option label to click ('' for the first load). */
  group: '面积' | '单元' | '';
  label: string;
  unit: string;
  band: string;
}

const STEPS: Step[] = [
  { name: 'first render', group: '', label: '', unit: UNITS[0], band: '' },
  ...PROJECT_AREA_BANDS.map((b): Step => ({
    name: `band ${b.label}`,
    group: '面积',
    label: b.label,
    unit: UNITS[0],
    band: b.code,
  })),
  { name: 'band 全部 (cached)', group: '面积', label: '全部', unit: UNITS[0], band: '' },
  { name: `unit ${UNITS[1]}`, group: '单元', label: UNITS[1], unit: UNITS[1], band: '' },
  { name: `unit ${UNITS[0]} (cached)`, group: '单元', label: UNITS[0], unit: UNITS[0], band: '' },
];

interface Sample {
  clickToFrameMs: number;
  afterResponseMs: number;
  longTasks: number;
  longestTaskMs: number;
}

async function measureRun(page: Page, origin: string, projectId: number): Promise<Sample[]> {
  await page.route('**/api/building-table/**', async (route) => {
    const url = new URL(route.request().url());
    const envelope = (data: unknown) =>
      route.fulfill({ json: { code: '000000', message: '操作成功', data } });
    if (/\/projects\/\d+\/buildings$/.test(url.pathname)) return envelope(buildingsAnswer());
    if (/\/buildings\/\d+\/rooms$/.test(url.pathname)) {
      const unit = url.searchParams.get('unit') ?? UNITS[0];
      return envelope(roomsAnswer(unit, url.searchParams.get('buildAreaScope') ?? ''));
    }
    return route.continue();
  });
  await page.addInitScript({ content: probeScript(expectedGrid(UNITS[0], '')) });
  const samples: Sample[] = [];
  for (const step of STEPS) {
    let clickAt = 0;
    if (step.group) {
      clickAt = (await page.evaluate(`(() => {
        window.__btPending = window.__btWatch(${JSON.stringify(expectedGrid(step.unit, step.band))});
        const group = document.querySelector('[role="radiogroup"][aria-label="${step.group}"]');
        const label = [...group.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(step.label)});
        const at = performance.now();
        label.click();
        return at;
      })()`)) as number;
    } else {
      await page.goto(`${origin}/houses?id=${projectId}`, { waitUntil: 'commit' });
      await page.evaluate('window.__btPending = window.__btFirst');
    }
    const { frameAt } = (await page.evaluate('window.__btPending')) as { frameAt: number };
    const { roomsAt, longTasks } = (await page.evaluate('window.__bt')) as {
      roomsAt: number[];
      longTasks: [number, number][];
    };
    const response = roomsAt.filter((at) => at >= clickAt && at <= frameAt).at(0);
    const during = longTasks.filter(([start, d]) => start + d >= clickAt && start <= frameAt);
    samples.push({
      clickToFrameMs: frameAt - clickAt,
      afterResponseMs: frameAt - (response ?? clickAt),
      longTasks: during.length,
      longestTaskMs: Math.max(0, ...during.map(([, d]) => d)),
    });
    await page.waitForTimeout(300);
  }
  return samples;
}

const median = (values: number[]) =>
  Math.round([...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0);

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No built web app in ${webDist}: cd apps/web && npx vite build --outDir <dir>`);
  process.exit(1);
}

await withBenchCity('building-table-render', 'pglite', 0.02, async (city) => {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    DATA_DIR: city.dir,
    LOG_LEVEL: 'silent',
    SIMULATORS: 'false',
    WEB_DIST: webDist,
  });
  const app = await buildApp({ config, database: city.database, logger: false });
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(
    'localhost',
    '127.0.0.1',
  );
  const projects = (await (await fetch(`${origin}/api/projects?pageSize=1`)).json()) as {
    data: { list: { id: number }[] };
  };
  const projectId = projects.data.list[0]?.id ?? 0;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const results: Record<string, Record<string, Sample>> = {};
  try {
    for (const rate of [1, 4]) {
      const all: Sample[][] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 1366, height: 900 },
          locale: 'zh-CN',
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        all.push(await measureRun(page, origin, projectId));
        await context.close();
      }
      results[`cpu${rate}x`] = Object.fromEntries(
        STEPS.map((step, i) => {
          const of = (key: keyof Sample) => median(all.map((samples) => samples[i]?.[key] ?? 0));
          return [
            step.name,
            {
              clickToFrameMs: of('clickToFrameMs'),
              afterResponseMs: of('afterResponseMs'),
              longTasks: of('longTasks'),
              longestTaskMs: of('longestTaskMs'),
            },
          ];
        }),
      );
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const refilters = Object.entries(results['cpu1x'] ?? {}).filter(
    ([name]) => name !== 'first render',
  );
  console.log(
    JSON.stringify({
      ...machine(),
      rooms: `${FLOORS} floors × ${ROOMS_PER_FLOOR} rooms × ${UNITS.length} units`,
      runs,
      targets: TARGET,
      results,
      withinTarget: refilters.every(
        ([, s]) =>
          s.clickToFrameMs < TARGET.clickToFrameMs && s.longestTaskMs < TARGET.longestTaskMs,
      ),
    }),
  );
});
