// What the crowd benchmarks share (opening-day.ts, lottery-choosing.ts): HTTP as a browser behind
// the proxy sends it (cookies, the CSRF header, X-Forwarded-For), buyers made ready the way a
// citizen gets ready (sign-in with the agreement, consent, real-name verification), the summaries
// of measured delays, and the server process's CPU and memory from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { API_CODE } from '@portal/shared/codes';
import { idCardCheckChar, isValidIdCard } from '@portal/shared/validators';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/password';

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const between = (min: number, max: number) => min + Math.random() * (max - min);

// ---------------------------------------------------------------------------------------------
// HTTP as a browser behind the proxy sends it

export interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Person {
  /** The address nginx would put in X-Forwarded-For. */
  address: string;
  agent: Agent;
  cookies: Map<string, string>;
}

export function call(
  base: string,
  person: Person,
  method: string,
  url: string,
  body?: unknown,
  form = false,
): Promise<Answer> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    'x-forwarded-for': person.address,
  };
  const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (cookie) headers.cookie = cookie;
  let payload: string | undefined;
  if (method !== 'GET') {
    headers.origin = base;
    const csrf = person.cookies.get('portal_csrf');
    if (csrf) headers['x-csrf-token'] = decodeURIComponent(csrf);
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
  }
  return new Promise((resolve, reject) => {
    const req = request(base + url, { method, agent: person.agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const at = pair?.indexOf('=') ?? -1;
          if (pair && at > 0) person.cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        let raw = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Envelope<T> {
  code: string;
  msg?: string;
  data: T;
}

export async function api<T>(
  base: string,
  person: Person,
  method: string,
  url: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const answer = await call(base, person, method, url, body);
  try {
    return JSON.parse(answer.body.toString('utf8')) as Envelope<T>;
  } catch {
    return { code: `HTTP${answer.status}`, data: undefined as T };
  }
}

/** A person who will sign in and verify their real name (a buyer). */
export interface Citizen extends Person {
  phone: string;
  idCard: string;
  realName: string;
}

/** Valid ID numbers (秦皇岛 area code, a birth date, a sequence number and the check character). */
export function idCardOf(index: number): string {
  const year = 1965 + (index % 35);
  const month = String(1 + (index % 12)).padStart(2, '0');
  const day = String(1 + (index % 28)).padStart(2, '0');
  const first17 = `130302${year}${month}${day}${String(index % 1000).padStart(3, '0')}`;
  const card = first17 + idCardCheckChar(first17);
  if (!isValidIdCard(card)) throw new Error(`invalid test ID number ${card}`);
  return card;
}

/** Before the opening: sign in through the API (agreement ticked), consent, real-name verify. */
export async function prepareBuyer(base: string, buyer: Citizen, password: string): Promise<void> {
  const agreement = await api<{ version: number }>(base, buyer, 'GET', '/api/legal/agreement');
  const login = await api(base, buyer, 'POST', '/api/auth/login', {
    account: buyer.phone,
    password,
    type: 'phone',
    remember: false,
    agreementVersion: agreement.data.version,
  });
  if (login.code !== API_CODE.SUCCESS) throw new Error(`login ${login.code} ${login.msg}`);
  const privacy = await api<{ version: number }>(base, buyer, 'GET', '/api/legal/privacy');
  const consent = await api(base, buyer, 'POST', '/api/legal/me/acceptances', {
    kind: 'privacy',
    version: privacy.data.version,
  });
  if (consent.code !== API_CODE.SUCCESS) throw new Error(`consent ${consent.code} ${consent.msg}`);
  // The phone scans the QR code: the simulated mini-program page at `confirmUrl`.
  const qr = await api<{ confirmUrl: string }>(base, buyer, 'POST', '/api/users/me/realname-qr');
  const token = qr.data?.confirmUrl.split('/').pop();
  if (!token) throw new Error(`realname qr ${qr.code} ${qr.msg}`);
  const verified = await call(
    base,
    buyer,
    'POST',
    `/dev/realname/${token}`,
    { realName: buyer.realName, idCard: buyer.idCard, result: 'pass' },
    true,
  );
  const status = await api<boolean>(base, buyer, 'GET', '/api/auth/realname-status');
  if (status.data !== true) {
    throw new Error(`realname ${verified.status} ${verified.body.toString('utf8').slice(0, 300)}`);
  }
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? null
    : Number((sorted[Math.floor(q * (sorted.length - 1))] as number).toFixed(1));

export function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
  };
}

/** CPU (percent of one core) and resident memory of a process, from /proc. */
export class ProcSampler {
  private readonly tick = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  private last: { at: number; ticks: number; waitNs: number } | null = null;
  readonly cpu: number[] = [];
  /** Percent of the time the main thread was ready to run but waited for a core. */
  readonly runQueueWait: number[] = [];
  readonly rssMb: number[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pid: number) {}

  private ticks(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  }

  private sample(): void {
    const at = now();
    const ticks = this.ticks();
    // /proc/<pid>/schedstat: time on a core, time waiting in the run queue (ns), slices.
    const waitNs = Number(readFileSync(`/proc/${this.pid}/schedstat`, 'utf8').split(' ')[1]);
    if (this.last) {
      const seconds = (at - this.last.at) / 1000;
      this.cpu.push(((ticks - this.last.ticks) / this.tick / seconds) * 100);
      this.runQueueWait.push(((waitNs - this.last.waitNs) / 1e9 / seconds) * 100);
    }
    this.last = { at, ticks, waitNs };
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    this.rssMb.push(Number(rss?.[1] ?? 0) / 1024);
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1_000);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const cpuSorted = [...this.cpu].sort((a, b) => a - b);
    const round = (n: number) => Number(n.toFixed(0));
    return {
      cpuPercentOfOneCoreMean: round(this.cpu.reduce((a, b) => a + b, 0) / (this.cpu.length || 1)),
      cpuPercentOfOneCoreP90: round(quantile(cpuSorted, 0.9) ?? 0),
      cpuPercentOfOneCoreMax: round(cpuSorted.at(-1) ?? 0),
      mainThreadRunQueueWaitPercentMean: round(
        this.runQueueWait.reduce((a, b) => a + b, 0) / (this.runQueueWait.length || 1),
      ),
      rssMbStart: round(this.rssMb[0] ?? 0),
      rssMbMax: round(Math.max(...this.rssMb)),
      rssMbEnd: round(this.rssMb.at(-1) ?? 0),
    };
  }
}

export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function waitForServer(base: string, server: ReturnType<typeof spawn>): Promise<void> {
  const person: Person = { address: '10.0.0.1', agent: new Agent(), cookies: new Map() };
  const until = now() + 600_000;
  while (now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const answer = await call(base, person, 'GET', '/api/health').catch(() => null);
    if (answer?.status === 200) return;
    await sleep(1_000);
  }
  throw new Error('server did not start within 10 minutes');
}

export async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(work));
  }
}

