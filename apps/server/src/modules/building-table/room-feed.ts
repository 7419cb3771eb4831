import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roomEvents } from '../../db/schema/index';
import { PolledFeed } from '../../lib/polled-feed';

/** A change of rooms of one building: which rooms, and the feed position after it. */
export interface RoomChange {
  buildingId: number;
  roomIds: number[];
  version: number;
}

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
export class RoomFeed extends PolledFeed<RoomChange> {
  private last = -1;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    onError: (error: unknown) => void,
    intervalMs = DEFAULT_INTERVAL_MS,
  ) {
    super(onError, intervalMs);
  }

  protected override onStart(): void {
    this.last = -1;
  }

  /** The feed position now: the id of the newest change (0 when there is none). */
  async version(): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number>`coalesce(max(${roomEvents.id}), 0)`.mapWith(Number) })
      .from(roomEvents);
    return row?.id ?? 0;
  }

  protected async poll(): Promise<void> {
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
        this.deliver(buildingId, { buildingId, roomIds: [...ids], version: this.last });
      }
    }
    await this.prune();
  }

  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db
      .delete(roomEvents)
      .where(and(lt(roomEvents.at, new Date(now - KEEP_MS)), lt(roomEvents.id, this.last)));
  }
}
