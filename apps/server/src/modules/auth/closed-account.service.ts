import { eq } from 'drizzle-orm';
import { sessions, smsCodes, users } from '../../db/schema/index';
import { forgetRealnameRequestsOfAccount } from '../../integrations/realname/index';
import { forgetWechatTicketsOfAccount } from '../../integrations/wechat/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/**
 * Closing an account: its WeChat sign-in tickets, the SMS codes sent to its phone and every
 * session go (the caller then tells the live connections that the sessions ended).
 */
export const forgetSignInOfClosedAccount: ForgetClosedAccount = async (tx, { userId, phone }) => {
  await forgetWechatTicketsOfAccount(tx, userId);
  if (phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return undefined;
};

/**
 * Closing an account, last of all: its real-name verification requests go, and the account row
 * keeps only its id and its closing time (the phone is free again; shared records show
 * 已注销用户). Accounts are auth's table (docs/decisions/0075-one-owner-per-table.md).
 */
export const forgetAccountRowOfClosedAccount: ForgetClosedAccount = async (tx, { userId, now }) => {
  await forgetRealnameRequestsOfAccount(tx, userId);
  await tx
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
  return undefined;
};
