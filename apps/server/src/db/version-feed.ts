import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The write statements this process has finished on the database, counted. A statement counts
 * when its answer comes back, before the caller goes on: a transaction at its commit (or
 * rollback), a statement outside a transaction whatever it is unless it only reads. Counting a
 * read by mistake costs a fence, never a stale answer.
 */
export class LocalWrites {
  count = 0;
  private readonly listeners = new Set<() => void>();

  written(): void {
    this.count += 1;
    for (const listener of this.listeners) listener();
  }

  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Statements that neither write nor end a transaction. */
const READ_ONLY = /^\s*(select|show|set|listen|unlisten|explain|savepoint|release)\b/i;
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback|abort)\b(?!\s+to\b)/i;

type QueryFunction = (...args: unknown[]) => unknown;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query) {
    const { text } = query as { text: unknown };
    if (typeof text === 'string') return text;
  }
  return '';
}

/**
 * Counts in `writes` the writes every client of `pool` finishes (see `LocalWrites`). Each
 * client's `query` is wrapped once, when the pool makes it; a client remembers whether it is
 * inside a transaction, where only the end counts.
 */
export function countPoolWrites(pool: pg.Pool, writes: LocalWrites): void {
  pool.on('connect', (client) => {
    let inTransaction = false;
    const query = client.query.bind(client) as QueryFunction;
    const wrapped: QueryFunction = (...args) => {
      const text = textOf(args[0]);
      let counts = false;
      if (BEGINS.test(text)) inTransaction = true;
      else if (ENDS.test(text)) {
        inTransaction = false;
        counts = true;
      } else counts = !inTransaction && !READ_ONLY.test(text);
      if (!counts) return query(...args);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          writes.written();
          (callback as QueryFunction)(...results);
        };
        return query(...args);
      }
      const answer = query(...args);
      if (answer instanceof Promise) {
        return answer.then(
          (result: unknown) => {
            writes.written();
            return result;
          },
          (error: unknown) => {
            writes.written();
            throw error;
          },
        );
      }
      return answer;
    };
    (client as unknown as { query: QueryFunction }).query = wrapped;
  });
}

export interface VersionFeedOptions {
  /** Opens the feed's own connection (not from the pool: it stays LISTENing). */
  connect: () => Promise<pg.Client>;
  writes: LocalWrites;
  /** A fence is sent this often while nothing else sends one, ms. */
  fenceEveryMs?: number;
  /** Versions heard are trusted while the last fence heard back was sent this recently, ms. */
  maxAgeMs?: number;
  /** Wait before connecting again after the connection is lost, ms. */
  retryMs?: number;
  now?: () => number;
}

/** One channel's listener on the feed. */
interface Subscriber {
  channel: string;
  onPayload: (payload: string) => void;
  /** Called when notifications may have been missed: forget every version heard. */
  onReset: () => void;
}

/** The channel of the fences: '<instance>:<number>'. */
const FENCE_CHANNEL = 'version_fence';

/**
 * PostgreSQL's notifications on a connection of this process's own, with a test of how current
 * the versions heard are (docs/decisions/0082-versions-heard-on-postgresql.md).
 *
 * PostgreSQL delivers every listener's notifications in the order their transactions
 * committed. So when this process sends a notification of its own on the fence channel and
 * hears it back, every version committed before that fence was sent has been heard. The feed
 * sends a fence every `fenceEveryMs` and at once after each write of this process, and calls
 * itself `fresh` only while the last fence heard was sent after this process's last write and
 * at most `maxAgeMs` ago. Then a change made through this process is seen at once, and one made
 * through another process within `maxAgeMs` (in practice within milliseconds, as the notification
 * arrives). When the feed is not fresh, callers read the version from the database as before.
 */
export class VersionFeed {
  private readonly instance = randomBytes(6).toString('hex');
  private readonly subscribers = new Set<Subscriber>();
  private readonly fenceEveryMs: number;
  private readonly maxAgeMs: number;
  private readonly retryMs: number;
  private readonly now: () => number;
  private client: pg.Client | undefined;
  /** The channels the current connection listens on. */
  private listening = new Set<string>();
  private connecting: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopWrites: (() => void) | undefined;
  private closed = false;
  private fenceNumber = 0;
  /** A fence's statement is on the connection; one asked for meanwhile waits for it. */
  private fenceInFlight = false;
  private fenceAgain = false;
  /** Fences sent and not heard back yet: number → when it was sent and the writes counted then. */
  private readonly sent = new Map<number, { at: number; writes: number }>();
  /** The newest fence heard back. */
  private heard: { number: number; at: number; writes: number } | undefined;
  /** Moves on each time the connection is lost: a version read before then may be stale. */
  generation = 0;
  /** Fences sent, and heard back, since start (for tests and benches). */
  fencesSent = 0;
  fencesHeard = 0;

