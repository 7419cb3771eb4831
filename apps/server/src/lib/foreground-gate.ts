/**
 * The server's one thread, shared fairly between a buyer's deposit order and a crowd of public
 * reads (docs/decisions/0073-orders-before-public-reads.md). A foreground request (a deposit
 * order, its payment or cancellation; not a sign-in, whose storms would hold every read) holds
 * the gate from its arrival to its answer; a public read that arrives meanwhile waits before it
 * starts its work, so the order's steps find the thread free each time its database answers.
 * Nobody waits long: a read waits at most `maxDeferMs` (none at all when it is 0), and once the
 * gate opens the waiting reads start a few per turn of the event loop, in the order they came,
 * so an order arriving meanwhile is read between them.
 */
export class ForegroundGate {
  private running = 0;
  private readonly waiting: Array<{ since: number; go: () => void }> = [];
  private turnQueued = false;
  private timer: NodeJS.Timeout | null = null;
  /** Reads that waited, and those of them let go by their time limit rather than the gate. */
  deferred = 0;
  overdue = 0;

  constructor(
    readonly maxDeferMs: number,
    private readonly perTurn = 8,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Foreground requests running now. */
  get foreground(): number {
    return this.running;
  }

  /** Reads waiting now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** A foreground request starts. */
  enter(): void {
    this.running += 1;
  }

  /** A foreground request has its answer (or its client left). */
  leave(): void {
    this.running = Math.max(0, this.running - 1);
    if (this.running === 0) this.queueTurn();
  }

  /**
   * Nothing when the read may start at once (no foreground request runs and no read waits);
   * else a promise that resolves at its turn.
   */
  wait(): Promise<void> | undefined {
    if (this.maxDeferMs === 0) return undefined;
    if (this.running === 0 && this.waiting.length === 0) return undefined;
    this.deferred += 1;
    return new Promise<void>((go) => {
      this.waiting.push({ since: this.clock(), go });
      if (this.running === 0) this.queueTurn();
      else this.armTimer();
    });
  }

  private queueTurn(): void {
    if (this.turnQueued) return;
    this.turnQueued = true;
    setImmediate(() => this.turn());
  }

  /** Lets go up to `perTurn` reads: all are due when the gate is open, else the overdue ones. */
  private turn(): void {
    this.turnQueued = false;
    const now = this.clock();
    for (let n = 0; n < this.perTurn; n += 1) {
      const head = this.waiting[0];
      if (!head) break;
      const late = now - head.since >= this.maxDeferMs;
      if (this.running > 0 && !late) break;
      if (this.running > 0) this.overdue += 1;
      this.waiting.shift();
      head.go();
    }
    const head = this.waiting[0];
    if (!head) return;
    if (this.running === 0 || now - head.since >= this.maxDeferMs) this.queueTurn();
    else this.armTimer();
  }

  /** Wakes the line when its first read's time is up. */
  private armTimer(): void {
    const head = this.waiting[0];
    if (this.timer || !head) return;
    const left = Math.max(0, head.since + this.maxDeferMs - this.clock());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.queueTurn();
    }, Math.ceil(left));
    this.timer.unref();
  }
}

/**
 * The onRequest hook of a plugin of public reads: each of its requests waits, before any work of
 * its own, for the foreground requests running when it came (at most the gate's limit). Written
 * with a callback rather than as an async function: a read that need not wait, nearly every one,
 * goes on at once, without a promise and a turn of the microtask queue of its own.
 */
export function yieldTo(gate: ForegroundGate) {
  return (_request: unknown, _reply: unknown, done: (error?: Error) => void): void => {
    const turn = gate.wait();
    if (turn) turn.then(() => done(), done);
    else done();
  };
}
