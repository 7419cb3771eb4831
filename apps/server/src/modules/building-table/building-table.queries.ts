import { gzipSync } from 'node:zlib';
import { findBand, PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';
import type {
  BuildingRooms,
  BuildingRoomsQuery,
  RoomPlace,
  TableBuilding,
} from '@portal/shared/schemas/building-table';
import { PAY_STATUS } from '@portal/shared/status';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { buildings, rooms, units } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { ReadQueue } from '../../lib/read-queue';
import { lotteryBatches } from '../lottery/tables';
import { orders } from '../orders/tables';
import { isPublicProject, licences, projects } from '../projects/tables';
import { type RoomRow, roomsAnswer } from './room-colours';
import { readBuildingVersion, roomsSnapshotCache } from './rooms-snapshot';

/** The unit names of a building, in their order, as one array column. */
const unitNames = sql<string[]>`coalesce((
  select array_agg(${units.name} order by ${units.sort}, ${units.id})
  from ${units} where ${units.buildingId} = ${buildings.id}
), '{}'::text[])`;

/**
 * The buildings of a published project in their order, each with its unit names and the
 * pre-sale record of its licence (null when not yet licensed). One query; 404 for a project that
 * is unknown or not published.
 */
export async function listTableBuildings(db: Db, projectId: number): Promise<TableBuilding[]> {
  const rows = await db
    .select({
      projectId: projects.id,
      id: buildings.id,
      name: buildings.name,
      buildAreaName: buildings.buildAreaName,
      floors: buildings.floors,
      units: unitNames,
      licence: licences.licenceNo,
      issueDate: licences.issueDate,
      bank: licences.bank,
      account: licences.account,
    })
    .from(projects)
    .leftJoin(buildings, eq(buildings.projectId, projects.id))
    .leftJoin(licences, eq(licences.id, buildings.licenceId))
    .where(and(eq(projects.id, projectId), isPublicProject()))
    .orderBy(asc(buildings.sort), asc(buildings.id));
  if (rows.length === 0) throw new AppError('NOT_FOUND', '楼盘不存在或已下架');
  return rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            tabletNum: row.name ?? '',
            buildAreaName: row.buildAreaName ?? '',
            floors: row.floors ?? 0,
            units: row.units ?? [],
            presale:
              row.licence && row.issueDate
                ? {
                    licence: row.licence,
                    modifiedTime: row.issueDate,
                    bank: row.bank,
                    account: row.account,
                  }
                : null,
          },
        ],
  );
}

/** The building of a published project with its unit names; 404 otherwise. */
async function findPublicBuilding(db: Db, buildingId: number) {
  const [row] = await db
    .select({ id: buildings.id, units: unitNames })
    .from(buildings)
    .innerJoin(projects, eq(projects.id, buildings.projectId))
    .where(and(eq(buildings.id, buildingId), isPublicProject()));
  if (!row) throw new AppError('NOT_FOUND', '楼栋不存在');
  return row;
}

/**
 * The columns `toTableRoom` (room-colours.ts) reads besides the room's own facts: its stored state and times, its
 * building's licence (join `buildings`) and its live order's times (left join `orders` on
 * LIVE_ORDER_OF_ROOM).
 */
export const LIVE_STATE_COLUMNS = {
  saleStatus: rooms.saleStatus,
  licensed: sql<boolean>`${buildings.licenceId} is not null`,
  roomPayExpire: rooms.payExpireTime,
  roomLockExpire: rooms.lockExpireTime,
  roomDelayStatus: rooms.delayStatus,
  orderPayExpire: orders.payExpireTime,
  orderLockExpire: orders.expireTime,
  orderDelayStatus: orders.delayStatus,
};

/** The join condition of a room's live order: awaiting payment or paid (at most one). */
export const LIVE_ORDER_OF_ROOM = and(
  eq(orders.roomId, rooms.id),
  inArray(orders.payStatus, [PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.PAID]),
);