/** The server as `npm start` runs it, on a database of its own, started for a bench. */
export interface ShippedServer {
  base: string;
  /** Its PostgreSQL database; empty on the embedded database. */
  url: string;
  process: ReturnType<typeof spawn>;
  /** Seconds from the start until it answered (migrations and the seed included). */
  startSeconds: number;
  stop(): Promise<void>;
  /**
   * Stops the server, runs `work` on its database while nobody else has it (on the embedded
   * database the folder is the server's alone while it runs), and starts it again.
   */
  offline<T>(work: (db: Queryable) => Promise<T>): Promise<T>;
}

/**
 * Starts `scripts/start.mjs` (what `npm start` runs), configured as a deployment behind nginx on
 * this host would be, on a fresh database next to `adminUrl` (or, with `pglite`, the embedded
 * database in its data folder, as `npm start` opens it without DATABASE_URL); `stop` ends it and
 * drops the database.
 */
export async function startShippedServer(
  root: string,
  adminUrl: string,
  port: number,
  name: string,
  env: Record<string, string> = {},
): Promise<ShippedServer> {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), `portal-bench-${name}-`));
  const embedded = adminUrl === 'pglite';
  const dbName = `bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const url = embedded ? '' : adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  if (!embedded) await admin(adminUrl, `create database ${dbName}`);
  const log = openSync(path.join(dir, 'server.log'), 'a');
  const spawnServer = () =>
    spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        ...(embedded ? {} : { DATABASE_URL: url }),
        DATA_DIR: path.join(dir, 'data'),
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: base,
        TRUST_PROXY: '127.0.0.1',
        // With DATABASE_URL the simulators are off by default; the bank and the face
        // verification are simulated here, so they are switched on (a private address only).
        SIMULATORS: 'on',
        ...env,
      },
      stdio: ['ignore', log, log],
    });
  const halt = async (server: ReturnType<typeof spawn>) => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(null);
      else server.once('exit', resolve);
      setTimeout(resolve, 10_000).unref();
    });
  };
  const started = now();
  const shipped: ShippedServer = {
    base,
    url,
    process: spawnServer(),
    startSeconds: 0,
    stop: async () => {
      await halt(shipped.process);
      if (!embedded) await admin(adminUrl, `drop database if exists ${dbName} with (force)`);
      // BENCH_SERVER_LOG=file keeps the server's request log (each request's own timing).
      if (process.env.BENCH_SERVER_LOG) {
        copyFileSync(path.join(dir, 'server.log'), process.env.BENCH_SERVER_LOG);
      }
      rmSync(dir, { recursive: true, force: true });
    },
    offline: async (work) => {
      await halt(shipped.process);
      let result;
      if (embedded) {
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const database = await PGlite.create({
          dataDir: path.join(dir, 'data', 'db'),
          extensions: { pg_trgm },
        });
        try {
          result = await work(database as unknown as Queryable);
        } finally {
          await database.close();
        }
      } else {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          result = await work(client);
        } finally {
          await client.end();
        }
      }
      shipped.process = spawnServer();
      await waitForServer(base, shipped.process);
      return result;
    },
  };
  try {
    await waitForServer(base, shipped.process);
  } catch (error) {
    await shipped.stop();
    throw error;
  }
  shipped.startSeconds = Number(((now() - started) / 1000).toFixed(1));
  return shipped;
}

/** The machine a result was measured on. */
export function machineNow() {
  return {
    date: new Date().toISOString().slice(0, 16),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadAverageAtEnd: loadavg().map((n) => Number(n.toFixed(1))),
  };
}

/**
 * Opens a server-sent event stream as a browser's EventSource would (from `address` behind the
 * proxy) and calls `onEvent` with each event's name, its data (JSON text) and its arrival time.
 */
export function openEventStream(
  url: string,
  address: string,
  onEvent: (event: string, data: string, at: number) => void,
  onStream: (stream: IncomingMessage) => void,
  onError: () => void,
): void {
  const req = request(
    url,
    { headers: { accept: 'text/event-stream', 'x-forwarded-for': address } },
    (res) => {
      onStream(res);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event = /^event: (\w+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) onEvent(event, data, at);
        }
      });
      res.on('error', onError);
    },
  );
  req.on('error', onError);
  req.end();
}

/** A database client's `query(text, params)`: node-postgres's client or pool, PGlite. */
export interface Queryable {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/** Accounts registered before the day, all with one password hash (like one chosen password). */
export async function insertBuyerAccounts(
  db: Queryable,
  phones: string[],
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.query(
    `insert into users (phone, password_hash, nickname)
     select phone, $2, '购房人' from unnest($1::text[]) as phone`,
    // The phones as an array literal (digits only), which both drivers pass as text.
    [`{${phones.join(',')}}`, passwordHash],
  );
}

/** Each buyer made ready through the API as a citizen would (`prepareBuyer`), twenty at a time. */
export async function prepareBuyers(
  base: string,
  buyers: Citizen[],
  password: string,
): Promise<number> {
  const started = now();
  await inBatches(buyers, 20, (buyer) => prepareBuyer(base, buyer, password));
  return Number(((now() - started) / 1000).toFixed(1));
}

/**
 * Accounts registered before the day, then each made ready through the API. Returns the seconds
 * the preparation took.
 */
export async function registerBuyers(
  db: Queryable,
  base: string,
  buyers: Citizen[],
  password: string,
): Promise<number> {
  await insertBuyerAccounts(
    db,
    buyers.map((b) => b.phone),
    password,
  );
  return prepareBuyers(base, buyers, password);
}
