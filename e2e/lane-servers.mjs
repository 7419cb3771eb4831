// Starts the journeys' lane servers all at once (Playwright starts the servers of its `webServer`
// list one after another, and each spends most of its start-up migrating and seeding a fresh
// database). Builds are brought up to date once first, so the servers never build side by side.
// Prints LANES_READY on stdout when every lane answers /api/health; stops the servers when it is
// stopped. Run by e2e/playwright.config.ts with the lanes in E2E_LANE_SERVERS (JSON: port and data
// folder of each lane).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareBuilds } from '../scripts/start.mjs';

const READY_LINE = 'LANES_READY';

const here = path.dirname(fileURLToPath(import.meta.url));
const startScript = path.join(here, '..', 'scripts', 'start.mjs');
/** @type {{ port: number; dataDir: string }[]} */
const lanes = JSON.parse(process.env.E2E_LANE_SERVERS ?? '[]');
const reuseRunning = !process.env.CI;
const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT ?? 240_000);

async function healthy(port) {
  try {
    const response = await fetch(`http://localhost:${port}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/** Copies a server's error output to this process's stderr, each line marked with its lane. */
function relay(stream, lane) {
  let pending = '';
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) process.stderr.write(`[lane ${lane}] ${line}\n`);
  });
}

const children = [];
let stopping = false;

function stopAll(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(
    () => process.exit(code),
  );
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

await prepareBuilds();

for (const [index, lane] of lanes.entries()) {
  if (reuseRunning && (await healthy(lane.port))) {
    process.stderr.write(`[lane ${index + 1}] reusing the server already on port ${lane.port}\n`);
    continue;
  }
  const child = spawn(process.execPath, [startScript], {
    env: { ...process.env, PORT: String(lane.port), DATA_DIR: lane.dataDir },
    // Request logs (stdout) are left out, as Playwright leaves out a web server's stdout.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  relay(child.stderr, index + 1);
  child.once('exit', (code) => {
    if (stopping) return;
    process.stderr.write(`[lane ${index + 1}] server exited (${code}) before the journeys ended\n`);
    stopAll(1);
  });
  children.push(child);
}

const waiting = new Set(lanes.map((lane) => lane.port));
while (waiting.size > 0) {
  if (Date.now() > deadline) {
    process.stderr.write(`lanes not ready in time: ports ${[...waiting].join(', ')}\n`);
    stopAll(1);
    break;
  }
  for (const port of [...waiting]) {
    if (await healthy(port)) waiting.delete(port);
  }
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
if (!stopping) console.log(READY_LINE);
// Stays until Playwright stops it, also when every lane was a server already running.
setInterval(() => undefined, 60_000);