/**
 * Rooms of one unit of a published project's building (default: its first unit), limited to a
 * 面积 band [minArea, maxArea), with their live state: one indexed statement (rooms by building,
 * unit and floor, joined to their building's licence, to the room's live order and to the 摇号
 * batch holding it, if any). The table is the busiest live read of the site, so the statement
 * is prepared (`preparedStatement`). A batch's rooms are a list on the batch row; a project has
 * a handful of batches at most, so each room looks among its own project's batches. Adding or
 * removing a batch room, or drawing the batch, bumps the building's version
 * (`bumpBuildingsOfRooms`), so the kept rows never miss it.
 */
function prepareRoomsOfUnit(db: Db) {
  const unit = sql.placeholder('unit');
  const minArea = sql.placeholder('minArea');
  const maxArea = sql.placeholder('maxArea');
  const orientation = sql.placeholder('orientation');
  const bedroom = sql.placeholder('bedroom');
  const buildingId = sql.placeholder('buildingId');
  const batch = db
    .select({
      id: lotteryBatches.id,
      title: lotteryBatches.title,
      drawn: sql<boolean>`${lotteryBatches.drawnAt} is not null`.as('drawn'),
    })
    .from(lotteryBatches)
    .where(
      and(
        eq(lotteryBatches.projectId, rooms.projectId),
        sql`${lotteryBatches.roomIds} @> jsonb_build_array(${rooms.id})`,
      ),
    )
    .orderBy(asc(lotteryBatches.id))
    .limit(1)
    .as('room_batch');
  return db
    .select({
      id: rooms.id,
      unitName: rooms.unitName,
      roomNumber: rooms.roomNumber,
      floor: rooms.floor,
      housePurpose: rooms.housePurpose,
      roomType: rooms.roomType,
      orientation: rooms.orientation,
      houseModelId: rooms.houseModelId,
      buildArea: rooms.buildArea,
      currentPrice: rooms.currentPrice,
      totalPrice: rooms.totalPrice,
      ...LIVE_STATE_COLUMNS,
      lotteryBatchId: batch.id,
      lotteryTitle: batch.title,
      lotteryDrawn: batch.drawn,
    })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .leftJoin(orders, LIVE_ORDER_OF_ROOM)
    .leftJoinLateral(batch, sql`true`)
    .where(
      and(
        eq(rooms.buildingId, buildingId),
        sql`${rooms.unitName} = coalesce(${unit}::text, (
          select ${units.name} from ${units} where ${units.buildingId} = ${buildingId}::integer
          order by ${units.sort}, ${units.id} limit 1
        ))`,
        // Checked once for the building (not joined per room, which planned a scan per room).
        sql`exists (
          select 1 from ${projects}
          where ${isPublicProject()}
            and ${projects.id} = (select pb.project_id from buildings pb where pb.id = ${buildingId}::integer)
        )`,
        sql`(${minArea}::numeric is null or ${rooms.buildArea} >= ${minArea}::numeric)`,
        sql`(${maxArea}::numeric is null or ${rooms.buildArea} < ${maxArea}::numeric)`,
        sql`(${orientation}::text is null or ${rooms.orientation} = ${orientation}::text)`,
        // 户型: the bedroom count of the room's house model; 5 stands for five or more.
        sql`(${bedroom}::integer is null or exists (
          select 1 from house_models hm where hm.id = ${rooms.houseModelId}
            and (hm.bedroom = ${bedroom}::integer or (${bedroom}::integer >= 5 and hm.bedroom >= 5))
        ))`,
      ),
    )
    .orderBy(desc(rooms.floor), asc(rooms.roomNumber), asc(rooms.id))
    .prepare(ROOMS_OF_UNIT);
}

const ROOMS_OF_UNIT = 'building_table_rooms_of_unit';
const roomsOfUnit = (db: Db) => preparedStatement(db, ROOMS_OF_UNIT, prepareRoomsOfUnit);

type UnitRoomRow = RoomRow & { unitName: string };

/** The room filters of the table besides the unit: 面积 band, 朝向 code, 户型 bedroom count. */
interface RoomFilter {
  band: { min: number | null; max: number | null } | undefined;
  orientation: string | undefined;
  bedroom: string | undefined;
}

