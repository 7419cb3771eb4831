import { PAY_STATUS } from '@portal/shared/status';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  browsingHistory,
  chatBlocks,
  chatChannels,
  chatConversations,
  chatMessages,
  favourites,
  feedback,
  groupBuySignups,
  legalAcceptances,
  listingReports,
  listingVerifications,
  notices,
  orders,
  realnameRequests,
  recommendDemands,
  secondHandListings,
  sessions,
  smsCodes,
  users,
  wechatTickets,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../admin/index';
import { verifyPassword, announceSessionsEnded, consumeSmsCode } from '../auth/index';

/** Leaves out what is the platform's own bookkeeping rather than the citizen's data. */
function withoutSecrets<T extends Record<string, unknown>>(row: T, keys: string[]): Partial<T> {
  const copy: Record<string, unknown> = { ...row };
  for (const key of keys) delete copy[key];
  return copy as Partial<T>;
}

/**
 * 下载我的数据: everything the portal keeps about the caller, their own rows only, with the ID
 * number and name decrypted for them (docs/product/accounts.md "My data"). Hashes, session tokens
 * and SMS codes are left out: they identify nothing to the citizen and would only weaken them.
 */
export async function exportMyData(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('INVALID_SESSION');
  const own = <T>(rows: Promise<T[]>) => rows;
  const [
    myOrders,
    myListings,
    myVerifications,
    myFavourites,
    myHistory,
    myNotices,
    myFeedback,
    myMessages,
    myConsents,
  ] = await Promise.all([
    own(db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id)),
    own(
      db
        .select()
        .from(secondHandListings)
        .where(eq(secondHandListings.userId, userId))
        .orderBy(secondHandListings.id),
    ),
    own(
      db
        .select()
        .from(listingVerifications)
        .where(eq(listingVerifications.userId, userId))
        .orderBy(listingVerifications.id),
    ),
    own(db.select().from(favourites).where(eq(favourites.userId, userId)).orderBy(favourites.id)),
    own(
      db
        .select()
        .from(browsingHistory)
        .where(eq(browsingHistory.userId, userId))
        .orderBy(browsingHistory.id),
    ),
    own(db.select().from(notices).where(eq(notices.userId, userId)).orderBy(notices.id)),
    own(db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(feedback.id)),
    own(
      db
        .select()
        .from(chatMessages)
        .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)))
        .orderBy(chatMessages.id),
    ),
    own(
      db
        .select({
          kind: legalAcceptances.kind,
          version: legalAcceptances.version,
          acceptedAt: legalAcceptances.acceptedAt,
        })
        .from(legalAcceptances)
        .where(eq(legalAcceptances.userId, userId))
        .orderBy(legalAcceptances.acceptedAt),
    ),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      userId: user.id,
      phone: user.phone,
      nickname: user.nickname,
      gender: user.gender,
      birthday: user.birthday,
      avatar: user.avatar,
      remark: user.remark,
      wechatBound: Boolean(user.openid),
      realName: user.realName,
      idCard: user.idCard,
      realNameAuth: user.realNameAuth,
      realNameAuthAt: user.realNameAuthAt,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    },
    orders: myOrders.map((row) => withoutSecrets(row, ['identityHash', 'realNameHash'])),
    listings: myListings,
    listingVerifications: myVerifications,
    favourites: myFavourites,
    history: myHistory,
    notices: myNotices,
    feedback: myFeedback,
    chatMessages: myMessages,
    consents: myConsents,
  };
}

/** Pay states of an order still under way: awaiting payment, refunding, refund failed. */
const OPEN_PAY_STATUSES: number[] = [
  PAY_STATUS.AWAITING_PAYMENT,
  PAY_STATUS.REFUNDING,
  PAY_STATUS.REFUND_FAILED,
];

/**
 * Whether an order is still under way: unpaid in its window, a refund in progress or failed, or
 * a paid deposit whose flat is neither signed (网签) nor refunded yet.
 */
const orderUnderWay = or(
  inArray(orders.payStatus, OPEN_PAY_STATUSES),
  and(eq(orders.payStatus, PAY_STATUS.PAID), isNull(orders.netsignnum)),
);

