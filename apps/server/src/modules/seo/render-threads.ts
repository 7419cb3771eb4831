import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/*
 * The page renderer on threads of its own (docs/operations.md, "Server rendering under load"):
 * drawing a page is synchronous work of a few hundred milliseconds on a small machine, which on
 * the server's own thread would hold up every other request (health checks, API reads) for as
 * long. Each thread loads the web build's renderer once; the reads a page makes are answered by
 * the server's own routes on the main thread, as before.
 */

/** An answer of the server's own API to a read of a page. */
export interface ThreadApiAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The thread's program: loads the renderer, draws on request, asks the main thread for reads. */
const THREAD_PROGRAM = `
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
const renderer = import(pathToFileURL(workerData.file).href);
const reads = new Map();
let nextRead = 0;
parentPort.on('message', async (message) => {
  if (message.type === 'read') {
    const answer = reads.get(message.id);
    reads.delete(message.id);
    answer?.(message.answer);
    return;
  }
  try {
    const { renderPage } = await renderer;
    const fetchApi = (read) =>
      new Promise((resolve) => {
        const id = nextRead++;
        reads.set(id, ({ status, contentType, body }) =>
          resolve(new Response(body, { status, headers: { 'content-type': contentType } })),
        );
        parentPort.postMessage({ type: 'read', id, job: message.job, read });
      });
    const page = await renderPage(message.url, fetchApi, message.width);
    parentPort.postMessage({ type: 'done', job: message.job, page });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', job: message.job, error: String(error?.stack ?? error) });
  }
});
`;

/** How long one drawing may take on its thread before the reader gets the plain shell. */
const DRAWING_DEADLINE_MS = 10_000;

let programFile: string | undefined;

/** The thread program, written once per process to a file of its own (threads need a module file). */
function threadProgram(): string {
  if (!programFile) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-render-'));
    programFile = path.join(dir, 'render-thread.mjs');
    writeFileSync(programFile, THREAD_PROGRAM);
  }
  return programFile;
}

interface Job {
  resolve: (page: unknown) => void;
  reject: (error: Error) => void;
  fetchApi: (read: string) => Promise<ThreadApiAnswer>;
}

/** One rendering thread: draws the pages sent to it, one job table per thread. */
class RenderThread {
  readonly worker: Worker;
  readonly jobs = new Map<number, Job>();
  private nextJob = 0;

  constructor(file: string) {
    this.worker = new Worker(threadProgram(), { workerData: { file } });
    this.worker.unref();
    this.worker.on('message', (message: ThreadMessage) => void this.receive(message));
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`render thread exited (${code})`)));
  }

  draw(
    url: string,
    width: number,
    fetchApi: (read: string) => Promise<ThreadApiAnswer>,
  ): Promise<unknown> {
    const job = this.nextJob++;
    return new Promise((resolve, reject) => {
      // A drawing that does not finish in time is given up: the reader gets the plain shell,
      // and the thread, whatever holds it, is replaced (its exit fails its other jobs).
      const deadline = setTimeout(() => {
        if (!this.jobs.has(job)) return;
        this.jobs.delete(job);
        reject(
          new Error(
            `render thread: no drawing of ${url.split('?')[0]} within ${DRAWING_DEADLINE_MS} ms`,
          ),
        );
        void this.worker.terminate();
      }, DRAWING_DEADLINE_MS);
      deadline.unref();
      const settle = () => clearTimeout(deadline);
      this.jobs.set(job, {
        resolve: (page) => {
          settle();
          resolve(page);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        fetchApi,
      });
      this.worker.postMessage({ type: 'render', job, url, width });
    });
  }

  private async receive(message: ThreadMessage): Promise<void> {
    if (message.type === 'read') {
      const job = this.jobs.get(message.job);
      const answer = job
        ? await job.fetchApi(message.read).catch(() => ({
            status: 503,
            contentType: 'application/json',
            body: '{}',
          }))
        : { status: 503, contentType: 'application/json', body: '{}' };
      this.worker.postMessage({ type: 'read', id: message.id, answer });
      return;
    }
    const job = this.jobs.get(message.job);
    this.jobs.delete(message.job);
    if (message.type === 'done') job?.resolve(message.page);
    else job?.reject(new Error(message.error));
  }

  private failAll(error: Error): void {
    for (const job of this.jobs.values()) job.reject(error);
    this.jobs.clear();
  }
}

type ThreadMessage =
  | { type: 'read'; id: number; job: number; read: string }
  | { type: 'done'; job: number; page: unknown }
  | { type: 'failed'; job: number; error: string };

/**
 * Rendering threads for the renderer module `file`: `count` threads, each drawing one page at a
 * time (the caller's cap keeps drawings at once to at most `count`); a thread that failed is
 * replaced on the next drawing.
 */
export class RenderThreads {
  private readonly threads: RenderThread[] = [];

  constructor(
    private readonly file: string,
    private readonly count: number,
  ) {}

  renderPage(
    url: string,
    fetchApi: (read: string) => Promise<ThreadApiAnswer>,
    width: number,
  ): Promise<unknown> {
    let thread = this.threads.find((t) => t.jobs.size === 0 && t.worker.threadId !== -1);
    if (!thread && this.threads.length < this.count) {
      thread = new RenderThread(this.file);
      thread.worker.once('exit', () => {
        const at = this.threads.indexOf(thread!);
        if (at >= 0) this.threads.splice(at, 1);
      });
      this.threads.push(thread);
    }
    thread ??= this.threads.reduce((a, b) => (a.jobs.size <= b.jobs.size ? a : b));
    return thread.draw(url, width, fetchApi);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
    this.threads.length = 0;
  }
}
