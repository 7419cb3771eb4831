import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Attempts a client may have counted within the window before buyer queries are refused. */
export const BUYER_QUERY_MAX_FAILURES = 5;
/** Length of the attempt window, in milliseconds (15 minutes). */
export const BUYER_QUERY_WINDOW_MS = 15 * 60_000;

/** One reserved attempt of one client; handed back to `release` when the credentials matched. */
export interface AttemptTicket {
  key: string;
  id: string;
}

/**
 * Counts buyer-query attempts per client (its address) in a sliding window. An attempt is
 * reserved before the credentials are checked, in the same atomic step that checks the client
 * still has attempts left, so parallel requests cannot get past the limit; a query whose
 * credentials matched gives its reservation back, a wrong one keeps it until the window passes.
 */
export interface BuyerQueryLimiter {
  /** Reserves one attempt for `key`; null when the client has used up its attempts. */
  reserve(key: string): Promise<AttemptTicket | null>;
  /** Gives back the attempt of a query whose credentials matched (or that failed for other reasons). */
  release(ticket: AttemptTicket): Promise<void>;
}

const newId = () => randomBytes(8).toString('hex');

/** One process: the attempts live in memory; reserve runs without yielding, so it is atomic. */
export class InProcessBuyerQueryLimiter implements BuyerQueryLimiter {
  private readonly attempts = new Map<string, Array<{ id: string; at: number }>>();

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string): Promise<AttemptTicket | null> {
    const since = this.now() - BUYER_QUERY_WINDOW_MS;
    const kept = (this.attempts.get(key) ?? []).filter((attempt) => attempt.at > since);
    if (kept.length >= BUYER_QUERY_MAX_FAILURES) {
      this.attempts.set(key, kept);
      return null;
    }
    const ticket = { key, id: newId() };
    this.attempts.set(key, [...kept, { id: ticket.id, at: this.now() }]);
    return ticket;
  }

  async release(ticket: AttemptTicket): Promise<void> {
    const kept = (this.attempts.get(ticket.key) ?? []).filter((a) => a.id !== ticket.id);
    if (kept.length > 0) this.attempts.set(ticket.key, kept);
    else this.attempts.delete(ticket.key);
  }
}

/**
 * Drops attempts older than the window, refuses when `max` remain, else records this one.
 * KEYS[1] the client's sorted set; ARGV now (ms), window (ms), max, attempt id.
 */
const RESERVE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * Several instances: each client's attempts are a Redis sorted set
 * (`<prefix>buyer-query:<client>`, scored by time in ms), reserved by one Lua script, so every
 * instance enforces one shared limit. When Redis does not answer, this instance counts on its
 * own (like the request rate limits), so the queries stay limited through an outage.
 */
export class RedisBuyerQueryLimiter implements BuyerQueryLimiter {
  private readonly local = new InProcessBuyerQueryLimiter();
  private readonly localTickets = new WeakSet<AttemptTicket>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onFallback: (error: unknown) => void,
  ) {}

  async reserve(key: string): Promise<AttemptTicket | null> {
    const ticket = { key: `${this.prefix}buyer-query:${key}`, id: newId() };
    try {
      const reserved = await this.redis.eval(
        RESERVE_SCRIPT,
        1,
        ticket.key,
        Date.now(),
        BUYER_QUERY_WINDOW_MS,
        BUYER_QUERY_MAX_FAILURES,
        ticket.id,
      );
      return reserved === 1 ? ticket : null;
    } catch (error) {
      this.onFallback(error);
      const local = await this.local.reserve(key);
      if (local) this.localTickets.add(local);
      return local;
    }
  }

  /** A lost release only leaves the attempt counted until its window passes. */
  async release(ticket: AttemptTicket): Promise<void> {
    if (this.localTickets.has(ticket)) return this.local.release(ticket);
    await this.redis.zrem(ticket.key, ticket.id).catch(() => undefined);
  }
}

/**
 * The limiter of this instance: shared through Redis when the app has a Redis connection
 * (REDIS_URL, several instances behind the proxy), in memory otherwise.
 */
export function createBuyerQueryLimiter(options: {
  redis: Redis | null;
  redisPrefix: string;
  onFallback: (error: unknown) => void;
}): BuyerQueryLimiter {
  return options.redis
    ? new RedisBuyerQueryLimiter(options.redis, options.redisPrefix, options.onFallback)
    : new InProcessBuyerQueryLimiter();
}
