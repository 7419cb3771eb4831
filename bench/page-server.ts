// The production server the page benchmark measures: the web app built into a folder of its own
// and `scripts/start.mjs` (what `npm start` runs) with NODE_ENV=production on a PGlite data
// folder of its own, seeded with the demo city beforehand, on a free port.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The identity key of the benchmark's data folders: the seed encrypts with it and the production
 * server, which refuses the public development key, decrypts with it. Fixed, so a kept data
 * folder (--data-dir) opens again; it protects only generated demo identities.
 */
const BENCH_IDENTITY_KEY = createHash('sha256').update('portal bench identities').digest('base64');

/** Builds the web app into `outDir` (production build with its `.br`/`.gz` files). */
export function buildWeb(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(REPO_ROOT, 'apps', 'web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server at ${origin} not healthy after ${timeoutMs / 1000} s`);
}

export interface PageServerOptions {
  webDist: string;
  /** PGlite data folder; seeded at `scale` when empty, reused as it is afterwards. */
  dataDir: string;
  scale: number;
  /** Port to listen on; a free one when unset. */
  port?: number;
}

/**
 * Seeds the demo city into an empty data folder (`npm run seed`, which a production start no
 * longer does); a folder already seeded is left as it is.
 */
function seedDataDir(options: PageServerOptions): void {
  const result = spawnSync(
    'npm',
    ['run', 'seed', '-w', '@portal/server', '--', '--scale', String(options.scale)],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: options.dataDir,
        DATABASE_URL: '',
        IDENTITY_ENCRYPTION_KEY: BENCH_IDENTITY_KEY,
      },
    },
  );
  if (result.status !== 0) throw new Error(`seeding failed (exit ${result.status})`);
}

/** Seeds the data folder when empty, starts the server and resolves once /api/health answers. */
export async function startPageServer(options: PageServerOptions) {
  seedDataDir(options);
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.mjs')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production needs its origin named; http only because origin and listen address are
      // both this machine's.
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      WEB_DIST: options.webDist,
      SEED_SCALE: String(options.scale),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Production refuses to start without its outside services named: the pages measured are
      // public and signed out, so they are switched off.
      SMS_PROVIDER: 'off',
      WECHAT_PROVIDER: 'off',
      REALNAME_PROVIDER: 'off',
      PAYMENT_PROVIDER: 'off',
      IDENTITY_ENCRYPTION_KEY: BENCH_IDENTITY_KEY,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(origin, child, 10 * 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { origin, stop };
}
