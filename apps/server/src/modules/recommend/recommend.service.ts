import type { Paged } from '@portal/shared/codes';
import type { ProjectCard } from '@portal/shared/schemas/home';
import { DEFAULT_RECOMMEND_DEMAND, type RecommendDemand } from '@portal/shared/schemas/recommend';
import type { Db } from '../../db/client';
import { toProjectCards } from '../content/project-cards.queries';
import { selectDemand, selectRecommendedProjects, upsertDemand } from './recommend.queries';

/**
 * The user's stated demand (prices 元/㎡, areas ㎡), or the sample demand of spec 1 §2 when the
 * user has not stated one.
 */
export async function getDemand(db: Db, userId: number): Promise<RecommendDemand> {
  const row = await selectDemand(db, userId);
  if (!row) return DEFAULT_RECOMMEND_DEMAND;
  return {
    districtCode: (row.districtCode as RecommendDemand['districtCode']) ?? null,
    bedroom: row.bedroom,
    hall: row.hall,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    areaMin: row.areaMin,
    areaMax: row.areaMax,
  };
}

/** Saves the user's demand; later recommendations follow it. */
export async function saveDemand(
  db: Db,
  userId: number,
  demand: RecommendDemand,
): Promise<RecommendDemand> {
  await upsertDemand(db, userId, demand);
  return getDemand(db, userId);
}

/** One page of projects recommended for the user's demand, best match first. */
export async function listRecommendations(
  db: Db,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<Paged<ProjectCard> & { demand: RecommendDemand }> {
  const demand = await getDemand(db, userId);
  const { rows, total } = await selectRecommendedProjects(db, demand, {
    limit: page.pageSize,
    offset: (page.pageNum - 1) * page.pageSize,
  });
  return {
    list: await toProjectCards(db, rows),
    total,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    demand,
  };
}
