import path from 'node:path';
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import { isForegroundWork } from '../lib/foreground-work';
import { SERVER_ROOT } from '../lib/server-root';

/** The worker's script: plain JavaScript beside this file, read by sources and build alike. */
const THREAD_SCRIPT = path.join(SERVER_ROOT, 'src', 'db', 'pglite-thread.mjs');

/** How long this thread waits at most, blocked, for a deposit order's statement. */
const SYNC_LIMIT_MS = 2000;

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

interface Notification {
  notify: string;
  payload: string;
}

type Outgoing =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { op: 'begin'; urgent?: boolean }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };

/** The query options Drizzle's PGlite driver passes; its parsers are the worker's own. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** What every call hears once the thread has ended (the error handler answers it with a 503). */
const threadExited = (code: number) => new Error(`内嵌数据库线程已退出（${code}）`);

/** An error from the worker, with its fields (code, detail, constraint…) back on it. */
function errorFrom(plain: Reply['error']): Error {
  const error = new Error(plain?.message ?? '内嵌数据库线程出错');
  return Object.assign(error, plain);
}

/**
 * The embedded database on a thread of its own, behind the part of PGlite's interface that
 * Drizzle's PGlite driver uses (`query`, `transaction`) and what `Database` adds (`listen`,
 * `dumpDataDir`, `close`) (docs/decisions/0076-embedded-database-thread.md). Statements run on
 * the worker in the order they are sent, as on PGlite itself; a statement outside a transaction
 * waits for an open one to end, as PGlite's own lock makes it. Notifications arrive before the
 * answer of the statement that sent them: both come over the one port, in the worker's order.
 */
export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private failure: Error | null = null;
  /** Transactions begun (or beginning) and not yet ended. */
  private readonly openTransactions = new Set<number>();
  private beginning = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly replies: MessagePort,
    private readonly counter: Int32Array,
  ) {
    replies.on('message', (message: Reply | Notification) => this.dispatch(message));
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      replies.close();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(threadExited(code)));
    // The thread and its port keep the process alive only while an answer is awaited.
    worker.unref();
    replies.unref();
  }

  /** Starts the thread and opens the database in it (a data folder, a tarball, or memory). */
  static start(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    return (async () => {
      const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
      const { port1: replies, port2 } = new MessageChannel();
      const signal = new SharedArrayBuffer(4);
      const worker = new Worker(THREAD_SCRIPT, {
        workerData: { dataDir: options.dataDir, loadDataDir, replies: port2, signal },
        transferList: loadDataDir ? [port2, loadDataDir] : [port2],
      });
      await new Promise<void>((ready, failed) => {
        const onExit = (code: number) => failed(threadExited(code));
        worker.once('error', failed);
        worker.once('exit', onExit);
        replies.once('message', (message: { ready: boolean; error?: Reply['error'] }) => {
          worker.off('error', failed);
          worker.off('exit', onExit);
          if (message.ready) ready();
          else failed(errorFrom(message.error));
        });
      });
      return new PgliteThread(worker, replies, new Int32Array(signal));
    })();
  }

  /** An answer settles its caller; a notification reaches its listeners. */
  private dispatch(message: Reply | Notification): void {
    if ('notify' in message) {
      for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.replies.unref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(errorFrom(message.error));
  }

  /**
   * Blocks this thread until the answer `id` has been dispatched (with everything that came
   * before it, in order), or `SYNC_LIMIT_MS` passed; then the answer comes as any other. Answers
   * that came after it stay in the port for the event loop: settled here, their callers would
   * resume before this one, whose caller awaits the answer only once this call has returned.
   */
  private awaitHere(id: number): void {
    const deadline = performance.now() + SYNC_LIMIT_MS;
    for (;;) {
      const seen = Atomics.load(this.counter, 0);
      for (
        let next = receiveMessageOnPort(this.replies);
        next;
        next = receiveMessageOnPort(this.replies)
      ) {
        this.dispatch(next.message as Reply | Notification);
        if (!this.pending.has(id)) return;
      }
      const left = deadline - performance.now();
      if (!this.pending.has(id) || left <= 0 || this.failure) return;
      Atomics.wait(this.counter, 0, seen, left);
    }
  }

  private send<T>(message: Outgoing): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const urgent =
      message.op === 'query' || message.op === 'begin' || message.op === 'end'
        ? isForegroundWork()
        : false;
    const promise = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    if (this.pending.size === 1) this.replies.ref();
    this.worker.postMessage({ id, urgent, ...message });
    // A deposit order's statement is waited for here, as PGlite in process would run it: its
    // answer then needs no turn of the event loop behind every open connection's traffic. Not
    // when a transaction other than its own is open: that one's next statement comes from this
    // thread, which would then never send it.
    if (urgent && this.mayAwaitHere(message)) this.awaitHere(id);
    return promise;
  }

  private mayAwaitHere(message: Outgoing): boolean {
    if ('tx' in message && message.tx !== undefined) return this.openTransactions.has(message.tx);
    // A `begin` is counted among the beginning ones before it is sent: only the others bar it.
    const othersBeginning = this.beginning - (message.op === 'begin' ? 1 : 0);
    return this.openTransactions.size === 0 && othersBeginning === 0;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode });
  }

  /**
   * Runs `work` in one transaction: its statements go with the transaction's id; it commits when
   * `work` resolves and rolls back when it throws, whose error is then thrown again.
   */
  async transaction<T>(work: (tx: Pick<PgliteThread, 'query'>) => Promise<T>): Promise<T> {
    this.beginning += 1;
    let tx: number;
    try {
      tx = await this.send<number>({ op: 'begin' });
    } finally {
      this.beginning -= 1;
    }
    this.openTransactions.add(tx);
    const handle = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.send<Results<R>>({ op: 'query', sql, params, rowMode: options.rowMode, tx }),
    };
    let result: T;
    try {
      result = await work(handle);
    } catch (error) {
      await this.end(tx, false);
      throw error;
    }
    await this.end(tx, true);
    return result;
  }

  private async end(tx: number, commit: boolean): Promise<void> {
    try {
      await this.send({ op: 'end', tx, commit });
    } finally {
      this.openTransactions.delete(tx);
    }
  }

  /** Calls `onPayload` with each notification on `channel`; returns the unsubscribe. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      await this.send({ op: 'listen', channel });
    }
    listeners.add(onPayload);
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      await this.send({ op: 'unlisten', channel });
    };
  }

  /** The whole database as an uncompressed tarball (`loadDataDir` opens it again). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.send<ArrayBuffer>({ op: 'dump' })]);
  }

  /** Closes the database, then ends the thread. */
  async close(): Promise<void> {
    try {
      if (!this.failure) await this.send({ op: 'close' });
    } finally {
      // As PGlite in process says it: later calls fail as on a closed database.
      this.failure ??= new Error('PGlite is closed');
      await this.worker.terminate();
      this.replies.close();
    }
  }

  /** For Drizzle's PGlite driver, which takes a PGlite: the same calls, on the thread. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
