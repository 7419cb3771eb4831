import type { AdminProjectFacts } from '@portal/shared/schemas/projects/admin';
import { PROJECT_STATUS } from '@portal/shared/status';
import { and, eq, sql } from 'drizzle-orm';
import { bigramTsVector } from '../../db/bigrams';
import type { Db } from '../../db/client';
import { companies, districts, projects, projectTags, tags } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { invalidateProjectReads } from '../../lib/read-cache';
import { assertIssuedImage } from '../admin/index';
import { changedFields, recordAudit } from '../audit/index';
import { markPriceChange } from '../price-history/index';
import { PROJECT_TAG_TYPE, readFacts } from './projects.admin.queries';

/**
 * Saves a project's facts, prices (yuan/㎡), deposit (yuan), tags and cover picture; refreshes
 * its search lexemes; audits the changed fields; and invalidates the cached public project reads.
 * A new cover must be a picture the console's upload endpoint issued and stored (400 otherwise);
 * an absent `coverPath` keeps the current one.
 */
export async function updateProjectFacts(
  db: Db,
  storage: Pick<ObjectStorage, 'exists'>,
  actorId: number,
  id: number,
  input: AdminProjectFacts,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readFacts(tx, id);
    const coverPath = input.coverPath === undefined ? before.coverPath : input.coverPath || null;
    if (coverPath && coverPath !== before.coverPath) {
      await assertIssuedImage(storage, coverPath, 'admin/images', '封面图片');
    }
    const tagIds = [...new Set(input.tagIds)].sort((a, b) => a - b);
    if (tagIds.length) {
      const known = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.tagType, PROJECT_TAG_TYPE), sql`${tags.id} in ${tagIds}`));
      if (known.length !== tagIds.length) throw new AppError('VALIDATION_FAILED', '楼盘标签不存在');
    }
    const { tagIds: _ignored, coverPath: _cover, ...rest } = input;
    const facts = { ...rest, coverPath };
    const [names] = await tx
      .select({ district: districts.name, developer: companies.name })
      .from(projects)
      .innerJoin(districts, eq(districts.code, projects.districtCode))
      .leftJoin(companies, eq(companies.id, projects.companyId))
      .where(eq(projects.id, id));
    await markPriceChange(tx, 'console');
    await tx
      .update(projects)
      .set({
        ...facts,
        publishedAt:
          facts.publishStatus === PROJECT_STATUS.PUBLISHED
            ? sql`coalesce(${projects.publishedAt}, now())`
            : undefined,
        searchBigrams: bigramTsVector(
          facts.publishName,
          facts.projectName,
          facts.projectAddress,
          names?.district,
          names?.developer,
        ),
      })
      .where(eq(projects.id, id));
    await tx.delete(projectTags).where(eq(projectTags.projectId, id));
    if (tagIds.length) {
      await tx.insert(projectTags).values(tagIds.map((tagId) => ({ projectId: id, tagId })));
    }
    const changes = changedFields(before, { ...facts, tagIds });
    await recordAudit(tx, {
      actorId,
      action: 'project.update',
      targetType: 'project',
      targetId: id,
      ...changes,
    });
  });
  invalidateProjectReads();
}
