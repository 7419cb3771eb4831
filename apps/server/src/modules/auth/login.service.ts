import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findUserByPhone, type UserRow } from '../users/users.queries';
import { verifyPassword } from './password';
import { createSession } from './session.service';
import { consumeSmsCode } from './sms-code.service';

/** Wrong passwords in a row that lock password sign-in. */
export const MAX_LOGIN_FAILURES = 10;
/** How long password sign-in stays locked. */
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

/** Where a sign-in comes from, stored with the session. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
  now?: Date;
}

function lockMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;
}

async function recordFailure(db: Db, user: UserRow, now: Date): Promise<never> {
  const [row] = await db
    .update(users)
    .set({ loginFailures: sql`${users.loginFailures} + 1` })
    .where(eq(users.id, user.id))
    .returning({ failures: users.loginFailures });
  const failures = row?.failures ?? 0;
  if (failures >= MAX_LOGIN_FAILURES) {
    const until = new Date(now.getTime() + LOGIN_LOCK_MS);
    await db
      .update(users)
      .set({ loginFailures: 0, lockedUntil: until })
      .where(eq(users.id, user.id));
    throw new AppError('ACCOUNT_LOCKED', lockMessage(until, now));
  }
  const left = MAX_LOGIN_FAILURES - failures;
  throw new AppError(
    'LOGIN_FAILED',
    left <= 3 ? `账号或密码错误，再错${left}次账号将锁定15分钟` : undefined,
  );
}

/** Opens a session for a user who just proved who they are and records the sign-in. */
export async function openSession(
  db: Db,
  user: UserRow,
  remember: boolean,
  client: ClientInfo,
): Promise<string> {
  if (user.disabled) throw new AppError('FORBIDDEN', '该账号已停用，请联系平台');
  const now = client.now ?? new Date();
  await db
    .update(users)
    .set({ lastLoginAt: now, loginFailures: 0, lockedUntil: null })
    .where(eq(users.id, user.id));
  return createSession(db, user.id, { remember, ip: client.ip, userAgent: client.userAgent, now });
}

/**
 * 账号密码登录: the account is the phone. Ten wrong passwords in a row lock password sign-in
 * for 15 minutes; unknown phones get the same answer as wrong passwords.
 */
export async function loginWithPassword(
  db: Db,
  input: { account: string; password: string; remember: boolean },
  client: ClientInfo,
): Promise<string> {
  const now = client.now ?? new Date();
  const user = await findUserByPhone(db, input.account);
  if (!user?.passwordHash) throw new AppError('LOGIN_FAILED');
  if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
    throw new AppError('ACCOUNT_LOCKED', lockMessage(user.lockedUntil, now));
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    return recordFailure(db, user, now);
  }
  return openSession(db, user, input.remember, client);
}

/** 手机验证码登录 for a registered phone; the LOGIN code is consumed. */
export async function loginWithSmsCode(
  db: Db,
  input: { phone: string; code: string; remember: boolean },
  client: ClientInfo,
): Promise<string> {
  const user = await findUserByPhone(db, input.phone);
  if (!user) throw new AppError('NOT_FOUND', '该手机号尚未注册，请先注册');
  await consumeSmsCode(db, {
    phone: input.phone,
    purpose: 'LOGIN',
    code: input.code,
    now: client.now,
  });
  return openSession(db, user, input.remember, client);
}