/** The proof of who is closing: the login password, or a VALIDATE_PHONE code sent to the phone. */
export interface CloseProof {
  password?: string;
  code?: string;
}

function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}********`;
}

/**
 * 注销账号 (docs/product/accounts.md "Closing an account"). Refused while a deposit order is
 * under way. What the law makes the platform keep stays, de-identified: orders and their payment
 * records keep amounts, flat, times and bank numbers, but the buyer's name, ID number and phone
 * are masked and the identity hashes dropped; the audit log keeps its entries. Everything else
 * is deleted, every session ends and the phone is free to register again.
 */
export async function closeAccount(
  db: Db,
  userId: number,
  proof: CloseProof,
  now = new Date(),
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.closedAt) throw new AppError('INVALID_SESSION');
  if (user.role === 'admin') throw new AppError('FORBIDDEN', '运营账号不能在此注销');
  if (proof.password !== undefined) {
    if (!user.passwordHash || !(await verifyPassword(proof.password, user.passwordHash))) {
      throw new AppError('LOGIN_FAILED', '密码错误');
    }
  } else if (proof.code !== undefined && user.phone) {
    await consumeSmsCode(db, {
      phone: user.phone,
      purpose: 'VALIDATE_PHONE',
      code: proof.code,
      now,
    });
  } else {
    throw new AppError('VALIDATION_FAILED', '请输入登录密码或短信验证码');
  }
  const [open] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), orderUnderWay))
    .limit(1);
  if (open) throw new AppError('ACCOUNT_CLOSE_BLOCKED');

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const myOrders = await t
      .select({ id: orders.id, idCard: orders.idCard, phone: orders.phone })
      .from(orders)
      .where(eq(orders.userId, userId));
    for (const order of myOrders) {
      await t
        .update(orders)
        .set({
          realName: '已注销用户',
          idCard: `${order.idCard.slice(0, 6)}************`,
          phone: maskPhone(order.phone),
          realNameHash: null,
          identityHash: null,
        })
        .where(eq(orders.id, order.id));
    }
    await t
      .delete(chatConversations)
      .where(or(eq(chatConversations.userAId, userId), eq(chatConversations.userBId, userId)));
    await t
      .delete(chatBlocks)
      .where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
    await t.delete(chatChannels).where(eq(chatChannels.userId, userId));
    await t.delete(listingReports).where(eq(listingReports.reporterId, userId));
    await t.delete(secondHandListings).where(eq(secondHandListings.userId, userId));
    await t.delete(listingVerifications).where(eq(listingVerifications.userId, userId));
    await t.delete(favourites).where(eq(favourites.userId, userId));
    await t.delete(browsingHistory).where(eq(browsingHistory.userId, userId));
    await t.delete(notices).where(eq(notices.userId, userId));
    await t.delete(feedback).where(eq(feedback.userId, userId));
    await t.delete(recommendDemands).where(eq(recommendDemands.userId, userId));
    await t.delete(groupBuySignups).where(eq(groupBuySignups.userId, userId));
    await t.delete(realnameRequests).where(eq(realnameRequests.userId, userId));
    await t.delete(wechatTickets).where(eq(wechatTickets.userId, userId));
    if (user.phone) await t.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
    await t.delete(sessions).where(eq(sessions.userId, userId));
    await t
      .update(users)
      .set({
        phone: null,
        passwordHash: null,
        nickname: null,
        gender: 2,
        birthday: null,
        avatar: null,
        remark: null,
        openid: null,
        unionid: null,
        realName: null,
        idCard: null,
        identityHash: null,
        realNameAuth: false,
        realNameAuthAt: null,
        disabled: true,
        loginFailures: 0,
        lockedUntil: null,
        closedAt: now,
      })
      .where(eq(users.id, userId));
    await recordAudit(t, {
      actorId: userId,
      action: 'user.close',
      targetType: 'user',
      targetId: userId,
      after: { closedAt: now.toISOString(), orders: myOrders.length },
      at: now,
    });
  });
  announceSessionsEnded(userId);
}
