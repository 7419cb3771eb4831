import { PROJECT_STATUS } from '@portal/shared/status';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupBuySignups, projects } from '../../db/schema/index';

/** Whether a published project runs a group buy; undefined when no such project is published. */
export async function readGroupBuyFlag(db: Db, id: number) {
  const [row] = await db
    .select({ groupBuy: projects.groupBuy })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)));
  return row;
}

/** A project's stored group-buy sign-ups, newest first. */
export function listGroupBuySignups(db: Db, id: number) {
  return db
    .select()
    .from(groupBuySignups)
    .where(eq(groupBuySignups.projectId, id))
    .orderBy(desc(groupBuySignups.createdAt), desc(groupBuySignups.id));
}