  constructor(private readonly options: VersionFeedOptions) {
    this.fenceEveryMs = options.fenceEveryMs ?? 100;
    this.maxAgeMs = options.maxAgeMs ?? 500;
    this.retryMs = options.retryMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The writes this process has finished, as counted for the fences. */
  get writes(): number {
    return this.options.writes.count;
  }

  /** True while every version committed before this moment's last fence has been heard. */
  fresh(): boolean {
    const heard = this.heard;
    return (
      heard !== undefined &&
      heard.writes === this.options.writes.count &&
      this.now() - heard.at <= this.maxAgeMs
    );
  }

  /**
   * Listens on `channel` until the returned stop is called. `onReset` is called whenever the
   * connection was lost (and so notifications may have been missed).
   */
  async subscribe(
    channel: string,
    onPayload: (payload: string) => void,
    onReset: () => void,
  ): Promise<() => Promise<void>> {
    const subscriber: Subscriber = { channel, onPayload, onReset };
    this.subscribers.add(subscriber);
    if (!this.client) await this.start();
    const client = this.client;
    if (client && !this.listening.has(channel)) {
      this.listening.add(channel);
      await client.query(`LISTEN ${quoted(channel)}`).catch(() => this.lost(client));
    }
    return async () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Ends the connection for good (with the database's pool). */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWrites?.();
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.heard = undefined;
    await client?.end().catch(() => undefined);
  }

  private start(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let client: pg.Client | undefined;
    try {
      client = await this.options.connect();
      client.on('notification', (message) => this.onNotification(message));
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      const channels = new Set([FENCE_CHANNEL, ...[...this.subscribers].map((s) => s.channel)]);
      for (const channel of channels) await client.query(`LISTEN ${quoted(channel)}`);
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.listening = channels;
      // Versions read before this connection listened may have missed a change: forgotten.
      this.generation += 1;
      for (const subscriber of this.subscribers) subscriber.onReset();
      this.stopWrites ??= this.options.writes.onWrite(() => this.fence());
      this.timer ??= setInterval(() => this.fence(), this.fenceEveryMs);
      this.timer.unref();
      this.fence();
    } catch {
      // The database is out of reach: versions are read per request meanwhile.
      await client?.end().catch(() => undefined);
      this.lost(client);
    }
  }

  /** The connection is gone: nothing heard can be trusted until a new one hears a fence. */
  private lost(client: pg.Client | undefined): void {
    if (client && this.client !== client && this.client !== undefined) return;
    this.client = undefined;
    this.listening = new Set();
    this.heard = undefined;
    this.sent.clear();
    this.generation += 1;
    for (const subscriber of this.subscribers) subscriber.onReset();
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, this.retryMs);
    this.retry.unref();
  }

  /**
   * Sends a fence unless one sent since the last write is still on its way. One statement at a
   * time on the connection: a fence asked for while one is being sent goes right after it.
   */
  private fence(): void {
    const client = this.client;
    if (!client) return;
    if (this.fenceInFlight) {
      this.fenceAgain = true;
      return;
    }
    const writes = this.options.writes.count;
    const at = this.now();
    for (const pending of this.sent.values()) {
      // One already on its way covers this moment's writes; the timer's next fence the age.
      if (pending.writes === writes && at - pending.at < this.fenceEveryMs) return;
    }
    this.fenceNumber += 1;
    const number = this.fenceNumber;
    this.sent.set(number, { at, writes });
    this.fencesSent += 1;
    this.fenceInFlight = true;
    client
      .query('select pg_notify($1, $2)', [FENCE_CHANNEL, `${this.instance}:${number}`])
      .catch(() => this.sent.delete(number))
      .finally(() => {
        this.fenceInFlight = false;
        if (!this.fenceAgain) return;
        this.fenceAgain = false;
        this.fence();
      });
  }

  private onNotification(message: pg.Notification): void {
    const payload = message.payload ?? '';
    if (message.channel === FENCE_CHANNEL) {
      const [instance, text] = payload.split(':');
      if (instance !== this.instance) return;
      const number = Number(text);
      const sent = this.sent.get(number);
      if (!sent) return;
      for (const key of this.sent.keys()) if (key <= number) this.sent.delete(key);
      this.fencesHeard += 1;
      if (!this.heard || number > this.heard.number) this.heard = { number, ...sent };
      return;
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.channel === message.channel) subscriber.onPayload(payload);
    }
  }
}

function quoted(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}
