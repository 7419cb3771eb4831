import { walkingEstimate, type PoiCategory } from '@portal/shared/constants/places';
import type { NearbyPoi } from '@portal/shared/schemas/places';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/sql-rows';

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
