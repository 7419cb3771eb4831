/**
 * Kept answers of a public read (docs/architecture.md, "Kept answers of public reads"): the JSON
 * bytes of an answer under a key made of the read's known parameters, reused while the read's
 * version is the one they were produced at and they are younger than `maxAgeMs`. A bounded LRU
 * (a `Map` keeps insertion order: a hit moves its entry to the end, the first entry goes first).
 * Concurrent misses of one key at one version share one production (single flight).
 */
export interface KeptAnswersLimit {
  /** Answers kept at most. */
  entries: number;
  /** Bytes kept at most, all answers together. */
  bytes: number;
  /**
   * How old a kept answer may be, whatever the version says (what the version cannot see); a
   * read may ask for less per answer (`answer`'s `maxAgeMs`).
   */
  maxAgeMs: number;
}

interface Kept {
  version: number;
  /** When it is no longer served (epoch ms). */
  until: number;
  body: Buffer;
}

export class KeptAnswers {
  private readonly entries = new Map<string, Kept>();
  private readonly producing = new Map<string, { version: number; body: Promise<Buffer> }>();
  private byteCount = 0;
  /** Answers served kept; answers produced (each one a database read); misses that joined one. */
  hits = 0;
  produced = 0;
  joined = 0;

  constructor(readonly limit: KeptAnswersLimit) {}

  /**
   * The answer kept under `key` at `version` while younger than the maximum age at `now`, else
   * the bytes `produce` returns, kept for the next caller. A caller that misses while the same
   * key is produced at the same version waits for that production: it read `version` itself
   * after it asked, and the production began after that version was current, so its answer
   * holds every change up to it.
   */
  answer(
    key: string,
    version: number,
    produce: () => Promise<Buffer>,
    now = Date.now(),
    maxAgeMs = this.limit.maxAgeMs,
  ): Promise<Buffer> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version && now < kept.until) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      this.hits += 1;
      return Promise.resolve(kept.body);
    }
    const under = this.producing.get(key);
    if (under && under.version === version) {
      this.joined += 1;
      return under.body;
    }
    this.produced += 1;
    const body = produce().then((bytes) => {
      this.set(key, { version, until: now + Math.min(maxAgeMs, this.limit.maxAgeMs), body: bytes });
      return bytes;
    });
    const flight = { version, body };
    this.producing.set(key, flight);
    const settle = () => {
      if (this.producing.get(key) === flight) this.producing.delete(key);
    };
    body.then(settle, settle);
    return body;
  }

  private set(key: string, kept: Kept): void {
    this.drop(key);
    if (kept.body.length > this.limit.bytes) return;
    this.entries.set(key, kept);
    this.byteCount += kept.body.length;
    while (this.entries.size > this.limit.entries || this.byteCount > this.limit.bytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.byteCount -= kept.body.length;
  }

  /** Answers kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.byteCount;
  }
}

/**
 * A key of the known parameters of a parsed query, in a fixed (sorted) order, with absent and
 * empty ones left out: parameters a schema does not know never reach it, and the same question
 * asked with its parameters in another order is the same key.
 */
export function keyOf(known: Record<string, string | number | undefined | null>): string {
  return Object.keys(known)
    .sort()
    .filter((name) => known[name] !== undefined && known[name] !== null && known[name] !== '')
    .map((name) => `${name}=${encodeURIComponent(String(known[name]))}`)
    .join('&');
}
