import type { WechatPoll } from '@portal/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  consumeTicket,
  findTicket,
  isAskingBrowser,
  WECHAT_BIND_WINDOW_MS,
} from '../../integrations/wechat/wechat-tickets';
import { AppError } from '../../lib/app-error';
import { findUserById, findUserByPhone, toCurrentUser } from './accounts.queries';
import { type ClientInfo, openSession } from './login.service';
import { consumeSmsCode } from './sms-code.service';

const EMPTY = { userInfo: null, tokenInfo: null, bindPhone: null } as const;

/** Why a browser without the ticket's cookie is refused. */
const OTHER_BROWSER = '请在显示二维码的浏览器中完成登录';

/** The ticket, if the calling browser is the one that asked for it (its cookie's secret). */
async function ticketOfBrowser(db: Db, ticket: string, browserSecret: string | undefined) {
  const row = await findTicket(db, ticket);
  if (!row) throw new AppError('NOT_FOUND', '二维码不存在，请刷新');
  if (!isAskingBrowser(row, browserSecret)) throw new AppError('FORBIDDEN', OTHER_BROWSER);
  return row;
}

/**
 * The 2-second poll of the QR page (docs/product/accounts.md): the ticket's status only — a
 * session is opened by `completeWechatSignIn`, never by a poll. Only the browser that asked for
 * the ticket may poll it; past its lifetime a ticket is `expired` whatever its state.
 */
export async function pollWechatTicket(
  db: Db,
  ticket: string,
  browserSecret: string | undefined,
  now: Date = new Date(),
): Promise<WechatPoll> {
  const row = await ticketOfBrowser(db, ticket, browserSecret);
  if (row.status === 'consumed') return { status: 'consumed', ...EMPTY };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired', ...EMPTY };
  return { status: row.status as WechatPoll['status'], ...EMPTY };
}

/**
 * Signs in with a confirmed ticket (docs/security.md, "WeChat sign-in"): only the browser that
 * asked for it, only within its lifetime, and only once — the ticket is consumed in the same
 * statement that checks it. Confirmed by an account with a phone: a session and `tokenInfo`.
 * Confirmed by a WeChat-only account: `userInfo` with `bindPhone: 0` (the bind-phone step
 * consumes the ticket).
 */
export async function completeWechatSignIn(
  db: Db,
  ticket: string,
  browserSecret: string | undefined,
  client: ClientInfo,
  agreementVersion?: number,
): Promise<WechatPoll> {
  const now = client.now ?? new Date();
  const row = await ticketOfBrowser(db, ticket, browserSecret);
  if (row.status === 'consumed') throw new AppError('CONFLICT', '二维码已使用，请刷新二维码');
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', '二维码已失效，请刷新二维码');
  }
  if (row.status !== 'confirmed') throw new AppError('CONFLICT', '请先在手机微信上确认登录');
  const user = row.userId ? await findUserById(db, row.userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', '微信账号不存在，请重新扫码');
  if (!user.phone) {
    return { status: 'confirmed', userInfo: toCurrentUser(user), tokenInfo: null, bindPhone: 0 };
  }
  if (!(await consumeTicket(db, row.id, now))) {
    throw new AppError('CONFLICT', '二维码已使用，请刷新二维码');
  }
  const token = await openSession(db, user, false, client, { agreementVersion });
  return {
    status: 'consumed',
    userInfo: toCurrentUser(user),
    tokenInfo: { access_token: token },
    bindPhone: 1,
  };
}

/**
 * 绑定手机号 after a WeChat scan (docs/product/accounts.md): the confirmed ticket, in the browser
 * that asked for it, proves the WeChat user, the BIND_PHONE code proves the phone. A phone that already has an account without WeChat takes
 * over the openid (the empty WeChat-only account is removed); one bound to another WeChat user
 * is refused.
 */
export async function bindPhoneToWechat(
  db: Db,
  input: { ticket: string; phone: string; code: string; agreementVersion?: number },
  browserSecret: string | undefined,
  client: ClientInfo,
): Promise<string> {
  const now = client.now ?? new Date();
  const row = await findTicket(db, input.ticket);
  if (row && !isAskingBrowser(row, browserSecret)) throw new AppError('FORBIDDEN', OTHER_BROWSER);
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
