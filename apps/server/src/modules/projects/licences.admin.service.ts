import type { AdminLicenceSave } from '@portal/shared/schemas/projects/admin';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licences, projects } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { recordAudit } from '../audit/index';
import { buildings } from '../building-table/tables';

/**
 * Creates (no `licenceId`) or edits a pre-sale licence of a project. A licence number already
 * used answers 409. Audited; invalidates the cached project reads.
 */
export async function saveLicence(
  db: Db,
  actorId: number,
  projectId: number,
  input: AdminLicenceSave,
  licenceId?: number,
): Promise<number> {
  try {
    const id = await db.transaction(async (tx) => {
      const [project] = await tx
        .select({ districtCode: projects.districtCode, address: projects.projectAddress })
        .from(projects)
        .where(eq(projects.id, projectId));
      if (!project) throw new AppError('NOT_FOUND', '楼盘不存在');
      const values = { ...input, statusDate: input.issueDate };
      let before: unknown = null;
      let savedId: number;
      if (licenceId === undefined) {
        const [row] = await tx
          .insert(licences)
          .values({
            ...values,
            projectId,
            districtCode: project.districtCode,
            address: project.address,
          })
          .returning({ id: licences.id });
        savedId = row?.id as number;
      } else {
        const [old] = await tx
          .select({
            licenceNo: licences.licenceNo,
            buildingNames: licences.buildingNames,
            issueDate: licences.issueDate,
            scope: licences.scope,
          })
          .from(licences)
          .where(and(eq(licences.id, licenceId), eq(licences.projectId, projectId)));
        if (!old) throw new AppError('NOT_FOUND', '预售许可证不存在');
        before = old;
        await tx.update(licences).set(values).where(eq(licences.id, licenceId));
        savedId = licenceId;
      }
      await recordAudit(tx, {
        actorId,
        action: licenceId === undefined ? 'licence.create' : 'licence.update',
        targetType: 'project',
        targetId: projectId,
        before,
        after: { licenceId: savedId, ...input },
      });
      return savedId;
    });
    invalidateProjectReads();
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', '该预售许可证号已存在');
    throw error;
  }
}

/**
 * Deletes a pre-sale licence of a project that was entered by mistake. A licence that buildings
 * rest on is refused (409, naming them): without it their rooms read 不可售 on the building table
 * and take no deposit, and the console cannot link buildings to a licence again. Audited with the
 * deleted licence as its before values; invalidates the cached project reads.
 */
export async function deleteLicence(
  db: Db,
  actorId: number,
  projectId: number,
  licenceId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [licence] = await tx
      .select({
        licenceNo: licences.licenceNo,
        buildingNames: licences.buildingNames,
        issueDate: licences.issueDate,
        scope: licences.scope,
      })
      .from(licences)
      .where(and(eq(licences.id, licenceId), eq(licences.projectId, projectId)))
      .for('update');
    if (!licence) throw new AppError('NOT_FOUND', '预售许可证不存在');
    const linked = await tx
      .select({ name: buildings.name })
      .from(buildings)
      .where(eq(buildings.licenceId, licenceId))
      .orderBy(asc(buildings.sort), asc(buildings.id));
    if (linked.length) {
      const names = linked.map((b) => b.name).join('、');
      throw new AppError('CONFLICT', `该预售许可证已关联楼栋（${names}），不能删除`);
    }
    await tx.delete(licences).where(eq(licences.id, licenceId));
    await recordAudit(tx, {
      actorId,
      action: 'licence.delete',
      targetType: 'project',
      targetId: projectId,
      before: { licenceId, ...licence },
      after: null,
    });
  });
  invalidateProjectReads();
}
