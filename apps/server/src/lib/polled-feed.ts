/**
 * A change feed read from the database on a timer while anyone listens: the listeners are held by
 * key (a building, a batch), nothing is read while nobody listens, and a pass that is still
 * running when the next is due is not started twice. A subclass reads in `poll` and hands what it
 * found to the listeners of a key with `deliver`.
 */
export abstract class PolledFeed<T> {
  private readonly listeners = new Map<number, Set<(value: T) => void>>();
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private stopped = false;

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs: number,
  ) {}

  /** Reads once for the keys listened to now, delivering what changed. */
  protected abstract poll(keys: number[]): Promise<void>;

  /** Runs when listening starts after a pause (before the first read). */
  protected onStart(): void {}

  /** Calls `listener` with every change of `key` until the returned stop. */
  subscribe(key: number, listener: (value: T) => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    this.start();
    return () => {
      const held = this.listeners.get(key);
      held?.delete(listener);
      if (held && held.size === 0) this.listeners.delete(key);
      if (this.listeners.size === 0) this.pause();
    };
  }

  /** Listeners held on this instance (all keys). */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Reads the feed once and delivers what it finds; exposed for tests. */
  async readOnce(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      await this.poll([...this.listeners.keys()]);
    } catch (error) {
      this.onError(error);
    } finally {
      this.reading = false;
    }
  }

  protected deliver(key: number, value: T): void {
    for (const listener of this.listeners.get(key) ?? []) listener(value);
  }

  private start(): void {
    if (this.timer || this.stopped) return;
    this.onStart();
    void this.readOnce();
    this.timer = setInterval(() => void this.readOnce(), this.intervalMs);
    this.timer.unref();
  }

  private pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops reading for good (server shutdown). */
  close(): void {
    this.stopped = true;
    this.pause();
    this.listeners.clear();
  }
}
