import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 3100);
/**
 * The journeys run in this many lanes at once (E2E_LANES, default 2 for the machine's two
 * cores). Each lane is a project with its own server, its own freshly seeded data folder and one
 * worker, so a lane's journeys meet only each other's data, in file order, as with one server.
 */
const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 2));

// One fresh data folder per run, made by the runner process; workers inherit it through the
// environment. It is removed when the runner exits (after the servers stopped) unless
// E2E_KEEP_DATA is set.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  if (!process.env.E2E_KEEP_DATA) {
    process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
}
const dataRoot = process.env.E2E_DATA_DIR;

/**
 * Seconds each journey file took on this machine (relative weights are what count); the lanes are
 * balanced on them. A file not listed counts by its size, about one second per 200 bytes.
 */
const SECONDS: Record<string, number> = {
  'every-page-at-desktop-widths.spec.ts': 270,
  'every-page-at-phone-widths.spec.ts': 225,
  'operator-console.spec.ts': 136,
  'home-buying-calculators.spec.ts': 85,
  'chat-and-feedback.spec.ts': 83,
  'content-security-policy.spec.ts': 78,
  'browse-new-build-projects.spec.ts': 73,
  'phone-orders-listings-chat.spec.ts': 60,
  'deposit-order.spec.ts': 58,
  'lottery-console.spec.ts': 57,
  'lottery-choose-in-turn.spec.ts': 21,
  'second-hand-market.spec.ts': 53,
  'compare-and-history.spec.ts': 45,
  'read-news-and-find-homes.spec.ts': 44,
  'account-security.spec.ts': 42,
  'map-and-dashboard.spec.ts': 41,
  'site-shell.spec.ts': 40,
  'building-table.spec.ts': 38,
  'account-sign-in.spec.ts': 36,
  'hostile-input.spec.ts': 32,
  'phone-sign-in-and-find-a-flat.spec.ts': 27,
  'phone-photos-and-back.spec.ts': 25,
  'report-and-take-down-listing.spec.ts': 27,
  'query-public-registries.spec.ts': 27,
  'wechat-sign-in.spec.ts': 27,
  'wechat-in-wechat.spec.ts': 30,
  'scan-qr-codes.spec.ts': 18,
  'hostile-input-operator.spec.ts': 17,
  'buyer-filters.spec.ts': 33,
  'buyer-facts.spec.ts': 180,
  'share-tags.spec.ts': 10,
  'api-docs.spec.ts': 8,
};

const here = path.dirname(fileURLToPath(import.meta.url));
const specs = readdirSync(here).filter((file) => file.endsWith('.spec.ts'));
const cost = (file: string) => SECONDS[file] ?? statSync(path.join(here, file)).size / 200;
/** Longest first, each to the lane with the least so far. */
const laneFiles: string[][] = Array.from({ length: lanes }, () => []);
const laneSeconds: number[] = Array.from({ length: lanes }, () => 0);
for (const file of [...specs].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
  const lane = laneSeconds.indexOf(Math.min(...laneSeconds));
  laneFiles[lane]!.push(file);
  laneSeconds[lane]! += cost(file);
}
const baseURLOf = (lane: number) => `http://localhost:${firstPort + lane}`;

const browserUse: PlaywrightTestConfig['use'] = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1366, height: 900 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  workers: lanes,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // In CI traced only when retried: recording every journey and keeping none cost both lanes
    // CPU (docs/testing.md). A local run, which does not retry, keeps the failures' traces.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: laneFiles.map((files, lane) => ({
    name: lane === 0 ? 'chromium' : `chromium-${lane + 1}`,
    testMatch: files,
    workers: 1,
    use: { ...browserUse, baseURL: baseURLOf(lane) },
  })),
  // One launcher starts every lane's server at the same moment (Playwright would start the
  // entries of a list one after another) and says LANES_READY once all answer.
  webServer: {
    command: 'node lane-servers.mjs',
    wait: { stdout: /LANES_READY/ },
    timeout: 240_000,
    stderr: 'pipe' as const,
    env: {
      E2E_LANE_SERVERS: JSON.stringify(
        laneFiles.map((_, lane) => ({
          port: firstPort + lane,
          dataDir: path.join(dataRoot, `lane-${lane + 1}`),
        })),
      ),
      SEED_SCALE: '0.25',
      // Every journey's browser comes from this one address: the server-drawn pages' budget per
      // address (docs/operations.md) is sized for many citizens, not one reader.
      RENDER_PER_CLIENT: '100000',
      // Likewise the SMS codes one address may ask for in an hour (20 for citizens): the
      // journeys of a lane register and sign in well over twenty phones.
      SMS_CODES_PER_CLIENT: '100000',
      // The readers' zone, as deployments run (docs/operations.md): the browsers below are in
      // it too, so rendered pages are taken over rather than drawn afresh for another zone.
      TZ: 'Asia/Shanghai',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
