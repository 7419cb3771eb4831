import type { Paged } from '@portal/shared/codes';
import type { ProjectCard } from '@portal/shared/schemas/home';
import { DEFAULT_RECOMMEND_DEMAND, type RecommendDemand } from '@portal/shared/schemas/recommend';
import type { Db } from '../../db/client';
import { recommendDemands } from '../../db/schema/index';
import { toProjectCards } from '../content/index';
import { selectDemand, selectRecommendedProjects } from './recommend.queries';

/**
 * The user's recorded demand (prices 元/㎡, areas ㎡) and whether it is only the sample demand,
 * used while the user has not recorded one.
 */
async function findDemand(
  db: Db,
  userId: number,
): Promise<{ demand: RecommendDemand; isSampleDemand: boolean }> {
  const row = await selectDemand(db, userId);
  if (!row) return { demand: DEFAULT_RECOMMEND_DEMAND, isSampleDemand: true };
  return {
    demand: {
      districtCode: (row.districtCode as RecommendDemand['districtCode']) ?? null,
      bedroom: row.bedroom,
      hall: row.hall,
      priceMin: row.priceMin,
      priceMax: row.priceMax,
      areaMin: row.areaMin,
      areaMax: row.areaMax,
    },
    isSampleDemand: false,
  };
}

/** The user's recorded demand, or the sample demand while the user has not recorded one. */
export async function getDemand(db: Db, userId: number): Promise<RecommendDemand> {
  return (await findDemand(db, userId)).demand;
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

/**
 * One page of the projects that meet the user's demand, closest to it first, with the demand
 * itself and whether it is the sample (so the page never states a demand the list contradicts).
 */
export async function listRecommendations(
  db: Db,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<Paged<ProjectCard> & { demand: RecommendDemand; isSampleDemand: boolean }> {
  const { demand, isSampleDemand } = await findDemand(db, userId);
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
    isSampleDemand,
  };
}

/** Stores (inserts or replaces) the user's demand. */
async function upsertDemand(db: Db, userId: number, demand: RecommendDemand): Promise<void> {
  await db
    .insert(recommendDemands)
    .values({ userId, ...demand })
    .onConflictDoUpdate({
      target: recommendDemands.userId,
      set: { ...demand, updatedAt: new Date() },
    });
}