function roomFilter(query: BuildingRoomsQuery): RoomFilter {
  return {
    band: findBand(PROJECT_AREA_BANDS, query.buildAreaScope),
    orientation: query.orientation,
    bedroom: query.bedroom,
  };
}

/** The rows of one building, unit and filters, with the snapshot key and version they are kept at. */
interface UnitRooms {
  rows: UnitRoomRow[];
  key: string;
  version: number | null;
}

/**
 * The stored rows of one building, unit (default: its first) and 面积 band: from this instance's
 * snapshot when the building's version is still the one they were read at, else from the
 * database (`roomsOfUnit`), kept for the next request. Only answers with rooms are kept; the
 * version is read before the rows, so a change committed meanwhile can never be served
 * (docs/decisions/0036-building-table-snapshot.md). Given the building table's own line of
 * reads (`BUILDING_TABLE_READ_LIMITS`), a read of rows goes to the database through it: each
 * order changes a room, so its building's viewers all miss at once, one read per unit and band;
 * the line lets a few run at once and makes them wait while a deposit order runs, so they never
 * stand between an order's statements (docs/decisions/0073-orders-before-public-reads.md).
 */
async function unitRoomRows(
  db: Db,
  buildingId: number,
  unit: string | undefined,
  filter: RoomFilter,
  queue?: ReadQueue,
): Promise<UnitRooms> {
  const minArea = filter.band?.min ?? null;
  const maxArea = filter.band?.max ?? null;
  const orientation = filter.orientation ?? null;
  const bedroom = filter.bedroom ? Number(filter.bedroom) : null;
  const cache = roomsSnapshotCache<UnitRoomRow>(db);
  // Every filter is part of the key: equal requests share rows and bytes, others never do.
  const key = JSON.stringify([buildingId, unit ?? null, minArea, maxArea, orientation, bedroom]);
  const version = await readBuildingVersion(db, buildingId);
  const readNow = (): Promise<UnitRoomRow[]> =>
    roomsOfUnit(db).execute({
      buildingId,
      unit: unit ?? null,
      minArea,
      maxArea,
      orientation,
      bedroom,
    });
  const read = () => (queue ? queue.run(readNow) : readNow());
  // Concurrent misses at one version share one read (RoomsSnapshotCache.rowsAt).
  const rows = version === null ? await read() : await cache.rowsAt(key, version, read);
  return { rows, key, version };
}

/** The answer for a building, unit and band that has no rooms: 404, 400 or empty floors. */
async function emptyRoomsAnswer(
  db: Db,
  buildingId: number,
  query: BuildingRoomsQuery,
  scope: string,
): Promise<BuildingRooms> {
  const building = await findPublicBuilding(db, buildingId);
  if (query.unit !== undefined && !building.units.includes(query.unit)) {
    throw new AppError('VALIDATION_FAILED', '所选单元不属于该楼栋');
  }
  const unit = query.unit ?? building.units[0] ?? '';
  return {
    buildingId,
    unit,
    buildAreaScope: scope,
    floors: [],
    legend: { green: 0, yellow: 0, blue: 0, gray: 0 },
  };
}

/**
 * Floors (highest first) with their rooms for one building and unit (default: the first unit),
 * limited to a 面积 band, plus the count of each colour among them. The stored rows may come
 * from the building's versioned snapshot (`unitRoomRows`); the colours and deadlines are worked
 * out from them at `now`, so an overdue payment reads green at once. Only when there are no rows
 * does a second look-up tell an unknown building (404) or a unit not in it (400) from an empty
 * band.
 */
export async function findBuildingRooms(
  db: Db,
  buildingId: number,
  query: BuildingRoomsQuery,
  now = new Date(),
): Promise<BuildingRooms> {
  const scope = query.buildAreaScope ?? '';
  const { rows } = await unitRoomRows(db, buildingId, query.unit, roomFilter(query));
  if (rows.length === 0) return emptyRoomsAnswer(db, buildingId, query, scope);
  return roomsAnswer(buildingId, scope, rows, now);
}

