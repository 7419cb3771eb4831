// A small closed-loop HTTP load client: N connections, each sending its next request as soon as
// the previous answer arrived (or, with a rate, when the next request is due), cycling through
// a list of URLs; reports throughput and latency.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import os from 'node:os';

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
  /** The client's own CPU time over the run (user and system), seconds. */
  cpuSeconds: number;
  /** The client's scheduling priority (`nice`), 0 unless LOAD_NICE set it. */
  nice: number;
  /** Each answered request's time, ms, in no order (only when the job asked: `keepTimes`). */
  times?: number[];
  /** Where in `urls` a following job starts so as to go on where this one stopped. */
  nextIndex: number;
}

export interface LoadJob {
  base: string;
  urls: string[];
  seconds: number;
  connections: number;
  /** Sent with every request, e.g. an Authorization header. */
  headers?: Record<string, string>;
  /** At most this many requests a second in all (a crowd of a given size); none: as fast as answered. */
  ratePerSecond?: number;
  /** The index in `urls` of the first request (default 0): a job that goes on from an earlier one. */
  startAt?: number;
  /** Send back every request's time as well (`LoadResult.times`), to pool several jobs' times. */
  keepTimes?: boolean;
  /** Wait for another job after this one, its connections kept open (`persistentDriver`). */
  stay?: boolean;
}

/** The time at quantile `q` of `sorted` (ascending), ms to two decimals; 0 when there is none. */
export const msAt = (sorted: number[], q: number): number =>
  Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function get(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs the jobs sent by the parent process, one at a time, and sends each result back; exits
 * after a job without `stay`. The connections to each base stay open from one job to the next
 * (`persistentDriver` in harness.ts), so a job that goes on from an earlier one does not open
 * its connections again.
 */
export async function runClient(): Promise<void> {
  // The parent let go (`persistentDriver`'s close): the kept connections must not hold the process.
  process.once('disconnect', () => process.exit(0));
  const agents = new Map<string, Agent>();
  for (;;) {
    const job = await new Promise<LoadJob>((resolve) =>
      process.once('message', (m) => resolve(m as LoadJob)),
    );
    let agent = agents.get(job.base);
    if (!agent) {
      agent = new Agent({ keepAlive: true, maxSockets: job.connections });
      agents.set(job.base, agent);
    }
    const result = await runJob(job, agent);
    if (!job.stay) {
      process.send?.(result, () => process.exit(0));
      return;
    }
    process.send?.(result);
  }
}

async function runJob(job: LoadJob, agent: Agent): Promise<LoadResult> {
  const cpuAtStart = process.cpuUsage();
  const times: number[] = [];
  let errors = 0;
  const startAt = job.startAt ?? 0;
  let next = startAt;
  const started = performance.now();
  const endAt = started + job.seconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const url = job.urls[next % job.urls.length] ?? '';
      const due = job.ratePerSecond ? started + ((next - startAt) * 1000) / job.ratePerSecond : 0;
      next += 1;
      if (due > performance.now()) await sleep(due - performance.now());
      if (performance.now() >= endAt) break;
      const sent = performance.now();
      const status = await get(agent, job.base + url, job.headers).catch(() => 0);
      times.push(performance.now() - sent);
      if (status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const unsorted = job.keepTimes ? [...times] : undefined;
  times.sort((a, b) => a - b);
  const at = (q: number) => msAt(times, q);
  const result: LoadResult = {
    requests: times.length,
    errors,
    requestsPerSecond: Math.round(times.length / elapsed),
    medianMs: at(0.5),
    p99Ms: at(0.99),
    cpuSeconds: Number(
      (Object.values(process.cpuUsage(cpuAtStart)).reduce((a, b) => a + b, 0) / 1e6).toFixed(1),
    ),
    nice: os.getPriority(),
    times: unsorted,
    nextIndex: next,
  };
  return result;
}

/**
 * Runs `job` in a forked copy of this bench's script, which must call `runClient()` when started
 * with `--search-client`, so the load has a process (and a core) of its own; answers its result.
 * With LOAD_NICE=n (1–19) the client runs at that lower priority: on a machine that also runs
 * the server, the server then gets the cores first, as it would with its load coming from other
 * machines (the client's CPU time and the rate it reached are reported either way).
 */
export function forkLoadClient(job: LoadJob): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--search-client'], { execArgv: process.execArgv });
    const nice = Number(process.env.LOAD_NICE ?? 0);
    if (nice > 0 && child.pid !== undefined) os.setPriority(child.pid, Math.min(nice, 19));
    child.on('message', (message) => resolve(message as LoadResult));
    child.on('error', reject);
    child.send(job);
  });
}
