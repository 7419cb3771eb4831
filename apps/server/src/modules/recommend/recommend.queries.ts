import type { RecommendDemand } from '@portal/shared/schemas/recommend';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recommendDemands } from '../../db/schema/index';
import { PROJECT_CARD_COLUMNS, type ProjectCardRow } from '../content/index';
import { houseModels, isPublicProject, projects } from '../projects/tables';

/** No price or area bound in the data reaches this; stands in for an open upper bound. */
const OPEN_MAX = 1_000_000_000;

/** The middle of a band (元/㎡ or ㎡), or its one given bound; null when both are open. */
function bandMiddle(min: number | null, max: number | null): number | null {
  if (min !== null && max !== null) return (min + max) / 2;
  return min ?? max;
}

/** A unit model of the project with the wanted bedrooms inside the area band (either may be open). */
function modelFilter(demand: RecommendDemand): SQL[] {
  const parts: SQL[] = [sql`${houseModels.projectId} = ${projects.id}`];
  if (demand.bedroom !== null) parts.push(sql`${houseModels.bedroom} = ${demand.bedroom}`);
  if (demand.areaMin !== null || demand.areaMax !== null) {
    parts.push(
      sql`${houseModels.area} between ${demand.areaMin ?? 0} and ${demand.areaMax ?? OPEN_MAX}`,
    );
  }
  return parts;
}

/**
 * Published projects that meet every stated part of the demand: the district, a platform price
 * inside the price band, and one unit model with the bedroom count inside the area band.
 * (The number of living rooms is shown but not matched: docs/decisions/0008-home-news-content.md.)
 */
export function demandMatch(demand: RecommendDemand): SQL {
  const parts: SQL[] = [isPublicProject()];
  if (demand.districtCode) parts.push(sql`${projects.districtCode} = ${demand.districtCode}`);
  if (demand.priceMin !== null || demand.priceMax !== null) {
    parts.push(
      sql`${projects.platformPrice} between ${demand.priceMin ?? 0} and ${demand.priceMax ?? OPEN_MAX}`,
    );
  }
  if (demand.bedroom !== null || demand.areaMin !== null || demand.areaMax !== null) {
    parts.push(sql`exists (select 1 from ${houseModels} where ${and(...modelFilter(demand))})`);
  }
  return and(...parts) as SQL;
}

/**
 * How far a matching project is from the middle of the demand, as a share: the platform price's
 * distance from the middle of the price band plus the nearest matching model's distance from the
 * middle of the area band, each divided by that middle. 0 is a perfect fit; null when the demand
 * states neither a price nor an area.
 */
export function demandDistance(demand: RecommendDemand): SQL<number> | null {
  const parts: SQL[] = [];
  const price = bandMiddle(demand.priceMin, demand.priceMax);
  if (price !== null && price > 0) {
    parts.push(sql`abs(${projects.platformPrice} - ${price}::float8) / ${price}::float8`);
  }
  const area = bandMiddle(demand.areaMin, demand.areaMax);
  if (area !== null && area > 0) {
    parts.push(
      sql`coalesce((select min(abs(${houseModels.area}::float8 - ${area}::float8)) from ${houseModels} where ${and(...modelFilter(demand))}), 0) / ${area}::float8`,
    );
  }
  if (parts.length === 0) return null;
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/**
 * Published projects that meet the demand, closest to it first, then operator-recommended and
 * most followed; one page and the total.
 */
export async function selectRecommendedProjects(
  db: Db,
  demand: RecommendDemand,
  page: { limit: number; offset: number },
): Promise<{ rows: ProjectCardRow[]; total: number }> {
  const where = demandMatch(demand);
  const distance = demandDistance(demand);
  const order = [desc(projects.recommended), desc(projects.collectNumber), asc(projects.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(PROJECT_CARD_COLUMNS)
      .from(projects)
      .where(where)
      .orderBy(...(distance ? [asc(distance), ...order] : order))
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
