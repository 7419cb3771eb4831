import { inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rooms } from './schema/index';

/**
 * Gives the buildings of `roomIds` a new version inside the caller's transaction, for a change
 * the database triggers do not see but the building table shows (migration
 * 0022_building-version-notify.sql): rooms joining or leaving a 摇号 batch, a batch being drawn
 * (docs/product/lottery.md). Each building once, in id order, like the triggers. The version row
 * stays locked until the transaction ends, so call it as the transaction's last statement. It
 * stands in for the triggers, so it lives beside them, below every module.
 */
export async function bumpBuildingsOfRooms(tx: Db, roomIds: readonly number[]): Promise<void> {
  if (roomIds.length === 0) return;
  await tx.execute(sql`
    select bump_building_version(b.building_id)
    from (
      select distinct ${rooms.buildingId} as building_id from ${rooms}
      where ${inArray(rooms.id, [...roomIds])}
      order by building_id
    ) b`);
}
