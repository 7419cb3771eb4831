// Panning smoothness of /map with thousands of projects, in headless Chromium.
// Run: npm run map-panning -w @portal/bench -- [--projects 5000] [--rounds 3] [--web-dist DIR]
//      [--screenshot FILE]
// Builds the web app into a folder of its own (unless --web-dist names one), starts the
// production server on a small PGlite city of its own, and serves every /api/map/* call of the
// page from a generated city of `--projects` projects (intercepted in the browser, answered with
// the server's rules: district clusters, markers of the visible box capped at 1,500 by
// attention, list pages of 10). It then drags and zooms the map by script and records every
// animation frame and every long task (> 50 ms) of the main thread; `--screenshot` saves the
// zoom-12 view the script starts from.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { answerMapCall, generateCity } from './map-panning-city';
import { buildWeb, startPageServer } from './page-server';

const { values: args } = parseArgs({
  options: {
    projects: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '3' },
    'web-dist': { type: 'string' },
    screenshot: { type: 'string' },
  },
});

/** Frame and long-task recorder, installed before the page's own scripts (plain browser JS). */
const RECORDER = `
  window.__frames = []; window.__longTasks = []; window.__recording = false;
  let last = 0;
  const tick = (now) => {
    if (window.__recording && last) window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    if (!window.__recording) return;
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hand drag across the map: press, move at about 60 Hz for ~400 ms, release. */
async function drag(page: Page, from: [number, number], by: [number, number]) {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  const steps = 24;
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(from[0] + (by[0] * i) / steps, from[1] + (by[1] * i) / steps);
    await sleep(16);
  }
  await page.mouse.up();
  // moveend, the page's 200 ms wait, the (intercepted) request and the marker update.
  await sleep(700);
}

async function zoom(page: Page, direction: 'in' | 'out') {
  await page.getByRole('button', { name: direction === 'in' ? 'Zoom in' : 'Zoom out' }).click();
  await sleep(900);
}

/** One round: eight drags in a star, a wheel zoom in and out, out to the overview and back. */
async function round(page: Page, centre: [number, number]) {
  const moves: Array<[number, number]> = [
    [300, 0],
    [-300, 120],
    [0, -240],
    [-280, 0],
    [280, 200],
    [150, -300],
    [-150, 100],
    [0, 120],
  ];
  for (const by of moves) await drag(page, centre, by);
  await page.mouse.move(centre[0], centre[1]);
  await page.mouse.wheel(0, -240);
  await sleep(900);
  await page.mouse.wheel(0, 240);
  await sleep(900);
  await zoom(page, 'in');
  await zoom(page, 'out');
  await zoom(page, 'out');
  await zoom(page, 'in');
}

function summarise(frames: number[], longTasks: number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(1));
  return {
    frames: frames.length,
    frameMedianMs: at(0.5),
    frameP95Ms: at(0.95),
    frameMaxMs: Number((sorted.at(-1) ?? 0).toFixed(1)),
    framesOver50Ms: frames.filter((ms) => ms > 50).length,
    longTasks: longTasks.length,
    longTaskTotalMs: Math.round(longTasks.reduce((sum, ms) => sum + ms, 0)),
    longTaskMaxMs: Math.round(Math.max(0, ...longTasks)),
  };
}

async function measure(origin: string, projects: number, rounds: number) {
  const city = generateCity(projects);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const markersPerView: number[] = [];
    await page.route('**/api/map/**', async (route) => {
      const answer = answerMapCall(city, new URL(route.request().url()));
      if (answer.markers !== undefined) markersPerView.push(answer.markers);
      await route.fulfill({ json: { code: '000000', message: '成功', data: answer.data } });
    });
    await page.addInitScript({ content: RECORDER });
    await page.goto(`${origin}/map`, { waitUntil: 'load' });
    const clusters = page.locator('.leaflet-marker-icon[title$="个楼盘"]');
    await clusters.first().waitFor();
    await page.locator('.leaflet-marker-icon[title^="海港区 "]').click();
    await page.locator('[data-point-id]').first().waitFor();
    await sleep(1000);
    const box = await page.locator('.leaflet-container').boundingBox();
    const centre: [number, number] = box
      ? [box.x + box.width / 2, box.y + box.height / 2]
      : [900, 400];

    if (args.screenshot) await page.screenshot({ path: args.screenshot });
    await page.evaluate('window.__recording = true');
    for (let i = 0; i < rounds; i += 1) await round(page, centre);
    await page.evaluate('window.__recording = false');
    const { frames, longTasks } = (await page.evaluate(
      '({ frames: window.__frames, longTasks: window.__longTasks })',
    )) as { frames: number[]; longTasks: number[] };
    const shown = markersPerView.filter((n) => n > 0).sort((a, b) => a - b);
    return {
      ...summarise(frames, longTasks),
      viewportRequests: markersPerView.length,
      markersPerViewMedian: shown[Math.floor((shown.length - 1) / 2)] ?? 0,
      markersPerViewMax: shown.at(-1) ?? 0,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-map-panning-'));
  let server: Awaited<ReturnType<typeof startPageServer>> | null = null;
  try {
    const webDist = args['web-dist'] ?? path.join(scratch, 'web');
    if (!args['web-dist']) buildWeb(webDist);
    server = await startPageServer({ webDist, dataDir: path.join(scratch, 'data'), scale: 0.05 });
    const projects = Number(args.projects);
    const result = await measure(server.origin, projects, Number(args.rounds));
    console.log(
      JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        node: process.version,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? '',
        loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(1)),
        projects,
        ...result,
      }),
    );
  } finally {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
