import type { AdminRoomFacts } from '@portal/shared/schemas/building-table/admin';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rooms } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { recordAudit } from '../audit/index';
import { houseModels } from '../projects/tables';

/**
 * Sets the 朝向 and/or 户型 of up to 500 rooms of one project (docs/product/new-build.md): the
 * model must belong to the rooms' project; each changed room is audited with its old and new
 * facts in the same transaction, and the kept project reads are dropped.
 */
export async function setRoomFacts(
  db: Db,
  actorId: number,
  input: AdminRoomFacts,
): Promise<{ changed: number }> {
  const ids = [...new Set(input.roomIds)];
  const changed = await db.transaction(async (tx) => {
    const before = await tx
      .select({
        id: rooms.id,
        projectId: rooms.projectId,
        orientation: rooms.orientation,
        houseModelId: rooms.houseModelId,
      })
      .from(rooms)
      .where(inArray(rooms.id, ids));
    const projectIds = new Set(before.map((r) => r.projectId));
    if (before.length !== ids.length || projectIds.size !== 1)
      throw new AppError('VALIDATION_FAILED', '请选择同一楼盘中存在的房间');
    const [projectId] = [...projectIds] as [number];
    if (input.houseModelId != null) {
      const [model] = await tx
        .select({ id: houseModels.id })
        .from(houseModels)
        .where(and(eq(houseModels.id, input.houseModelId), eq(houseModels.projectId, projectId)));
      if (!model) throw new AppError('VALIDATION_FAILED', '户型不属于该楼盘');
    }
    // The facts only: a room's colour is written by room-state.ts alone, for the orders.
    await tx
      .update(rooms)
      .set({
        ...(input.orientation !== undefined && { orientation: input.orientation }),
        ...(input.houseModelId !== undefined && { houseModelId: input.houseModelId }),
      })
      .where(inArray(rooms.id, ids));
    const at = new Date();
    for (const row of before)
      await recordAudit(tx, {
        actorId,
        action: 'room.facts',
        targetType: 'room',
        targetId: row.id,
        before: { orientation: row.orientation, houseModelId: row.houseModelId },
        after: {
          orientation: input.orientation ?? row.orientation,
          houseModelId: input.houseModelId !== undefined ? input.houseModelId : row.houseModelId,
        },
        at,
      });
    return before.length;
  });
  invalidateProjectReads();
  return { changed };
}
