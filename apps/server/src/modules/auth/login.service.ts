import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
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

/**
 * Takes one password try of an account before its password is checked, in one conditional
 * UPDATE: concurrent tries on any instance are counted one by one, and the tenth in a row locks
 * password sign-in at once (the failures start again from 0 under the lock). Answers null while
 * sign-in is locked (no try is taken and the password is not weighed), else the failures in a
 * row with this try and the lock this try set, if it was the tenth.
 */
async function takePasswordTry(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null } | null> {
  const reachesLimit = sql`${users.loginFailures} + 1 >= ${MAX_LOGIN_FAILURES}`;
  const until = new Date(now.getTime() + LOGIN_LOCK_MS).toISOString();
  const [row] = await db
    .update(users)
    .set({
      loginFailures: sql`case when ${reachesLimit} then 0 else ${users.loginFailures} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${until}::timestamptz else null end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ failures: users.loginFailures, lockedUntil: users.lockedUntil });
  return row ?? null;
}

/** The answer to a try refused because password sign-in is locked. */
async function lockedAnswer(db: Db, userId: number, now: Date): Promise<AppError> {
  const [row] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  const until = row?.lockedUntil ?? new Date(now.getTime() + LOGIN_LOCK_MS);
  return new AppError('ACCOUNT_LOCKED', lockMessage(until, now));
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
  const taken = await takePasswordTry(db, user.id, now);
  if (!taken) throw await lockedAnswer(db, user.id, now);
  if (await verifyPassword(input.password, user.passwordHash)) {
    return openSession(db, user, input.remember, client);
  }
  if (taken.lockedUntil) throw new AppError('ACCOUNT_LOCKED', lockMessage(taken.lockedUntil, now));
  const left = MAX_LOGIN_FAILURES - taken.failures;
  throw new AppError(
    'LOGIN_FAILED',
    left <= 3 ? `账号或密码错误，再错${left}次账号将锁定15分钟` : undefined,
  );
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
