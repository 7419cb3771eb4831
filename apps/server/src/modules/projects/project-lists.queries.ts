import { PROJECT_SIDE_LIST_SIZE } from '@portal/shared/constants/project-filters';
import type { FavouriteProjectPage, ProjectBrief } from '@portal/shared/schemas/projects';
import { PROJECT_STATUS } from '@portal/shared/status';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema/index';
import { favourites } from '../favourites/tables';

const briefColumns = {
  id: projects.id,
  publishName: projects.publishName,
  platformPrice: projects.platformPrice,
  districtCode: projects.districtCode,
  coverUrl: projects.coverPath,
};

/** 推荐楼盘: projects flagged by operators, most followed (关注) first. */
export function listRecommendedProjects(db: Db): Promise<ProjectBrief[]> {
  return db
    .select(briefColumns)
    .from(projects)
    .where(
      and(eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED), eq(projects.recommended, true)),
    )
    .orderBy(desc(projects.collectNumber), asc(projects.id))
    .limit(PROJECT_SIDE_LIST_SIZE);
}

/** 猜你喜欢: the most followed (关注) published projects. */
export function listPopularProjects(db: Db): Promise<ProjectBrief[]> {
  return db
    .select(briefColumns)
    .from(projects)
    .where(eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED))
    .orderBy(desc(projects.collectNumber), asc(projects.id))
    .limit(PROJECT_SIDE_LIST_SIZE);
}

/** 同价位楼盘: published projects whose platform price (元/㎡) is closest to the given one. */
export function listSamePriceProjects(
  db: Db,
  projectId: number,
  platformPrice: number,
): Promise<ProjectBrief[]> {
  return db
    .select(briefColumns)
    .from(projects)
    .where(
      and(
        eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED),
        ne(projects.id, projectId),
        sql`${projects.platformPrice} between ${Math.round(platformPrice * 0.85)} and ${Math.round(platformPrice * 1.15)}`,
      ),
    )
    .orderBy(sql`abs(${projects.platformPrice} - ${platformPrice})`, asc(projects.id))
    .limit(PROJECT_SIDE_LIST_SIZE);
}

/** The caller's favourite projects, newest favourite first (personal: filtered by user id). */
export async function listFavouriteProjects(
  db: Db,
  userId: number,
  pageNum: number,
  pageSize: number,
): Promise<FavouriteProjectPage> {
  const where = and(eq(favourites.userId, userId), eq(favourites.businessType, 'PROJECT'));
  const [rows, total] = await Promise.all([
    db
      .select({
        ...briefColumns,
        projectAddress: projects.projectAddress,
        tags: sql<
          string[] | null
        >`(select array_agg(t.tag_name order by t.sort, t.id) from project_tags pt join tags t on t.id = pt.tag_id where pt.project_id = ${projects.id})`,
        collectedAt: favourites.createdAt,
      })
      .from(favourites)
      .innerJoin(projects, eq(projects.id, favourites.businessId))
      .where(where)
      .orderBy(desc(favourites.createdAt), desc(favourites.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({ total: count() })
      .from(favourites)
      .innerJoin(projects, eq(projects.id, favourites.businessId))
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({
      ...row,
      tags: row.tags ?? [],
      collectedAt: row.collectedAt.toISOString(),
    })),
    total: total[0]?.total ?? 0,
    pageNum,
    pageSize,
  };
}
