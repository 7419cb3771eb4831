import { API_CODE } from '@portal/shared/codes';
import { maskPhone } from '@portal/shared/format';
import {
  AGREEMENT_REQUIRED_MESSAGE,
  type OrderCreate,
  type OrderCreated,
  type OrderPreview,
} from '@portal/shared/schemas/orders';
import { PAY_STATUS, PROJECT_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf, nameHashOf } from '../../db/identity-cipher';
import { buildings, orders, projects, rooms, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import { requirePrivacyConsent } from '../legal/index';
import { maskIdCard } from './order-events';
import { expireUnpaidOrders } from './order-expiry';
import { checkFairLock, isIdentityLimitViolation, lockIdentity } from './order-fairness';
import { createOrderTransition } from './order-transitions';

interface Buyer {
  realName: string;
  idCard: string;
  phone: string;
  /** Keyed hash of the ID number: the identity the fair-lock rules count by. */
  identityHash: string;
}

/** The caller's verified identity; 60001 (403) unless real-name authenticated. */
async function verifiedBuyer(db: Db, userId: number): Promise<Buyer> {
  const [user] = await db
    .select({
      realName: users.realName,
      idCard: users.idCard,
      phone: users.phone,
      realNameAuth: users.realNameAuth,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.realNameAuth || !user.realName || !user.idCard) {
    throw new AppError('REALNAME_REQUIRED');
  }
  return {
    realName: user.realName,
    idCard: user.idCard,
    phone: user.phone ?? '',
    identityHash: identityHashOf(user.idCard),
  };
}

/** The room with its project's snapshot fields; 404 unless it belongs to a published project. */
async function loadHouse(db: Db, houseId: number) {
  const [row] = await db
    .select({
      id: rooms.id,
      projectId: rooms.projectId,
      saleStatus: rooms.saleStatus,
      door: rooms.houseMapName,
      unitName: rooms.unitName,
      houseType: rooms.roomType,
      housePurpose: rooms.housePurpose,
      buildArea: rooms.buildArea,
      currentPrice: rooms.currentPrice,
      totalPrice: rooms.totalPrice,
      publishName: projects.publishName,
      address: projects.projectAddress,
      lockMoney: projects.depositAmount,
      tabletNum: buildings.tabletNum,
      licenceId: buildings.licenceId,
    })
    .from(rooms)
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(and(eq(rooms.id, houseId), eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)));
  if (!row) throw new AppError('NOT_FOUND', '房源不存在');
  return { ...row, houseName: `${row.publishName}${row.tabletNum}${row.unitName}${row.door}` };
}

/**
 * Refuses a room whose building has no pre-sale licence (预售许可证): such a building may not
 * take deposits, whatever colour its rooms carry (60014, 409).
 */
function requirePresaleLicence(house: { licenceId: number | null }): void {
  if (house.licenceId === null) throw new AppError('PRESALE_LICENCE_MISSING');
}

/** Whether the room's building holds a pre-sale licence now. */
async function buildingLicensed(db: Db, houseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(and(eq(rooms.id, houseId), isNotNull(buildings.licenceId)));
  return row !== undefined;
}

/** An unpaid order of this user for this room, if any. */
async function unpaidOrderOf(db: Db, userId: number, houseId: number): Promise<boolean> {
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

/**
 * The order preview (docs/product/new-build.md, deposit flow) for a green room: the caller's identity (ID and phone masked)
 * and the room's prices; lockMoney is the project's deposit in yuan (docs/product/orders.md).
 * 60001 without real-name authentication, 404 for an unknown room, 60014 (409) when its building
 * has no pre-sale licence, 409 unless on sale.
 */
export async function previewOrder(
  db: Db,
  userId: number,
  houseId: number,
  now = new Date(),
): Promise<OrderPreview> {
  const buyer = await verifiedBuyer(db, userId);
  await expireUnpaidOrders(db, now, { roomId: houseId });
  const house = await loadHouse(db, houseId);
  requirePresaleLicence(house);
  if (house.saleStatus !== ROOM_SALE_STATUS.AVAILABLE) {
    if (await unpaidOrderOf(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
    throw new AppError('ROOM_UNAVAILABLE');
  }
  await checkFairLock(db, buyer.identityHash, house.projectId, now);
  return {
    houseId: house.id,
    realName: buyer.realName,
    idCard: maskIdCard(buyer.idCard),
    phone: maskPhone(buyer.phone),
    houseName: house.houseName,
    houseType: house.houseType,
    address: house.address,
    housePurpose: house.housePurpose,
    currentPrice: house.currentPrice,
    buildArea: house.buildArea,
    totalPrice: house.totalPrice,
    lockMoney: house.lockMoney,
  };
}

/**
 * Creates a deposit order (payStatus 1) for a green room. The buyer must have accepted the
 * deposit agreement (`agreed: true`, else 10001 with 请先阅读并同意…); the order stores that
 * moment (agreed_at = now), and the room's building must hold a pre-sale licence (else 60014,
 * 409). In one transaction the room turns yellow by a conditional update (only if still green
 * and still licensed), pay_expire_time = now + 30 minutes, and the order, its first log entry
 * and the buyer's notice are inserted. Of several buyers racing for one room exactly one wins;
 * the others get 60002 (409), a buyer who already holds the room's unpaid order gets 60003 (409).
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: OrderCreate,
  now = new Date(),
): Promise<OrderCreated> {
  if (input.agreed !== true) throw new AppError('VALIDATION_FAILED', AGREEMENT_REQUIRED_MESSAGE);
  const { houseId } = input;
  const buyer = await verifiedBuyer(db, userId);
  await requirePrivacyConsent(db, userId);
  await expireUnpaidOrders(db, now, { roomId: houseId });
  const house = await loadHouse(db, houseId);
  requirePresaleLicence(house);
  // A double click is told it holds this room already, before the fair-lock rules speak.
  if (await unpaidOrderOf(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
  await checkFairLock(db, buyer.identityHash, house.projectId, now);
  try {
    return await db.transaction(async (tx) => {
      // Identity first, then the room: every creation takes the locks in this order.
      await lockIdentity(tx, buyer.identityHash);
      await checkFairLock(tx, buyer.identityHash, house.projectId, now);
      const created = await createOrderTransition(
        tx,
        {
          userId,
          house,
          buyer: { ...buyer, realNameHash: nameHashOf(buyer.realName) },
        },
        now,
        { kind: 'buyer', userId },
      );
      if (!created) throw new AppError('ROOM_UNAVAILABLE');
      return {
        id: created.id,
        orderNo: created.orderNo,
        houseName: house.houseName,
        payExpireTime: created.payExpireTime.toISOString(),
      };
    });
  } catch (error) {
    const heldAlready =
      (error instanceof AppError && error.code === API_CODE.IDENTITY_ORDER_HELD) ||
      isIdentityLimitViolation(error);
    if (heldAlready) {
      // The same buyer's double click that lost: it holds this very room.
      if (await unpaidOrderOf(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
      if (error instanceof AppError) throw error;
      await checkFairLock(db, buyer.identityHash, house.projectId, now);
      throw new AppError('IDENTITY_ORDER_HELD');
    }
    const lostRace =
      (error instanceof AppError && error.code === API_CODE.ROOM_UNAVAILABLE) ||
      isUniqueViolation(error);
    if (!lostRace) throw error;
    if (!(await buildingLicensed(db, houseId))) throw new AppError('PRESALE_LICENCE_MISSING');
    if (await unpaidOrderOf(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
    throw new AppError('ROOM_UNAVAILABLE');
  }
}
