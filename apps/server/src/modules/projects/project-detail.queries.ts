import { NEWS_TYPE } from '@portal/shared/constants/news';
import type { ProjectDetail, ProjectNewsItem } from '@portal/shared/schemas/projects';
import { PROJECT_STATUS } from '@portal/shared/status';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attachments,
  companies,
  houseModels,
  licences,
  projects,
  projectTags,
  tags,
} from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { isPublicArticle, news } from '../news/tables';

/** Published project news (type 3 楼盘动态) of one project, newest first. */
export async function listProjectNews(
  db: Db,
  projectId: number | null,
  limit: number,
  offset = 0,
): Promise<{ list: ProjectNewsItem[]; total: number }> {
  const where = and(
    eq(news.newsType, NEWS_TYPE.DYNAMIC),
    isPublicArticle(),
    projectId === null ? undefined : eq(news.projectId, projectId),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: news.id,
        title: news.title,
        source: news.source,
        time: news.updatedAt,
        projectId: news.projectId,
      })
      .from(news)
      .where(where)
      .orderBy(desc(news.updatedAt), desc(news.id))
      .limit(limit)
      .offset(offset),
    db.$count(news, where),
  ]);
  return { list: rows.map((row) => ({ ...row, time: row.time.toISOString() })), total };
}

type PublicDetail = Omit<ProjectDetail, 'collected'>;

/** Everything the project pages show, except the caller's own 收藏 state; null if unpublished. */
export async function findProjectDetail(db: Db, id: number): Promise<PublicDetail | null> {
  const [row] = await db
    .select({
      project: projects,
      companyName: companies.name,
      qualificationLevel: companies.qualificationLevel,
      qualificationNum: companies.qualificationNum,
    })
    .from(projects)
    .leftJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(projects.id, id), eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)));
  if (!row) return null;
  const p = row.project;
  const [tagRows, models, licenceRows, pictures, newsPage] = await Promise.all([
    db
      .select({ name: tags.tagName })
      .from(projectTags)
      .innerJoin(tags, eq(tags.id, projectTags.tagId))
      .where(eq(projectTags.projectId, id))
      .orderBy(asc(tags.sort), asc(tags.id)),
    db
      .select({
        id: houseModels.id,
        bedroom: houseModels.bedroom,
        houseType: houseModels.houseType,
        area: houseModels.area,
        value: houseModels.value,
        picturePath: houseModels.picturePath,
        description: houseModels.description,
        layoutRooms: houseModels.layoutRooms,
      })
      .from(houseModels)
      .where(eq(houseModels.projectId, id))
      .orderBy(asc(houseModels.bedroom), asc(houseModels.sort), asc(houseModels.id)),
    db.select().from(licences).where(eq(licences.projectId, id)).orderBy(asc(licences.issueDate)),
    db
      .select({ group: attachments.group, path: attachments.path })
      .from(attachments)
      .where(and(eq(attachments.ownerType, 'project'), eq(attachments.ownerId, id)))
      .orderBy(asc(attachments.group), asc(attachments.sort), asc(attachments.id)),
    listProjectNews(db, id, 10),
  ]);
  const albums: Record<string, string[]> = {};
  for (const picture of pictures) (albums[picture.group] ??= []).push(picture.path);
  const areas = models.map((m) => m.area);
  const latest = newsPage.list[0];
  return {
    id: p.id,
    coverUrl: p.coverPath,
    publishName: p.publishName,
    projectName: p.projectName,
    districtCode: p.districtCode,
    projectAddress: p.projectAddress,
    salesCenter: p.salesCenter,
    platformPrice: p.platformPrice,
    currentPrice: p.currentPrice,
    publishPrice: p.publishPrice,
    statusText: p.statusText,
    houseTypeStr: p.houseTypeStr,
    tradein: p.tradein,
    tags: tagRows.map((t) => t.name),
    minArea: areas.length > 0 ? Math.min(...areas) : null,
    maxArea: areas.length > 0 ? Math.max(...areas) : null,
    latestNews: latest ? { id: latest.id, title: latest.title } : null,
    lastOpenDate: p.lastOpenDate,
    completionDate: p.completionDate,
    buildTypeStr: p.buildTypeStr,
    decorateStr: p.decorateStr,
    volumeFraction: p.volumeFraction,
    coverArea: p.coverArea,
    greenCoverage: p.greenCoverage,
    area: p.area,
    houseCount: p.houseCount,
    propertyManagementCompany: p.propertyManagementCompany,
    propertyManagementFee: p.propertyManagementFee,
    parkingLotCount: p.parkingLotCount,
    contact: p.contact,
    repairsContact: p.repairsContact,
    newsContact: p.newsContact,
    vrLink: p.vrLink,
    tradeinContent: p.tradeinContent,
    groupBuy: p.groupBuy,
    collectNumber: p.collectNumber,
    properties: p.properties,
    companyVO: row.companyName
      ? {
          companyName: row.companyName,
          qualificationLevel: row.qualificationLevel,
          qualificationNum: row.qualificationNum,
        }
      : null,
    licenceVOS: licenceRows.map((l) => ({
      licence: l.licenceNo,
      issueDate: l.issueDate,
      scope: l.scope,
      buildingNames: l.buildingNames,
      bank: l.bank,
      account: l.account,
    })),
    houseModels: models,
    albums,
    newsVOList: newsPage.list,
    lng: p.lng,
    lat: p.lat,
  };
}

/** The live follower count of a project (never cached: favourites change it). */
export async function findCollectNumber(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ collectNumber: projects.collectNumber })
    .from(projects)
    .where(eq(projects.id, id));
  return row?.collectNumber ?? null;
}

/** Whether the user has the project among their favourites. */
export async function isProjectCollected(
  db: Db,
  userId: number,
  projectId: number,
): Promise<boolean> {
  const rows = await selectRows<{ hit: number }>(
    db,
    sql`
    select 1 as hit from favourites
    where user_id = ${userId} and business_type = 'PROJECT' and business_id = ${projectId}
  `,
  );
  return rows.length > 0;
}

/** Whether the public can see a project (it is published). */
export async function isPublishedProject(db: Db, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)))
    .limit(1);
  return row !== undefined;
}
