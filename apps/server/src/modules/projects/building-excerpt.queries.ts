import {
  BUILDING_EXCERPT_FLOORS,
  findBand,
  PROJECT_AREA_BANDS,
} from '@portal/shared/constants/project-filters';
import type {
  BuildingExcerpt,
  BuildingExcerptQuery,
} from '@portal/shared/schemas/building-excerpt';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { LIVE_ORDER_OF_ROOM, LIVE_STATE_COLUMNS, liveRoomColor } from '../building-table/index';
import { buildings, rooms, units } from '../building-table/tables';
import { orders } from '../orders/tables';

/** Whether an area (㎡) lies in the half-open band [min, max) of the code; no code = 全部. */
function inAreaBand(area: number, code: string | undefined): boolean {
  const band = findBand(PROJECT_AREA_BANDS, code);
  if (!band) return true;
  return (band.min === null || area >= band.min) && (band.max === null || area < band.max);
}

/**
 * The top floors (highest first) of one unit with their rooms, marked against the area band.
 * Colours are read live the way the full table reads them (`liveRoomColor`): an overdue payment
 * reads green, a building without a pre-sale licence reads gray.
 */
async function loadFloors(
  db: Db,
  buildingId: number,
  unitName: string,
  areaCode: string | undefined,
  now = new Date(),
): Promise<NonNullable<BuildingExcerpt>['floors']> {
  const where = and(eq(rooms.buildingId, buildingId), eq(rooms.unitName, unitName));
  const floorRows = await db
    .selectDistinct({ floor: rooms.floor })
    .from(rooms)
    .where(where)
    .orderBy(desc(rooms.floor))
    .limit(BUILDING_EXCERPT_FLOORS);
  const floorNumbers = floorRows.map((f) => f.floor);
  if (floorNumbers.length === 0) return [];
  const roomRows = await db
    .select({
      id: rooms.id,
      floor: rooms.floor,
      roomNumber: rooms.roomNumber,
      roomType: rooms.roomType,
      buildArea: rooms.buildArea,
      currentPrice: rooms.currentPrice,
      ...LIVE_STATE_COLUMNS,
    })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(orders, LIVE_ORDER_OF_ROOM)
    .where(and(where, inArray(rooms.floor, floorNumbers)))
    .orderBy(desc(rooms.floor), asc(rooms.roomNumber));
  return floorNumbers.map((floor) => ({
    floor,
    houseList: roomRows
      .filter((row) => row.floor === floor)
      .map((row) => ({
        id: row.id,
        houseMapName: row.roomNumber,
        roomType: row.roomType,
        buildArea: row.buildArea,
        currentPrice: row.currentPrice,
        color: liveRoomColor(row, now),
        inBand: inAreaBand(row.buildArea, areaCode),
      })),
  }));
}

/**
 * The building-table excerpt of /houseHome: the chosen (default first) building and unit, their
 * top 6 floors with live colours, and the building/unit picker options. Rooms outside the 面积
 * band keep their place with inBand false. Null when the project has no building or unit.
 * Never cached: room states change with every order. Throws VALIDATION_FAILED (400) when the
 * building is not the project's or the unit not the building's.
 */
export async function findBuildingExcerpt(
  db: Db,
  projectId: number,
  query: BuildingExcerptQuery = {},
): Promise<BuildingExcerpt> {
  const buildingList = await db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(eq(buildings.projectId, projectId))
    .orderBy(asc(buildings.sort), asc(buildings.id));
  const building =
    query.buildingId === undefined
      ? buildingList[0]
      : buildingList.find((b) => b.id === query.buildingId);
  if (query.buildingId !== undefined && !building) {
    throw new AppError('VALIDATION_FAILED', '所选楼栋不属于该楼盘');
  }
  if (!building) return null;
  const unitList = await db
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(eq(units.buildingId, building.id))
    .orderBy(asc(units.sort), asc(units.id));
  const unit =
    query.unitId === undefined ? unitList[0] : unitList.find((u) => u.id === query.unitId);
  if (query.unitId !== undefined && !unit) {
    throw new AppError('VALIDATION_FAILED', '所选单元不属于该楼栋');
  }
  if (!unit) return null;
  return {
    buildingId: building.id,
    tabletNum: building.name,
    unitId: unit.id,
    unit: unit.name,
    buildings: buildingList.map((b) => ({ id: b.id, tabletNum: b.name })),
    units: unitList,
    floors: await loadFloors(db, building.id, unit.name, query.buildAreaScope),
  };
}
