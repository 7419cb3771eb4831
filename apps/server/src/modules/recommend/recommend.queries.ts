import type { RecommendDemand } from '@portal/shared/schemas/recommend';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { houseModels, projects, recommendDemands } from '../../db/schema/index';
import {
  PROJECT_CARD_COLUMNS,
  PROJECT_PUBLISHED,
  type ProjectCardRow,
} from '../content/project-cards.queries';

/** Points a project earns per matched part of the demand. */
export const MATCH_POINTS = { district: 3, price: 2, bedroom: 2, area: 2 } as const;

/** No price or area bound in the data reaches this; stands in for an open upper bound. */
const OPEN_MAX = 1_000_000_000;

/**
 * The match score of `projects` rows against a demand, as SQL: district, platform price inside
 * the price band, a unit model with the bedroom count, a unit model inside the area band.
 */
export function demandScore(demand: RecommendDemand): SQL<number> {
  const parts: SQL[] = [];
  if (demand.districtCode) {
    parts.push(
      sql`case when ${projects.districtCode} = ${demand.districtCode} then ${sql.raw(String(MATCH_POINTS.district))} else 0 end`,
    );
  }
  if (demand.priceMin !== null || demand.priceMax !== null) {
    parts.push(
      sql`case when ${projects.platformPrice} between ${demand.priceMin ?? 0} and ${demand.priceMax ?? OPEN_MAX} then ${sql.raw(String(MATCH_POINTS.price))} else 0 end`,
    );
  }
  if (demand.bedroom !== null) {
    parts.push(
      sql`case when exists (select 1 from ${houseModels} where ${houseModels.projectId} = ${projects.id} and ${houseModels.bedroom} = ${demand.bedroom}) then ${sql.raw(String(MATCH_POINTS.bedroom))} else 0 end`,
    );
  }
  if (demand.areaMin !== null || demand.areaMax !== null) {
    parts.push(
      sql`case when exists (select 1 from ${houseModels} where ${houseModels.projectId} = ${projects.id} and ${houseModels.area} between ${demand.areaMin ?? 0} and ${demand.areaMax ?? OPEN_MAX}) then ${sql.raw(String(MATCH_POINTS.area))} else 0 end`,
    );
  }
  if (parts.length === 0) return sql<number>`1`;
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/**
 * Published projects matching at least one part of the demand, best score first, then
 * operator-recommended and most watched; one page and the total.
 */
export async function selectRecommendedProjects(
  db: Db,
  demand: RecommendDemand,
  page: { limit: number; offset: number },
): Promise<{ rows: ProjectCardRow[]; total: number }> {
  const score = demandScore(demand);
  const where = and(eq(projects.publishStatus, PROJECT_PUBLISHED), sql`${score} > 0`);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(PROJECT_CARD_COLUMNS)
      .from(projects)
      .where(where)
      .orderBy(desc(score), desc(projects.recommended), desc(projects.watchCount), asc(projects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The stored demand row of a user, if any. */
export async function selectDemand(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(recommendDemands)
    .where(eq(recommendDemands.userId, userId))
    .limit(1);
  return row;
}

/** Stores (inserts or replaces) the user's demand. */
export async function upsertDemand(db: Db, userId: number, demand: RecommendDemand): Promise<void> {
  await db
    .insert(recommendDemands)
    .values({ userId, ...demand })
    .onConflictDoUpdate({
      target: recommendDemands.userId,
      set: { ...demand, updatedAt: new Date() },
    });
}
