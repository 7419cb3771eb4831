import type { Paged } from '@portal/shared/codes';
import { walkingEstimate, type PoiCategory } from '@portal/shared/constants/places';
import type { NearbyPoi } from '@portal/shared/schemas/places';
import type { AdminPoi, adminPoiQuerySchema } from '@portal/shared/schemas/places/admin';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { pois } from '../../db/schema/index';
import { selectRows } from '../../db/sql-rows';
import { AppError } from '../../lib/app-error';
import { districts } from '../projects/tables';

type AdminPoiQueryInput = z.output<typeof adminPoiQuerySchema>;

/** `%` and `_` of a search word match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const METRES_PER_DEGREE = 111_320;

interface NearbyRow {
  id: number;
  category: PoiCategory;
  name: string;
  address: string | null;
  school_zone: string | null;
  lng: string | number;
  lat: string | number;
  distance: string | number;
}

/**
 * Points of interest within `radiusM` metres of a position, nearest first, at most `perCategory`
 * of each kind. The box around the circle narrows the rows on the (lat, lng) index; the distance
 * is the haversine on a 6,371 km sphere, in plain SQL that PostgreSQL 15 and PGlite both run.
 */
export async function selectNearbyPois(
  db: Db,
  at: { lng: number; lat: number },
  radiusM: number,
  categories: readonly PoiCategory[],
  perCategory: number,
): Promise<NearbyPoi[]> {
  const dLat = radiusM / METRES_PER_DEGREE;
  const dLng = radiusM / (METRES_PER_DEGREE * Math.cos((at.lat * Math.PI) / 180));
  const kinds =
    categories.length > 0
      ? sql`and category in (${sql.join(
          categories.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await selectRows<NearbyRow>(
    db,
    sql`
    with boxed as (
      select id, category, name, address, school_zone, lng, lat,
        2 * 6371000 * asin(sqrt(
          power(sin(radians(lat::float8 - ${at.lat}::float8) / 2), 2) +
          cos(radians(${at.lat}::float8)) * cos(radians(lat::float8)) *
          power(sin(radians(lng::float8 - ${at.lng}::float8) / 2), 2)
        )) as distance
      from pois
      where lat between ${at.lat - dLat} and ${at.lat + dLat}
        and lng between ${at.lng - dLng} and ${at.lng + dLng}
        ${kinds}
    ),
    ranked as (
      select *, row_number() over (partition by category order by distance, id) as rank
      from boxed where distance <= ${radiusM}
    )
    select id, category, name, address, school_zone, lng, lat, distance
    from ranked where rank <= ${perCategory}
    order by distance, id
  `,
  );
  return rows.map((row) => {
    const distanceM = Math.round(Number(row.distance));
    const walk = walkingEstimate(distanceM);
    return {
      id: Number(row.id),
      category: row.category,
      name: row.name,
      address: row.address,
      schoolZone: row.school_zone,
      lng: Number(row.lng),
      lat: Number(row.lat),
      distanceM,
      walkM: walk.metres,
      walkMinutes: walk.minutes,
    };
  });
}

/** Points inside the map's visible box (west, south, east, north), at most `limit`. */
export async function selectPoisInBox(
  db: Db,
  [west, south, east, north]: [number, number, number, number],
  categories: readonly PoiCategory[],
  limit: number,
): Promise<Array<{ id: number; category: PoiCategory; name: string; lng: number; lat: number }>> {
  const kinds =
    categories.length > 0
      ? sql`and category in (${sql.join(
          categories.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await selectRows<{
    id: number;
    category: PoiCategory;
    name: string;
    lng: string;
    lat: string;
  }>(
    db,
    sql`select id, category, name, lng, lat from pois
      where lat between ${south} and ${north} and lng between ${west} and ${east} ${kinds}
      order by id limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), lng: Number(r.lng), lat: Number(r.lat) }));
}

/**
 * The console's list of points (docs/product/nearby.md): by district and kind, a name search,
 * newest first, 20 a page.
 */
export async function listAdminPois(db: Db, query: AdminPoiQueryInput): Promise<Paged<AdminPoi>> {
  const conditions = [];
  if (query.districtCode) conditions.push(eq(pois.districtCode, query.districtCode));
  if (query.category) conditions.push(eq(pois.category, query.category));
  if (query.keyword) conditions.push(ilike(pois.name, `%${escapeLike(query.keyword)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: pois.id,
        category: pois.category,
        name: pois.name,
        districtCode: pois.districtCode,
        districtName: districts.name,
        address: pois.address,
        schoolZone: pois.schoolZone,
        lng: pois.lng,
        lat: pois.lat,
        source: pois.source,
        createdAt: pois.createdAt,
      })
      .from(pois)
      .leftJoin(districts, eq(districts.code, pois.districtCode))
      .where(where)
      .orderBy(desc(pois.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(pois).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      ...row,
      category: row.category as PoiCategory,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** One point by id, for its removal; 404 when there is none. */
export async function poiById(db: Db, id: number) {
  const [row] = await db.select().from(pois).where(eq(pois.id, id));
  if (!row) throw new AppError('NOT_FOUND', '配套点不存在');
  return row;
}
