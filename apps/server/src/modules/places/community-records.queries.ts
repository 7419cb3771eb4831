import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities } from '../../db/schema/index';
import { districts } from '../projects/tables';

/*
 * The 小区 as the page heads and the sitemap see them (modules/seo). Every 小区 the city records
 * is public, with or without listings today.
 */

/** What a 小区 page's head says of it, with its district's name; null when there is no such 小区. */
export async function findCommunityHead(db: Db, id: number) {
  const [row] = await db
    .select({
      name: communities.name,
      address: communities.address,
      districtName: districts.name,
      lng: communities.lng,
      lat: communities.lat,
      buildYearFrom: communities.buildYearFrom,
      buildYearTo: communities.buildYearTo,
      buildingCount: communities.buildingCount,
      householdCount: communities.householdCount,
      propertyCompany: communities.propertyCompany,
    })
    .from(communities)
    .leftJoin(districts, eq(districts.code, communities.districtCode))
    .where(eq(communities.id, id));
  return row ?? null;
}

/** Every 小区 with its last change, by id. */
export async function listCommunityStamps(db: Db): Promise<Array<{ id: number; updatedAt: Date }>> {
  return db
    .select({ id: communities.id, updatedAt: communities.updatedAt })
    .from(communities)
    .orderBy(asc(communities.id));
}
