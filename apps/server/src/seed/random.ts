/**
 * Seeded pseudo-random numbers for the demo city: the same seed string always yields the same
 * sequence on every platform (integer arithmetic only; no Math.random, no clock).
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform real in [min, max). */
  real(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen with the given non-negative weights. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
  /** k distinct elements (all of them when k ≥ length), in random order. */
  sample<T>(items: readonly T[], k: number): T[];
  /** Approximately normal, mean 0 and standard deviation 1 (Irwin–Hall of 6 uniforms). */
  normal(): number;
  /** An independent generator derived from this one's seed and a label. */
  fork(label: string): Rng;
}

/** 32-bit string hash (cyrb53 folded), used to seed and fork generators. */
function hashString(text: string, salt: number): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** Creates a generator (sfc32) from a seed string. */
export function createRng(seed: string): Rng {
  let a = hashString(seed, 1);
  let b = hashString(seed, 2);
  let c = hashString(seed, 3);
  let d = hashString(seed, 4);
  const nextUint = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i += 1) nextUint();

  const rng: Rng = {
    next: () => nextUint() / 4294967296,
    int: (min, max) => min + Math.floor(rng.next() * (max - min + 1)),
    real: (min, max) => min + rng.next() * (max - min),
    chance: (p) => rng.next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(rng.next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = rng.next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    sample: (items, k) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(rng.next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy.slice(0, Math.max(0, k));
    },
    normal: () => {
      let sum = 0;
      for (let i = 0; i < 6; i += 1) sum += rng.next();
      return (sum - 3) * Math.SQRT2;
    },
    fork: (label) => createRng(`${seed}/${label}`),
  };
  return rng;
}
