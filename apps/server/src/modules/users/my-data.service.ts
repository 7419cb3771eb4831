import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ForgetClosedAccount } from '../../lib/closed-account';
import { recordAudit } from '../audit/index';
import {
  announceSessionsEnded,
  consumeSmsCode,
  findUserById,
  forgetAccountRowOfClosedAccount,
  forgetSignInOfClosedAccount,
  verifyPassword,
} from '../auth/index';
import { forgetChatOfClosedAccount } from '../chat/index';
import { forgetFavouritesOfClosedAccount } from '../favourites/index';
import { forgetFeedbackOfClosedAccount } from '../feedback/index';
import { forgetHistoryOfClosedAccount } from '../history/index';
import { forgetListingsOfClosedAccount, hasOpenReportsOnListingsOf } from '../listings/index';
import { forgetLotteryOfClosedAccount } from '../lottery/index';
import { forgetNoticesOfClosedAccount } from '../notices/index';
import { forgetOrdersOfClosedAccount } from '../orders/index';
import { forgetGroupBuyOfClosedAccount } from '../projects/index';
import { forgetDemandsOfClosedAccount } from '../recommend/index';
import { forgetSubscriptionsOfClosedAccount } from '../subscriptions/index';
import { hasOpenChatReportsAgainst, hasOrderUnderWay } from './my-data.queries';

/**
 * Each owning module's part of closing an account, in the order they run inside the one closing
 * transaction: a module forgets only the rows of its own tables; the account row goes last.
 */
export const FORGET_CLOSED_ACCOUNT: ReadonlyArray<ForgetClosedAccount> = [
  forgetOrdersOfClosedAccount,
  forgetChatOfClosedAccount,
  forgetListingsOfClosedAccount,
  forgetSubscriptionsOfClosedAccount,
  forgetFavouritesOfClosedAccount,
  forgetHistoryOfClosedAccount,
  forgetNoticesOfClosedAccount,
  forgetFeedbackOfClosedAccount,
  forgetDemandsOfClosedAccount,
  forgetGroupBuyOfClosedAccount,
  forgetLotteryOfClosedAccount,
  forgetSignInOfClosedAccount,
  forgetAccountRowOfClosedAccount,
];

/** The proof of who is closing: the login password, or a VALIDATE_PHONE code sent to the phone. */
export interface CloseProof {
  password?: string;
  code?: string;
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
    const account = { userId, phone: user.phone, now };
    let counts: Record<string, number> = {};
    for (const forget of FORGET_CLOSED_ACCOUNT) {
      counts = { ...counts, ...(await forget(t, account)) };
    }
    await recordAudit(t, {
      actorId: userId,
      action: 'user.close',
      targetType: 'user',
      targetId: userId,
      after: { closedAt: now.toISOString(), ...counts },
      at: now,
    });
  });
  announceSessionsEnded(userId);
}
