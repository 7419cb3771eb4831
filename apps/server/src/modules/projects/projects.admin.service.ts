import type { AdminProjectFacts } from '@portal/shared/schemas/admin';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { bigramTsVector } from '../../db/bigrams';
import type { Db } from '../../db/client';
import {
  attachments,
  buildings,
  companies,
  districts,
  licences,
  projects,
  projectTags,
  tags,
} from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { UPLOADS_PREFIX } from '../../plugins/static-files';
import { markPriceChange } from '../price-history/index';
import { invalidateProjectReads } from '../projects/read-cache';
import { changedFields, recordAudit } from './audit';
import { assertIssuedImage } from './issued-uploads';

/** Tag type 5: project characteristics (特色). */
const PROJECT_TAG_TYPE = 5;

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '\\$&');
}

/** Projects for the console, any publish status, with their room and on-sale counts. */
export async function listAdminProjects(
  db: Db,
  query: { keyword?: string; pageNum: number; pageSize: number },
) {
  const where = query.keyword
    ? or(
        ilike(projects.publishName, `%${escapeLike(query.keyword)}%`),
        ilike(projects.projectName, `%${escapeLike(query.keyword)}%`),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: projects.id,
        publishName: projects.publishName,
        districtName: districts.name,
        platformPrice: projects.platformPrice,
        publishStatus: projects.publishStatus,
        statusText: projects.statusText,
        roomCount: sql<number>`(select count(*) from rooms r where r.project_id = ${projects.id})::int`,
        greenCount: sql<number>`(select count(*) from rooms r where r.project_id = ${projects.id} and r.sale_status = 'green')::int`,
      })
      .from(projects)
      .innerJoin(districts, eq(districts.code, projects.districtCode))
      .where(where)
      .orderBy(desc(projects.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(projects).where(where),
  ]);
  return { list: rows, total: total?.value ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}

const factColumns = {
  publishName: projects.publishName,
  projectName: projects.projectName,
  projectAddress: projects.projectAddress,
  platformPrice: projects.platformPrice,
  currentPrice: projects.currentPrice,
  publishPrice: projects.publishPrice,
  depositAmount: projects.depositAmount,
  publishStatus: projects.publishStatus,
  statusText: projects.statusText,
  decorateStr: projects.decorateStr,
  buildTypeStr: projects.buildTypeStr,
  houseTypeStr: projects.houseTypeStr,
  salesCenter: projects.salesCenter,
  contact: projects.contact,
  groupBuy: projects.groupBuy,
  recommended: projects.recommended,
  coverPath: projects.coverPath,
};

async function readFacts(db: Db, id: number) {
  const [row] = await db.select(factColumns).from(projects).where(eq(projects.id, id));
  if (!row) throw new AppError('NOT_FOUND', '楼盘不存在');
  const tagRows = await db
    .select({ id: projectTags.tagId })
    .from(projectTags)
    .where(eq(projectTags.projectId, id));
  return { ...row, tagIds: tagRows.map((t) => t.id).sort((a, b) => a - b) };
}

/** One project with everything the console edits: facts, tags, album, licences, buildings. */
export async function getAdminProject(db: Db, id: number) {
  const facts = await readFacts(db, id);
  const [[district], projectTagRows, allTags, album, licenceRows, buildingRows] = await Promise.all(
    [
      db
        .select({ name: districts.name })
        .from(projects)
        .innerJoin(districts, eq(districts.code, projects.districtCode))
        .where(eq(projects.id, id)),
      db
        .select({ id: tags.id, tagName: tags.tagName })
        .from(projectTags)
        .innerJoin(tags, eq(tags.id, projectTags.tagId))
        .where(eq(projectTags.projectId, id))
        .orderBy(asc(tags.sort), asc(tags.id)),
      db
        .select({ id: tags.id, tagName: tags.tagName })
        .from(tags)
        .where(eq(tags.tagType, PROJECT_TAG_TYPE))
        .orderBy(asc(tags.sort), asc(tags.id)),
      db
        .select({ id: attachments.id, group: attachments.group, path: attachments.path })
        .from(attachments)
        .where(and(eq(attachments.ownerType, 'project'), eq(attachments.ownerId, id)))
        .orderBy(asc(attachments.group), asc(attachments.sort), asc(attachments.id)),
      db
        .select({
          id: licences.id,
          licenceNo: licences.licenceNo,
          buildingNames: licences.buildingNames,
          issueDate: licences.issueDate,
          scope: licences.scope,
        })
        .from(licences)
        .where(eq(licences.projectId, id))
        .orderBy(asc(licences.issueDate)),
      db
        .select({ id: buildings.id, tabletNum: buildings.tabletNum })
        .from(buildings)
        .where(eq(buildings.projectId, id))
        .orderBy(asc(buildings.sort), asc(buildings.id)),
    ],
  );
  return {
    id,
    ...facts,
    districtName: district?.name ?? '',
    tags: projectTagRows,
    allTags,
    album: album.map((item) => ({ ...item, url: UPLOADS_PREFIX + item.path })),
    licences: licenceRows,
    buildings: buildingRows,
  };
}

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
          facts.publishStatus === 3 ? sql`coalesce(${projects.publishedAt}, now())` : undefined,
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
