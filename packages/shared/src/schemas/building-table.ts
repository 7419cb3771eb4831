import { z } from 'zod';
import { ORIENTATION_CODES } from '../constants/places';
import { ROOM_SALE_STATUSES, type RoomSaleStatus } from '../status/room-sale';

/** A room's colour on the building table: its sale status (docs/product/new-build.md). */
export type RoomColor = RoomSaleStatus;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const positiveId = (message: string) =>
  z.coerce.number({ message }).int({ message }).min(1, { message });

/** `GET /api/building-table/projects/:projectId/buildings`. */
export const buildingTableProjectParamsSchema = z.object({
  projectId: positiveId('楼盘编号不正确'),
});

/** `GET /api/building-table/buildings/:buildingId/rooms`. */
export const buildingTableBuildingParamsSchema = z.object({
  buildingId: positiveId('楼栋编号不正确'),
});

/** `GET /api/building-table/rooms/:roomId`. */
export const buildingTableRoomParamsSchema = z.object({
  roomId: positiveId('房间编号不正确'),
});

/**
 * Filters of the floors-with-rooms read: the unit name (default: the building's first unit), the
 * 面积 band code of PROJECT_AREA_BANDS, the 朝向 code (ORIENTATIONS) and the 户型 bedroom count
 * of the room's house model (BEDROOM_CHOICES, 5 = five or more); empty = 全部.
 */
export const buildingRoomsQuerySchema = z.object({
  unit: z.preprocess(
    emptyToUndefined,
    z.string({ message: '请选择正确的单元' }).trim().min(1).max(40, '请选择正确的单元').optional(),
  ),
  buildAreaScope: z.preprocess(
    emptyToUndefined,
    z.enum(['1', '2', '3', '4', '5'], { message: '请选择正确的面积范围' }).optional(),
  ),
  orientation: z.preprocess(
    emptyToUndefined,
    z.enum(ORIENTATION_CODES, { message: '请选择正确的朝向' }).optional(),
  ),
  bedroom: z.preprocess(
    emptyToUndefined,
    z.enum(['1', '2', '3', '4', '5'], { message: '请选择正确的户型' }).optional(),
  ),
});
export type BuildingRoomsQuery = z.infer<typeof buildingRoomsQuerySchema>;

/** Pre-sale record of a building (docs/product/new-build.md): licence number, issue date (YYYY-MM-DD), bank, account. */
export const presaleRecordSchema = z.object({
  licence: z.string(),
  modifiedTime: z.string(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
});
export type PresaleRecord = z.infer<typeof presaleRecordSchema>;

/** One building of a project with its unit names (in order) and its pre-sale record, if licensed. */
export const tableBuildingSchema = z.object({
  id: z.number().int(),
  tabletNum: z.string(),
  buildAreaName: z.string(),
  floors: z.number().int(),
  units: z.array(z.string()),
  presale: presaleRecordSchema.nullable(),
});
export type TableBuilding = z.infer<typeof tableBuildingSchema>;

/** Why the rooms of a building without a pre-sale licence take no deposit (shown in each cell). */
export const NO_PRESALE_LICENCE_REASON = '未取得预售许可证';

/**
 * The 摇号 batch a room of the building table belongs to (docs/product/lottery.md): its id (the
 * batch page is /lottery?id=), its title, and whether it has been drawn (选房 in the order of the
 * draw has begun).
 */
export const tableRoomLotterySchema = z.object({
  batchId: z.number().int(),
  title: z.string(),
  drawn: z.boolean(),
});
export type TableRoomLottery = z.infer<typeof tableRoomLotterySchema>;

/**
 * One room of the building table (docs/product/new-build.md houseList). buildArea ㎡, currentPrice yuan/㎡,
 * totalPrice yuan. payExpireTime (ISO) only for yellow; lockExpireTime (ISO) and delayStatus
 * only for blue. allowSell: green and not in a 摇号 batch (a batch room is locked only in its
 * buyer's 选房 turn, docs/product/lottery.md); showCountDown: yellow or blue. A room of a
 * building without a pre-sale licence is never green: it reads gray with noSaleReason
 * NO_PRESALE_LICENCE_REASON (unless an order still holds it); noSaleReason is null otherwise.
 * lottery: the room's batch, null for a room in none.
 */
export const tableRoomSchema = z.object({
  id: z.number().int(),
  houseMapName: z.string(),
  floor: z.number().int(),
  housePurpose: z.string(),
  roomType: z.string().nullable(),
  /** 朝向: house_direction code and its name (南, 南北…); null for shops and offices. */
  orientation: z.string().nullable(),
  orientationName: z.string(),
  /** The room's 户型 (a house model of the project: plan picture, rooms and their areas). */
  houseModelId: z.number().int().nullable(),
  buildArea: z.number(),
  currentPrice: z.number().int(),
  totalPrice: z.number().int(),
  color: z.enum(ROOM_SALE_STATUSES),
  payExpireTime: z.string().nullable(),
  lockExpireTime: z.string().nullable(),
  delayStatus: z.number().int().nullable(),
  allowSell: z.boolean(),
  showCountDown: z.boolean(),
  noSaleReason: z.string().nullable(),
  lottery: tableRoomLotterySchema.nullable(),
});
export type TableRoom = z.infer<typeof tableRoomSchema>;

/** Rooms per colour among the rooms answered. */
export const roomLegendSchema = z.object({
  green: z.number().int(),
  yellow: z.number().int(),
  blue: z.number().int(),
  gray: z.number().int(),
});
export type RoomLegend = z.infer<typeof roomLegendSchema>;

/** Floors (highest first) with their rooms for one building, unit and 面积 band, plus the legend. */
export const buildingRoomsSchema = z.object({
  buildingId: z.number().int(),
  unit: z.string(),
  buildAreaScope: z.string(),
  floors: z.array(z.object({ floor: z.number().int(), houseList: z.array(tableRoomSchema) })),
  legend: roomLegendSchema,
});
export type BuildingRooms = z.infer<typeof buildingRoomsSchema>;

/** Where a room sits: its project, building and unit (for the order confirmation page). */
export const roomPlaceSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  publishName: z.string(),
  buildingId: z.number().int(),
  tabletNum: z.string(),
  unit: z.string(),
  houseMapName: z.string(),
});
export type RoomPlace = z.infer<typeof roomPlaceSchema>;
