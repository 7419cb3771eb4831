import { API_CODE } from '@portal/shared/codes';
import { maskPhone } from '@portal/shared/format';
import {
  AGREEMENT_REQUIRED_MESSAGE,
  type OrderCreate,
  type OrderCreated,
  type OrderPreview,
} from '@portal/shared/schemas/orders';
import { ROOM_SALE_STATUS } from '@portal/shared/status';
import type { Db } from '../../db/client';
import { identityHashOf, nameHashOf } from '../../db/identity-cipher';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../auth/index';
import { requirePrivacyConsent } from '../legal/index';
import { checkLotteryTurn } from '../lottery/index';
import { findPublishedHouse, holdsUnpaidOrder, isBuildingLicensed } from './order-create.queries';
import { maskIdCard } from './order-events';
import { expireUnpaidOrders } from './order-expiry';
import { checkFairLock, isIdentityLimitViolation, lockIdentity } from './order-fairness';
import { createOrderTransition } from './order-transitions';

/** The room's conditional update found it no longer green: told as 60002 after the checks. */
class RoomTaken extends Error {}

interface Buyer {
  realName: string;
  idCard: string;
  phone: string;
  /** Keyed hash of the ID number: the identity the fair-lock rules count by. */
  identityHash: string;
}

/** The caller's verified identity; 60001 (403) unless real-name authenticated. */
async function verifiedBuyer(db: Db, userId: number): Promise<Buyer> {
  const user = await findUserById(db, userId);
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
  const house = await findPublishedHouse(db, houseId);
  if (!house) throw new AppError('NOT_FOUND', '房源不存在');
  return house;
}

/**
 * Refuses a room whose building has no pre-sale licence (预售许可证): such a building may not
 * take deposits, whatever colour its rooms carry (60014, 409).
 */
function requirePresaleLicence(house: { licenceId: number | null }): void {
  if (house.licenceId === null) throw new AppError('PRESALE_LICENCE_MISSING');
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
  // 摇号房源: only the buyer whose 选房 turn runs now (docs/product/lottery.md).
  await checkLotteryTurn(db, { userId, roomId: houseId, now, use: false });
  if (house.saleStatus !== ROOM_SALE_STATUS.AVAILABLE) {
    if (await holdsUnpaidOrder(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
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
  if (await holdsUnpaidOrder(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
  // The fair-lock rules and the 摇号 turn are checked once, in the transaction, under the
  // identity's lock: a refusal there is the same refusal, and an order that passes makes four
  // round trips to the database fewer (each waits its turn behind the public reads).
  try {
    return await db.transaction(async (tx) => {
      // Identity first, then the room: every creation takes the locks in this order.
      await lockIdentity(tx, buyer.identityHash);
      await checkFairLock(tx, buyer.identityHash, house.projectId, now);
      // 摇号房源: the turn is used up with the order, and undone with it (docs/product/lottery.md).
      await checkLotteryTurn(tx, { userId, roomId: houseId, now, use: true });
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
      if (!created) throw new RoomTaken();
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
      if (await holdsUnpaidOrder(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
      if (error instanceof AppError) throw error;
      await checkFairLock(db, buyer.identityHash, house.projectId, now);
      throw new AppError('IDENTITY_ORDER_HELD');
    }
    // The room was taken (its conditional update found it no longer green) or another order
    // won the race; a refusal of the 摇号 turn keeps its own message.
    const lostRace = error instanceof RoomTaken || isUniqueViolation(error);
    if (!lostRace) throw error;
    if (!(await isBuildingLicensed(db, houseId))) throw new AppError('PRESALE_LICENCE_MISSING');
    if (await holdsUnpaidOrder(db, userId, houseId)) throw new AppError('ORDER_DUPLICATE');
    throw new AppError('ROOM_UNAVAILABLE');
  }
}
