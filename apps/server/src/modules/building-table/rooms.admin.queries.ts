import { PAY_STATUS } from '@portal/shared/status';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildings, rooms } from '../../db/schema/index';
import { codes } from '../../db/status-literal';
import { AppError } from '../../lib/app-error';
import { houseModels, projects } from '../projects/tables';

/** A live order holds the room: awaiting payment (1) or paid (3). */
const LIVE_ORDER = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.pay_status in (${codes(PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.PAID)}))`;
/** The flat is sold: an order of the room has its 网签 (contract filed), whatever its pay status. */
const NETSIGNED = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.net_sign_number is not null)`;
/** The deposit of an order of the room is being refunded (4): the operator's decision is pending. */
const REFUNDING = sql`exists (select 1 from orders o where o.room_id = ${rooms.id} and o.pay_status = ${codes(PAY_STATUS.REFUNDING)})`;

/** The room's building holds a pre-sale licence: only then may the room go on sale (60014). */
export const LICENSED = sql<boolean>`exists (select 1 from buildings b where b.id = ${rooms.buildingId} and b.licence_id is not null)`;

/** Why a room's sale state must not change, most serious first; null when it may. */
export const SALE_BLOCK = sql<'liveOrder' | 'netsigned' | 'refunding' | null>`case
  when ${NETSIGNED} then 'netsigned'
  when ${LIVE_ORDER} then 'liveOrder'
  when ${REFUNDING} then 'refunding'
end`;

/** Rooms of one building with their colour and why (if at all) their sale state is locked. */
export async function listBuildingRooms(db: Db, buildingId: number) {
  const [building] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  if (!building) throw new AppError('NOT_FOUND', '楼栋不存在');
  return db
    .select({
      id: rooms.id,
      unitName: rooms.unitName,
      floor: rooms.floor,
      houseMapName: rooms.roomNumber,
      saleStatus: rooms.saleStatus,
      orientation: rooms.orientation,
      houseModelId: rooms.houseModelId,
      buildArea: rooms.buildArea,
      currentPrice: rooms.currentPrice,
      totalPrice: rooms.totalPrice,
      hasLiveOrder: sql<boolean>`${LIVE_ORDER}`,
      saleBlock: SALE_BLOCK,
      licensed: LICENSED,
    })
    .from(rooms)
    .where(eq(rooms.buildingId, buildingId))
    .orderBy(asc(rooms.unitName), sql`${rooms.floor} desc`, asc(rooms.roomNumber));
}

/** The 户型 of a project, for giving rooms theirs in bulk (docs/product/new-build.md). */
export async function listProjectHouseModels(db: Db, projectId: number) {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw new AppError('NOT_FOUND', '楼盘不存在');
  return db
    .select({
      id: houseModels.id,
      houseType: houseModels.houseType,
      bedroom: houseModels.bedroom,
      area: houseModels.area,
    })
    .from(houseModels)
    .where(eq(houseModels.projectId, projectId))
    .orderBy(asc(houseModels.bedroom), asc(houseModels.houseType), asc(houseModels.id));
}
