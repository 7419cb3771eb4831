import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roomEvents } from '../../db/schema/index';

/** A change of rooms of one building: which rooms, and the feed position after it. */
export interface RoomChange {
  buildingId: number;
  roomIds: number[];
  version: number;
}

type Listener = (change: RoomChange) => void;

/** How often the feed is read while someone listens, in milliseconds. */
const DEFAULT_INTERVAL_MS = 250;
/** Changes read per pass at most; the next pass reads on. */
const BATCH = 1000;
/** Feed rows older than this are deleted (no reader needs them once delivered). */
const KEEP_MS = 3_600_000;
const PRUNE_EVERY_MS = 300_000;

/**
 * Follows `room_events`, the change feed a database trigger writes in the transaction of every
 * change of a room's colour, deadlines or prices (migration 0014), whatever code made it: order
 * transitions, the sweepers, operators, the seed. Each instance reads past the last id it saw
 * while it has listeners, so a change reaches the viewers of every instance within one interval
 * of its commit, and nothing is read while nobody watches.
 */
export class RoomFeed {
  private readonly listeners = new Map<number, Set<Listener>>();
  private timer: NodeJS.Timeout | null = null;
  private last = -1;
  private reading = false;
  private lastPrune = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** The feed position now: the id of the newest change (0 when there is none). */
  async version(): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number>`coalesce(max(${roomEvents.id}), 0)`.mapWith(Number) })
      .from(roomEvents);
    return row?.id ?? 0;
  }

  /** Calls `listener` with every change of the building's rooms until the returned stop. */
  subscribe(buildingId: number, listener: Listener): () => void {
    let set = this.listeners.get(buildingId);
    if (!set) {
      set = new Set();
      this.listeners.set(buildingId, set);
    }
    set.add(listener);
    this.start();
    return () => {
      const held = this.listeners.get(buildingId);
      held?.delete(listener);
      if (held && held.size === 0) this.listeners.delete(buildingId);
      if (this.listeners.size === 0) this.pause();
    };
  }

  /** Listeners held on this instance (all buildings). */
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
      if (this.last < 0) {
        this.last = await this.version();
        return;
      }
      const rows = await this.db
        .select({ id: roomEvents.id, buildingId: roomEvents.buildingId, roomId: roomEvents.roomId })
        .from(roomEvents)
        .where(gt(roomEvents.id, this.last))
        .orderBy(asc(roomEvents.id))
        .limit(BATCH);
      if (rows.length > 0) {
        this.last = (rows[rows.length - 1] as { id: number }).id;
        const byBuilding = new Map<number, Set<number>>();
        for (const row of rows) {
          const ids = byBuilding.get(row.buildingId) ?? new Set<number>();
          ids.add(row.roomId);
          byBuilding.set(row.buildingId, ids);
        }
        for (const [buildingId, ids] of byBuilding) {
          const change = { buildingId, roomIds: [...ids], version: this.last };
          for (const listener of this.listeners.get(buildingId) ?? []) listener(change);
        }
      }
      await this.prune();
    } catch (error) {
      this.onError(error);
    } finally {
      this.reading = false;
    }
  }

  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db
      .delete(roomEvents)
      .where(and(lt(roomEvents.at, new Date(now - KEEP_MS)), lt(roomEvents.id, this.last)));
  }

  private start(): void {
    if (this.timer || this.stopped) return;
    this.last = -1;
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
