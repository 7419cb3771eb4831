// Server rendering under a flood of unique query strings: the production server as `npm start`
// ships it (scripts/start.mjs, NODE_ENV=production, request logging at info to a file) on a
// PGlite demo city of its own, 20 connections asking rendered pages with a query string never
// seen before, and beside them one connection each on /api/health, one API read and a bare
// Fastify route (the same shipped logger, in this process): their p99 tells whether the flood
// starves the server. `--repo DIR` measures another checkout (a worktree of main for "before").
//
//   npx tsx render-flood.ts [--repo DIR] [--web-dist DIR] [--seconds 20] [--port 3400]
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { shippedLogger } from '../apps/server/src/app';

const HERE = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

interface Job {
  urls: string[];
  connections: number;
  seconds: number;
}

interface Outcome {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  /** Answers carrying a server-rendered page (the rest of the 200s are the plain shell). */
  rendered: number;
}

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

function get(agent: Agent, url: string): Promise<{ status: number; rendered: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'user-agent': DESKTOP } }, (res) => {
      let tail = '';
      let rendered = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!rendered && (tail + chunk).includes('name="portal-rendered"')) rendered = true;
        tail = chunk.slice(-40);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rendered }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The forked load client: runs the job sent by the parent, sends back the outcome. */
async function runClient(): Promise<void> {
  const job = await new Promise<Job>((resolve) =>
    process.once('message', (m) => resolve(m as Job)),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const times: number[] = [];
  let errors = 0;
  let rendered = 0;
  let next = 0;
  const started = performance.now();
  const endAt = started + job.seconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const url = job.urls[next % job.urls.length] ?? '';
      next += 1;
      const sent = performance.now();
      const answer = await get(agent, url).catch(() => ({ status: 0, rendered: false }));
      times.push(performance.now() - sent);
      if (answer.status !== 200) errors += 1;
      if (answer.rendered) rendered += 1;
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(1));
  const outcome: Outcome = {
    requests: times.length,
    errors,
    requestsPerSecond: Number((times.length / elapsed).toFixed(1)),
    medianMs: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    rendered,
  };
  process.send?.(outcome, () => process.exit(0));
}

function drive(job: Job): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--client'], { execArgv: process.execArgv });
    child.on('message', (message) => resolve(message as Outcome));
    child.on('error', reject);
    child.send(job);
  });
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** Identity key of the bench's data folder (the production server refuses the development one). */
const BENCH_IDENTITY_KEY = createHash('sha256').update('portal bench identities').digest('base64');

function seed(repo: string, dataDir: string): void {
  if (existsSync(path.join(dataDir, 'db'))) return;
  const result = spawnSync('npm', ['run', 'seed', '-w', '@portal/server', '--', '--scale', '1'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      IDENTITY_ENCRYPTION_KEY: BENCH_IDENTITY_KEY,
    },
  });
  if (result.status !== 0) throw new Error(`seeding failed (exit ${result.status})`);
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server not healthy after 10 minutes');
}

function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  const repo = path.resolve(option('repo', HERE));
  const webDist = path.resolve(option('web-dist', path.join(HERE, 'apps', 'web', 'dist')));
  const seconds = Number(option('seconds', '20'));
  const port = Number(option('port', '3400'));
  const dataDir = path.resolve(option('data-dir', path.join(tmpdir(), 'portal-render-flood')));
  mkdirSync(dataDir, { recursive: true });
  seed(repo, dataDir);

  const logFile = path.join(dataDir, `server-${port}.log`);
  const server = spawn(process.execPath, [path.join(repo, 'scripts', 'start.mjs')], {
    cwd: repo,
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: 'https://portal.bench.test',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMS_PROVIDER: 'off',
      WECHAT_PROVIDER: 'off',
      REALNAME_PROVIDER: 'off',
      PAYMENT_PROVIDER: 'off',
      IDENTITY_ENCRYPTION_KEY: BENCH_IDENTITY_KEY,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const bare = Fastify({
    logger: { ...shippedLogger('info'), file: path.join(dataDir, 'bare.log') },
  });
  bare.get('/bare', async () => ({ code: '000000', message: 'ok', data: null }));
  try {
    await waitForHealth(origin, server);
    const bareOrigin = await bare.listen({ port: port + 1, host: '127.0.0.1' });
    // Let the start-up warm-up of the renderer finish, then load it for this bench's agent.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await fetch(`${origin}/home`, { headers: { 'user-agent': DESKTOP } });
    const projects = (await (
      await fetch(`${origin}/api/projects?pageNum=1&pageSize=20`)
    ).json()) as {
      data: { list: { id: number }[] };
    };
    const ids = projects.data.list.map((p) => p.id);
    const run = `${Date.now().toString(36)}`;
    // Every address unique: project pages with a parameter they do not read, and searches
    // whose parameters they do read (a keyword never searched before).
    const flood = Array.from({ length: 60_000 }, (_, n) =>
      n % 2 === 0
        ? `${origin}/houseHome?id=${ids[n % ids.length]}&nocache=${run}-${n}`
        : `${origin}/newHouse?keyword=${run}${n}`,
    );
    const apiRead = `${origin}/api/projects?pageNum=1&pageSize=20`;

    // The quiet reference first: the same probes with no flood.
    const quiet = await Promise.all([
      drive({ urls: [`${origin}/api/health`], connections: 1, seconds: 5 }),
      drive({ urls: [apiRead], connections: 1, seconds: 5 }),
      drive({ urls: [`${bareOrigin}/bare`], connections: 1, seconds: 5 }),
    ]);
    const rssBefore = rssMb(server.pid);
    const [floodOutcome, health, api, bareOutcome] = await Promise.all([
      drive({ urls: flood, connections: 20, seconds }),
      drive({ urls: [`${origin}/api/health`], connections: 1, seconds }),
      drive({ urls: [apiRead], connections: 1, seconds }),
      drive({ urls: [`${bareOrigin}/bare`], connections: 1, seconds }),
    ]);
    const rssAfter = rssMb(server.pid);
    console.log(
      JSON.stringify({
        repo,
        seconds,
        quiet: { health: quiet[0], api: quiet[1], bare: quiet[2] },
        flood: floodOutcome,
        health,
        api,
        bare: bareOutcome,
        healthP99ToBare: Number((health.p99Ms / Math.max(bareOutcome.p99Ms, 0.1)).toFixed(1)),
        apiP99ToBare: Number((api.p99Ms / Math.max(bareOutcome.p99Ms, 0.1)).toFixed(1)),
        serverRssMb: { before: rssBefore, after: rssAfter },
        machine: {
          date: new Date().toISOString(),
          node: process.version,
          cpus: cpus().length,
          loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
        },
      }),
    );
  } finally {
    await bare.close();
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }
}

if (process.argv.includes('--client')) await runClient();
else await main();
