import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { recordAudit } from '../audit/index';
import { projectExists } from './projects.admin.queries';

/**
 * 404 unless the project exists. Called before an album upload is read, so a picture is never
 * stored for a project that is not there.
 */
export async function assertProjectExists(db: Db, projectId: number): Promise<void> {
  if (!(await projectExists(db, projectId))) throw new AppError('NOT_FOUND', '楼盘不存在');
}

/** Adds an uploaded picture to a project's album group (效果图, 实景图 …). Audited. */
export async function addAlbumPicture(
  db: Db,
  actorId: number,
  projectId: number,
  group: string,
  file: { path: string; originalName: string },
): Promise<number> {
  const id = await db.transaction(async (tx) => {
    await assertProjectExists(tx, projectId);
    const [inserted] = await tx
      .insert(attachments)
      .values({
        ownerType: 'project',
        ownerId: projectId,
        group,
        path: file.path,
        originalName: file.originalName,
        sort: 99,
      })
      .returning({ id: attachments.id });
    await recordAudit(tx, {
      actorId,
      action: 'project.albumAdd',
      targetType: 'project',
      targetId: projectId,
      after: { attachmentId: inserted?.id, group, path: file.path },
    });
    return inserted?.id as number;
  });
  invalidateProjectReads();
  return id;
}

/** Removes one picture from a project's album. Audited. */
export async function removeAlbumPicture(
  db: Db,
  actorId: number,
  projectId: number,
  attachmentId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(attachments)
      .where(
        and(
          eq(attachments.id, attachmentId),
          eq(attachments.ownerType, 'project'),
          eq(attachments.ownerId, projectId),
        ),
      )
      .returning({ group: attachments.group, path: attachments.path });
    if (!removed) throw new AppError('NOT_FOUND', '图片不存在');
    await recordAudit(tx, {
      actorId,
      action: 'project.albumRemove',
      targetType: 'project',
      targetId: projectId,
      before: { attachmentId, ...removed },
    });
  });
  invalidateProjectReads();
}
