import type { Db } from '../db/client';
import type { PicturePool } from './pictures/index';
import { createRng, type Rng } from './random';

/** Reference instant of the demo city when no `now` is given: 2026-11-01 10:00 Beijing time. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T02:00:00.000Z');

/** The deterministic generator of one seed topic (the same for every run and machine). */
export function seedRng(topic: string): Rng {
  return createRng(`portal-city/${topic}`);
}

/** What every seed module receives. */
export interface SeedContext {
  db: Db;
  /** City size multiplier (1 = the full city). */
  scale: number;
  /** The instant all seeded times are relative to. */
  now: Date;
  pictures: PicturePool;
  /** An independent deterministic generator per topic, so modules do not disturb each other. */
  rng(topic: string): Rng;
  /** Scaled count: `round(base × scale)`, never below `min`. */
  count(base: number, min?: number): number;
  log(line: string): void;
}

/** Builds the context; all randomness derives from the fixed seed string and the scale. */
export function createSeedContext(
  db: Db,
  options: { scale: number; now: Date; pictures: PicturePool; log: (line: string) => void },
): SeedContext {
  return {
    db,
    scale: options.scale,
    now: options.now,
    pictures: options.pictures,
    rng: seedRng,
    count: (base, min = 1) => Math.max(min, Math.round(base * options.scale)),
    log: options.log,
  };
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** `now` shifted by whole or fractional minutes (negative = earlier). */
export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + Math.round(minutes * MINUTE));
}

/** `now` shifted by whole or fractional days (negative = earlier). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + Math.round(days * DAY));
}

/** The seed's calendar is Beijing time, as everywhere in the product. */
export { beijingDate, beijingStamp } from '@portal/shared/beijing-time';

/** Sequential ids for rows the seed numbers itself (the identity sequences are synced after). */
export class IdCounter {
  private value = 0;

  next(): number {
    this.value += 1;
    return this.value;
  }
}
