import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { buildingVersions } from '../../db/schema/index';

const BUILDING_VERSIONS = 'building_table_building_versions';
const buildingVersionsStatement = (db: Db) =>
  preparedStatement(db, BUILDING_VERSIONS, (handle) =>
    handle
      .select({ buildingId: buildingVersions.buildingId, version: buildingVersions.version })
      .from(buildingVersions)
      .where(sql`${buildingVersions.buildingId} = any(${sql.placeholder('buildingIds')}::int[])`)
      .prepare(BUILDING_VERSIONS),
  );

/** The versions of these buildings, by building id (one prepared statement per database). */
export async function selectBuildingVersions(
  db: Db,
  buildingIds: number[],
): Promise<Map<number, number>> {
  const found = await buildingVersionsStatement(db).execute({ buildingIds });
  return new Map(found.map((row) => [row.buildingId, Number(row.version)]));
}
