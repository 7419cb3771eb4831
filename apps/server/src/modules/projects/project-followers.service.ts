import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema/index';

/**
 * Moves a project's follower count (关注人数, `collect_number`) by one citizen's 收藏 added (+1) or
 * removed (−1), never below 0. The favourites call it in the transaction that adds or removes the
 * favourite (docs/decisions/0075-one-owner-per-table.md).
 */
export async function moveProjectFollowers(tx: Db, projectId: number, by: 1 | -1): Promise<void> {
  await tx
    .update(projects)
    .set({ collectNumber: sql`greatest(${projects.collectNumber} + ${by}, 0)` })
    .where(eq(projects.id, projectId));
}
