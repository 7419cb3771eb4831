import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  browsingHistory,
  chatBlocks,
  chatChannels,
  favourites,
  feedback,
  groupBuySignups,
  listingVerifications,
  notices,
  orders,
  realnameRequests,
  recommendDemands,
  sessions,
  smsCodes,
  subscriptions,
  users,
  wechatTickets,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { verifyPassword, announceSessionsEnded, consumeSmsCode, findUserById } from '../auth/index';
import { hasOpenReportsOnListingsOf, retireListingsOfClosedAccount } from '../listings/index';
import { forgetLotteryProofsOf } from '../lottery/index';
import { hasOpenChatReportsAgainst, hasOrderUnderWay } from './my-data.queries';

/** The proof of who is closing: the login password, or a VALIDATE_PHONE code sent to the phone. */
export interface CloseProof {
  password?: string;
  code?: string;
}

function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}********`;
}

/** Why closing waits while reports about the account are open. */
export const CLOSE_BLOCKED_BY_REPORTS =
  '您发布的房源或参与的房聊有待平台处理的举报，请在处理完成后再注销账号';

/**
 * 注销账号 (docs/product/accounts.md "注销账号"). Refused while a deposit order is under way, and
 * while a report on the account's listings or against it in 房聊 is open. What the law makes the
 * platform keep stays, de-identified: orders and their payment records keep amounts, flat, times
 * and bank numbers, but the buyer's name, ID number and phone are masked and the identity hashes
 * dropped; the audit log keeps its entries. What the account shared with others stays for the
 * retention period, its side shown as 已注销用户: conversations (the other party's copy intact),
 * reports it made or that name it, and its listings that were reported (withdrawn). Everything
 * else — subscriptions included — is deleted, every session ends and the phone is free again.
 */
export async function closeAccount(
  db: Db,
  userId: number,
  proof: CloseProof,
  now = new Date(),
): Promise<void> {
  const user = await findUserById(db, userId);
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
  if (await hasOrderUnderWay(db, userId)) throw new AppError('ACCOUNT_CLOSE_BLOCKED');
  if (
    (await hasOpenReportsOnListingsOf(db, userId)) ||
    (await hasOpenChatReportsAgainst(db, userId))
  )
    throw new AppError('ACCOUNT_CLOSE_BLOCKED', CLOSE_BLOCKED_BY_REPORTS);

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
    // Conversations and reports involving others are kept (de-identified by the cleared row).
    await t
      .delete(chatBlocks)
      .where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
    await t.delete(chatChannels).where(eq(chatChannels.userId, userId));
    const keptListings = await retireListingsOfClosedAccount(t, userId, now);
    await t.delete(subscriptions).where(eq(subscriptions.userId, userId));
    await t.delete(listingVerifications).where(eq(listingVerifications.userId, userId));
    await t.delete(favourites).where(eq(favourites.userId, userId));
    await t.delete(browsingHistory).where(eq(browsingHistory.userId, userId));
    await t.delete(notices).where(eq(notices.userId, userId));
    await t.delete(feedback).where(eq(feedback.userId, userId));
    await t.delete(recommendDemands).where(eq(recommendDemands.userId, userId));
    await t.delete(groupBuySignups).where(eq(groupBuySignups.userId, userId));
    await t.delete(realnameRequests).where(eq(realnameRequests.userId, userId));
    // 摇号 证明材料 (户口簿, 结婚证…) go with the account; the file sweeper deletes the files.
    await forgetLotteryProofsOf(t, userId);
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
        closedAt: now,
      })
      .where(eq(users.id, userId));
    await recordAudit(t, {
      actorId: userId,
      action: 'user.close',
      targetType: 'user',
      targetId: userId,
      after: { closedAt: now.toISOString(), orders: myOrders.length, keptListings },
      at: now,
    });
  });
  announceSessionsEnded(userId);
}
