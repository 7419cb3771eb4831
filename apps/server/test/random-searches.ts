/** A deterministic pseudo-random source (mulberry32), so a failing property test can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picking helpers over `next`: one of a list, and a value only some of the time. */
export function drawsOf(next: () => number) {
  return {
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    sometimes: <T>(value: () => T, share = 0.25): T | undefined =>
      next() < share ? value() : undefined,
  };
}
