import { eq } from 'drizzle-orm';
import { realnameRequests, users } from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';

/**
 * Closing an account, last of all: its real-name verification requests go, and the account row
 * keeps only its id and its closing time (the phone is free again; shared records show
 * 已注销用户).
 */
export const forgetAccountRowOfClosedAccount: ForgetClosedAccount = async (tx, { userId, now }) => {
  await tx.delete(realnameRequests).where(eq(realnameRequests.userId, userId));
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
