import { AppError } from './app-error';
import type { ForegroundGate } from './foreground-gate';

/** What a `ReadQueue` lets through and how long its line may grow. */
export interface ReadQueueLimit {
  /** Reads running on the database at once. */
  running: number;
  /** Reads waiting in line at most; one more is refused at once. */
  waiting: number;
  /** How long a read may wait for its turn before it is refused, ms. */
  maxWaitMs: number;
}

/** What a visitor is told when the public reads are full (HTTP 503). */
export const READS_FULL_MESSAGE = '当前访问人数较多，请稍后再试';

/**
 * The public reads' share of the database (docs/decisions/0052-public-reads-kept-and-queued.md):
 * the database work of a public read (a kept answer's production, never a kept answer served)
 * runs through one of these. At most `running` run at once; the others wait in line in the order
 * they came, and one that would make the line longer than `waiting`, or waits longer than
 * `maxWaitMs`, is refused at once with a 503 and a Chinese message rather than waiting seconds.
 * Orders, sign-in and the building table do not go through it, so a flood of searches leaves
 * them the rest of the database. Given the foreground gate, a read that has its turn also waits
 * (at most the gate's limit) while a deposit order runs, before its statement goes to the
 * database: on the embedded database, which runs one statement at a time, an order's next
 * statement then finds at most the reads already under way ahead of it, not a line of new ones
 * (docs/decisions/0073-orders-before-public-reads.md).
 */
export class ReadQueue {
  private active = 0;
  private readonly line: Array<{ start: () => void }> = [];
  /** Reads run, and reads refused (line full or waited too long), since start. */
  ran = 0;
  refused = 0;

  constructor(
    readonly limit: ReadQueueLimit,
    private readonly gate?: ForegroundGate,
  ) {}

  /** Reads waiting now. */
  get waiting(): number {
    return this.line.length;
  }

  /**
   * `read()` once it is its turn, or a 503 AppError when the line is full or too slow. A read
   * must not wait in the same line from inside another (it could wait for its own place).
   */
  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit.running) await this.turn();
    else this.active += 1;
    this.ran += 1;
    try {
      const order = this.gate?.wait();
      if (order) await order;
      return await read();
    } finally {
      const next = this.line.shift();
      if (next) next.start();
      else this.active -= 1;
    }
  }

  /** Waits in line; the slot of the read that finishes is handed over, never given up. */
  private turn(): Promise<void> {
    if (this.line.length >= this.limit.waiting) return Promise.reject(this.full());
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.line.indexOf(entry);
        if (at >= 0) this.line.splice(at, 1);
        reject(this.full());
      }, this.limit.maxWaitMs);
      this.line.push(entry);
    });
  }

  private full(): AppError {
    this.refused += 1;
    return new AppError('SERVICE_UNAVAILABLE', READS_FULL_MESSAGE);
  }
}

/**
 * Which limits a database gets: PostgreSQL's; the embedded database's in the server's thread,
 * which runs one statement at a time on it; or the embedded database's on a thread of its own
 * (docs/decisions/0076-embedded-database-thread.md), which also runs one at a time but is kept
 * busy only if the next statements already wait there while an answer travels back.
 */
export type ReadLimitsKey = 'pglite' | 'pglite-thread' | 'postgres';

export function readLimitsKey(database: { kind: 'pglite' | 'postgres'; threaded?: boolean }) {
  return database.threaded ? 'pglite-thread' : database.kind;
}

/**
 * The public reads' limits per database: in the server's thread, two reads in flight keep the
 * embedded database busy while an order's statement is never more than two reads behind; on its
 * own thread four, and an order's statement goes before them there anyway; PostgreSQL gives public
 * reads 4 of the pool's connections (10 by default), the rest stay for orders, sign-in and the
 * building table.
 */
export const PUBLIC_READ_LIMITS: Record<ReadLimitsKey, ReadQueueLimit> = {
  pglite: { running: 2, waiting: 100, maxWaitMs: 1000 },
  'pglite-thread': { running: 4, waiting: 100, maxWaitMs: 1000 },
  postgres: { running: 4, waiting: 200, maxWaitMs: 1000 },
};

/**
 * The building table's own line (its reads of a unit's rows when the kept ones are out of date):
 * apart from the public reads', so a crowd of searches never takes its turn, and as small, so
 * the viewers of a building that an order just changed (one read per unit and band, all at
 * once) never queue dozens of statements ahead of the next order's. Its line is long and
 * patient: every viewer of a busy building may miss at once, and each read is short.
 */
export const BUILDING_TABLE_READ_LIMITS: Record<ReadLimitsKey, ReadQueueLimit> = {
  pglite: { running: 2, waiting: 1000, maxWaitMs: 3000 },
  'pglite-thread': { running: 4, waiting: 1000, maxWaitMs: 3000 },
  postgres: { running: 4, waiting: 1000, maxWaitMs: 3000 },
};
