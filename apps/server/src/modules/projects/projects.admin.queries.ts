import { ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attachments,
  districts,
  licences,
  projects,
  projectTags,
  tags,
} from '../../db/schema/index';
import { PUBLIC_URL_PREFIX } from '../../integrations/storage/object-storage';
import { AppError } from '../../lib/app-error';
import { buildings } from '../building-table/tables';

/** Tag type 5: project characteristics (特色). */
export const PROJECT_TAG_TYPE = 5;

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
        greenCount: sql<number>`(select count(*) from rooms r where r.project_id = ${projects.id} and r.sale_status = ${ROOM_SALE_STATUS.AVAILABLE})::int`,
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

/** Whether a project of that id exists, published or not. */
export async function projectExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  return row !== undefined;
}

/** A project's editable facts and tag ids (404 when there is no such project). */
export async function readFacts(db: Db, id: number) {
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
        .select({ id: buildings.id, tabletNum: buildings.name })
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
    album: album.map((item) => ({ ...item, url: PUBLIC_URL_PREFIX + item.path })),
    licences: licenceRows,
    buildings: buildingRows,
  };
}
