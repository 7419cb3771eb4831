import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import pg from 'pg';
import { SERVER_ENTRY } from '../../../../scripts/build-server.mjs';
import { DEV_BANK_NOTIFY_SECRET } from '../../src/config/index';
import type { Db } from '../../src/db/client';
import { secondHandListings } from '../../src/db/schema/index';
import { notificationOf } from '../../src/integrations/bank/bank-notifier';
import type { SimTrade } from '../../src/integrations/bank/bank-simulator';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const START_SCRIPT = fileURLToPath(new URL('../../../../scripts/start.mjs', import.meta.url));

export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A free TCP port on this machine. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function adminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A throw-away PostgreSQL database shared by the instances of one test file. */
export interface SharedDatabase {
  url: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createSharedDatabase(): Promise<SharedDatabase> {
  const name = `portal_scale_${randomBytes(6).toString('hex')}`;
  await adminStatement(`CREATE DATABASE ${name}`);
  // Commits need not wait for the disk in a database dropped after the file (docs/testing.md).
  await adminStatement(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // `end()` resolves before its connections are closed; the forced drop below may still reach
  // one of them, which must not surface as an uncaught error.
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    query: async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      (await pool.query<T>(text, values)).rows,
    drop: async () => {
      await pool.end();
      await adminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One API instance: the real server entry point in its own process. */
export interface Instance {
  origin: string;
  output: () => string;
  /** SIGTERM and wait; removes the data folder unless the caller gave DATA_DIR. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash) and wait for the process to be gone. */
  kill(): Promise<void>;
}

/**
 * Starts the compiled server (built by the tests' global setup) in a process of its own; with
 * `through: 'npm-start'` the way `npm start` does, through scripts/start.mjs and its build step.
 */
export async function startInstance(
  env: Record<string, string>,
  options: { through?: 'compiled-entry' | 'npm-start'; nodeOptions?: string[] } = {},
): Promise<Instance> {
  const port = await freePort();
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-instance-'));
  let output = '';
  const entry =
    options.through === 'npm-start' ? [START_SCRIPT] : ['--enable-source-maps', SERVER_ENTRY];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeOptions ?? []), ...entry], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // PostgreSQL is not the embedded demo: the simulators these tests drive are asked for.
      SIMULATORS: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${output}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Calls an instance's API and returns the HTTP status and the envelope. */
export async function call(
  origin: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { code: string; message: string; data: unknown } }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${origin}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/**
 * Pays an unpaid order the way the bank does: starts the payment, then delivers the bank's
 * signed "paid" notification for the trade. Returns the notification's HTTP status.
 */
export async function payThroughBank(origin: string, token: string, orderId: number) {
  const pay = await call(origin, 'POST', `/api/orders/${orderId}/pay`, { token, body: {} });
  const html = (pay.body.data as { html: string }).html;
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
  const detail = await call(origin, 'GET', `/api/orders/${orderId}`, { token });
  const { lockMoney, orderNo } = detail.body.data as { lockMoney: number; orderNo: string };
  const trade = {
    outTradeNo: field('outTradeNo') ?? '',
    tradeNo: field('tradeNo') ?? '',
    orderNo,
    amountFen: lockMoney * 100,
    status: 'paid',
  } as SimTrade;
  const body = notificationOf(trade, DEV_BANK_NOTIFY_SECRET);
  return (await call(origin, 'POST', '/api/pay/notify', { body })).status;
}

/**
 * A published sale listing of `userId` written straight into the shared database (the seeded
 * district HGQ), for tests that need someone to start 房聊 with: conversations only start about
 * a published listing.
 */
export async function publishedListingOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .insert(secondHandListings)
    .values({
      type: 1,
      userId,
      districtCode: 'HGQ',
      communityName: '海景花园',
      address: '海港区文化路1号',
      buildNum: '1',
      cellNum: '1',
      houseNum: '101',
      bedroom: 2,
      room: 1,
      toilet: 1,
      buildArea: 89.5,
      floorNum: 3,
      totalFloor: 6,
      direction: '1',
      decorates: '1',
      elevator: '0',
      price: 1_200_000,
      title: '海景花园 两室一厅 实例测试房源',
      description: '南北通透',
      publishStatus: LISTING_STATUS.PUBLISHED,
      publishTime: new Date(),
    })
    .returning({ id: secondHandListings.id });
  if (!row) throw new Error('no listing');
  return row.id;
}

/** Signs an operator in on a running instance with both factors (password, then SMS code). */
export async function signInOperator(
  origin: string,
  account = '13900000000',
  password = 'Admin@2026',
): Promise<string> {
  const first = await call(origin, 'POST', '/api/auth/login', { body: { account, password } });
  if ((first.body.data as { secondFactor?: string }).secondFactor !== 'sms') {
    throw new Error(`no second factor: ${JSON.stringify(first.body)}`);
  }
  const outbox = await call(origin, 'GET', `/api/dev/sms?phone=${account}`);
  const code = (outbox.body.data as { code: string }[])[0]?.code;
  const second = await call(origin, 'POST', '/api/auth/login', {
    body: { account, password, code },
  });
  return (second.body.data as { access_token: string }).access_token;
}