/**
 * The earliest moment an answer built at `now` would read differently without any stored
 * change: the first payment deadline still ahead (its room then reads green).
 */
function answerValidUntil(answer: BuildingRooms): number {
  let until = Number.POSITIVE_INFINITY;
  for (const floor of answer.floors) {
    for (const room of floor.houseList) {
      if (room.payExpireTime) until = Math.min(until, Date.parse(room.payExpireTime));
    }
  }
  return until;
}

/** An answer as the route sends it: JSON bytes, and their gzip copy when asked for. */
export interface RoomsBody {
  body: Buffer;
  gzip?: Buffer;
  /** Where the answer is kept, when it is: the same request is answered from there next time. */
  kept?: KeptRoomsAnswer;
}

/** The snapshot an answer of `buildingRoomsBody` is kept in: its building and its key. */
export interface KeptRoomsAnswer {
  buildingId: number;
  key: string;
}

/**
 * The answer kept at `kept` while it is still good: the building's version unchanged since it
 * was written and no payment deadline in it passed (the checks `buildingRoomsBody` makes on a
 * hit), with its gzip copy when `gzip` asks for one; otherwise undefined.
 */
export async function keptRoomsAnswer(
  db: Db,
  kept: KeptRoomsAnswer,
  gzip: boolean,
  now = Date.now(),
): Promise<RoomsBody | undefined> {
  const version = await readBuildingVersion(db, kept.buildingId);
  if (version === null) return undefined;
  return roomsSnapshotCache<UnitRoomRow>(db).keptAnswer(kept.key, version, now, gzip);
}

/**
 * `findBuildingRooms` as the route sends it: the envelope already written as JSON bytes (and
 * gzipped, for a client that accepts it). While the building's version is unchanged and no
 * payment deadline in the answer has passed, the bytes written for an earlier request are sent
 * again, so a thousand viewers of one building cost one version read each (shared, see
 * `readBuildingVersion`) and nothing more (docs/decisions/0036-building-table-snapshot.md).
 */
export async function buildingRoomsBody(
  db: Db,
  buildingId: number,
  query: BuildingRoomsQuery,
  options: { now?: Date; gzip?: boolean; queue?: ReadQueue } = {},
): Promise<RoomsBody> {
  const now = options.now ?? new Date();
  const scope = query.buildAreaScope ?? '';
  const filter = roomFilter(query);
  const { rows, key, version } = await unitRoomRows(
    db,
    buildingId,
    query.unit,
    filter,
    options.queue,
  );
  if (rows.length === 0) {
    const empty = await emptyRoomsAnswer(db, buildingId, query, scope);
    return { body: Buffer.from(JSON.stringify(ok(empty))) };
  }
  const cache = roomsSnapshotCache<UnitRoomRow>(db);
  let answer = version === null ? undefined : cache.getAnswer(key, version, now.getTime());
  if (!answer) {
    const rooms = roomsAnswer(buildingId, scope, rows, now);
    answer = { body: Buffer.from(JSON.stringify(ok(rooms))), validUntil: answerValidUntil(rooms) };
    if (version !== null) cache.setAnswer(key, version, answer);
  }
  // Written once per answer: about a tenth of the bytes to send to every later viewer.
  if (options.gzip) answer.gzip ??= gzipSync(answer.body);
  if (version === null) return answer;
  return { body: answer.body, gzip: answer.gzip, kept: { buildingId, key } };
}

/** Where a room of a published project sits (project, building, unit, door); 404 otherwise. */
export async function findRoomPlace(db: Db, roomId: number): Promise<RoomPlace> {
  const [row] = await db
    .select({
      id: rooms.id,
      projectId: rooms.projectId,
      publishName: projects.publishName,
      buildingId: rooms.buildingId,
      tabletNum: buildings.name,
      unit: rooms.unitName,
      houseMapName: rooms.roomNumber,
    })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(and(eq(rooms.id, roomId), isPublicProject()));
  if (!row) throw new AppError('NOT_FOUND', '房源不存在');
  return row;
}
