import type { Redis } from 'ioredis';

/**
 * What WeChat sign-in keeps across requests and instances (docs/security.md, "WeChat sign-in"):
 * the callbacks already accepted, the access token and the lock of its fetch. In Redis when
 * REDIS_URL is set, so every instance sees the same values; in this process otherwise (a single
 * instance). Redis failures are thrown to the caller, which decides whether to refuse or go on.
 */
export interface SharedStore {
  /**
   * Remembers `key` (holding `value`) for `ttlMs`; true when it was not yet remembered: the
   * first claim wins, on every instance.
   */
  claim(key: string, ttlMs: number, value?: string): Promise<boolean>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes `key` only while it still holds `value` (the owner releasing its lock). */
  release(key: string, value: string): Promise<void>;
}

/** Keys the in-process store keeps before it drops expired ones. */
const MEMORY_PRUNE_AT = 10_000;

/** The store of a single instance: a map with expiry times. */
export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, { value: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return null;
  }

  private prune(): void {
    if (this.entries.size < MEMORY_PRUNE_AT) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }

  async claim(key: string, ttlMs: number, value = '1'): Promise<boolean> {
    if (this.live(key) !== null) return false;
    this.prune();
    this.entries.set(key, { value, until: this.now() + ttlMs });
    return true;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.prune();
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }

  async release(key: string, value: string): Promise<void> {
    if (this.live(key) === value) this.entries.delete(key);
  }
}

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** The store shared by every instance: `SET … NX PX` claims, plain `SET … PX` values. */
export class RedisStore implements SharedStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async claim(key: string, ttlMs: number, value = '1'): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async release(key: string, value: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key, value);
  }
}

/** The WeChat store of this application: Redis when configured, else this process's memory. */
export function wechatStore(redis: Redis | null, prefix: string): SharedStore {
  return redis ? new RedisStore(redis, prefix) : new MemoryStore();
}
