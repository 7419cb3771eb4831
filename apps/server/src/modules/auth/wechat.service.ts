import type { WechatPoll } from '@portal/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  consumeTicket,
  findTicket,
  WECHAT_BIND_WINDOW_MS,
} from '../../integrations/wechat/wechat-tickets';
import { AppError } from '../../lib/app-error';
import { findUserById, findUserByPhone, toCurrentUser } from '../users/index';
import { type ClientInfo, openSession } from './login.service';
import { consumeSmsCode } from './sms-code.service';

const EMPTY = { userInfo: null, tokenInfo: null, bindPhone: null } as const;

/**
 * The 2-second poll of the QR page (docs/product/accounts.md). Confirmed by an account with a phone: a session
 * and `tokenInfo`. Confirmed by a WeChat-only account: `userInfo` with `bindPhone: 0`.
 */
export async function pollWechatTicket(
  db: Db,
  ticket: string,
  client: ClientInfo,
  agreementVersion?: number,
): Promise<WechatPoll> {
  const now = client.now ?? new Date();
  const row = await findTicket(db, ticket);
  if (!row) throw new AppError('NOT_FOUND', '二维码不存在，请刷新');
  if (row.status === 'consumed') return { status: 'consumed', ...EMPTY };
  if (row.status !== 'confirmed') {
    const expired = row.expiresAt.getTime() <= now.getTime();
    return { status: expired ? 'expired' : (row.status as 'pending' | 'scanned'), ...EMPTY };
  }
  const user = row.userId ? await findUserById(db, row.userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', '微信账号不存在，请重新扫码');
  if (!user.phone) {
    return { status: 'confirmed', userInfo: toCurrentUser(user), tokenInfo: null, bindPhone: 0 };
  }
  if (!(await consumeTicket(db, row.id))) return { status: 'consumed', ...EMPTY };
  const token = await openSession(db, user, false, client, { agreementVersion });
  return {
    status: 'consumed',
    userInfo: toCurrentUser(user),
    tokenInfo: { access_token: token },
    bindPhone: 1,
  };
}

/**
 * 绑定手机号 after a WeChat scan (docs/product/accounts.md): the confirmed ticket proves the WeChat user, the
 * BIND_PHONE code proves the phone. A phone that already has an account without WeChat takes
 * over the openid (the empty WeChat-only account is removed); one bound to another WeChat user
 * is refused.
 */
export async function bindPhoneToWechat(
  db: Db,
  input: { ticket: string; phone: string; code: string; agreementVersion?: number },
  client: ClientInfo,
): Promise<string> {
  const now = client.now ?? new Date();
  const row = await findTicket(db, input.ticket);
  const isOpen =
    row?.status === 'confirmed' &&
    row.confirmedAt !== null &&
    now.getTime() - row.confirmedAt.getTime() < WECHAT_BIND_WINDOW_MS;
  if (!row || !isOpen || !row.userId) throw new AppError('FORBIDDEN', '请重新扫码登录后再绑定');
  const wechatUser = await findUserById(db, row.userId);
  if (!wechatUser) throw new AppError('FORBIDDEN', '请重新扫码登录后再绑定');
  if (wechatUser.phone) throw new AppError('CONFLICT', '该微信已绑定手机号');
  const holder = await findUserByPhone(db, input.phone);
  if (holder?.openid) throw new AppError('PHONE_TAKEN', '该手机号已绑定其他微信');
  await consumeSmsCode(db, { phone: input.phone, purpose: 'BIND_PHONE', code: input.code, now });
  if (!(await consumeTicket(db, row.id))) throw new AppError('FORBIDDEN', '请重新扫码登录后再绑定');
  let account = wechatUser;
  if (holder) {
    await db.delete(users).where(eq(users.id, wechatUser.id));
    const [merged] = await db
      .update(users)
      .set({ openid: wechatUser.openid, unionid: wechatUser.unionid })
      .where(eq(users.id, holder.id))
      .returning();
    account = merged ?? holder;
  } else {
    const bound = await db
      .update(users)
      .set({ phone: input.phone })
      .where(eq(users.id, wechatUser.id))
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('PHONE_TAKEN');
        throw error;
      });
    account = bound[0] ?? wechatUser;
  }
  return openSession(db, account, false, client, { agreementVersion: input.agreementVersion });
}
