import { PAY_STATUS } from '@portal/shared/status';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { buildings, rooms } from '../building-table/tables';
import { isPublicProject, projects } from '../projects/tables';

/** The reads of the order preview and order creation (docs/product/orders.md). */

/** A room of a published project with its project's snapshot fields, or undefined. */
export async function findPublishedHouse(db: Db, houseId: number) {
  const [row] = await db
    .select({
      id: rooms.id,
      projectId: rooms.projectId,
      saleStatus: rooms.saleStatus,
      door: rooms.roomNumber,
      unitName: rooms.unitName,
      houseType: rooms.roomType,
      housePurpose: rooms.housePurpose,
      buildArea: rooms.buildArea,
      currentPrice: rooms.currentPrice,
      totalPrice: rooms.totalPrice,
      publishName: projects.publishName,
      address: projects.projectAddress,
      lockMoney: projects.depositAmount,
      buildingName: buildings.name,
      licenceId: buildings.licenceId,
    })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(and(eq(rooms.id, houseId), isPublicProject()));
  if (!row) return undefined;
  return { ...row, houseName: `${row.publishName}${row.buildingName}${row.unitName}${row.door}` };
}

/** Whether the room's building holds a pre-sale licence now. */
export async function isBuildingLicensed(db: Db, houseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(and(eq(rooms.id, houseId), isNotNull(buildings.licenceId)));
  return row !== undefined;
}

/** Whether this user holds an unpaid order for this room. */
export async function holdsUnpaidOrder(db: Db, userId: number, houseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.roomId, houseId),
        eq(orders.payStatus, PAY_STATUS.AWAITING_PAYMENT),
      ),
    )
    .limit(1);
  return row !== undefined;
}
