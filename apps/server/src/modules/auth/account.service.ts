import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import { findUserById, findUserByPhone } from './accounts.queries';
import { wasCodeConsumedSince } from './auth.queries';
import { type ClientInfo, openSession, PHONE_NOT_REGISTERED } from './login.service';
import { hashPassword } from './password';
import { clearFailures } from './password-failures';
import { revokeAllSessions, revokeOtherSessions } from './session.service';
import { consumeSmsCode, SMS_MAX_ATTEMPTS } from './sms-code.service';

/** After the old phone is verified, the new phone must be bound within 10 minutes. */
export const PHONE_CHANGE_WINDOW_MS = 10 * 60 * 1000;

/**
 * 新用户注册: phone + REGISTER code + password; signs the new user in. The code is weighed before
 * anything about the phone is said, so only the holder of the phone learns it is taken.
 */
export async function registerUser(
  db: Db,
  input: { phone: string; code: string; password: string; agreementVersion?: number },
  client: ClientInfo,
): Promise<string> {
  await consumeSmsCode(db, {
    phone: input.phone,
    purpose: 'REGISTER',
    code: input.code,
    now: client.now,
  });
  if (await findUserByPhone(db, input.phone)) throw new AppError('PHONE_TAKEN');
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ phone: input.phone, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('PHONE_TAKEN');
  return openSession(db, created, false, client, { agreementVersion: input.agreementVersion });
}

/**
 * 忘记密码: the FORGET_PWD code proves the phone (weighed first, so only its holder learns whether
 * it has an account); every session of the account ends.
 */
export async function resetForgottenPassword(
  db: Db,
  input: { phone: string; code: string; newPwd: string },
): Promise<void> {
  await consumeSmsCode(db, { phone: input.phone, purpose: 'FORGET_PWD', code: input.code });
  const user = await findUserByPhone(db, input.phone);
  if (!user) throw new AppError('NOT_FOUND', PHONE_NOT_REGISTERED);
  // An operator's password with his phone are his two factors: the phone alone may not reset it.
  if (user.role === 'admin') {
    throw new AppError('FORBIDDEN', '运营账号不能在此找回密码，请联系系统管理员重置');
  }
  const passwordHash = await hashPassword(input.newPwd);
  await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  // The phone was just proven: its run of wrong passwords ends.
  await clearFailures(db, 'phone', input.phone);
  await revokeAllSessions(db, user.id);
}

/**
 * 修改密码 by the signed-in user: the phone must be the caller's own, proven by a CHANGE_PWD
 * code. Every other session of the account is revoked; the caller stays signed in.
 */
export async function changePassword(
  db: Db,
  caller: { id: number; sessionId: number },
  input: { phone: string; code: string; newPwd: string },
): Promise<void> {
  const user = await findUserById(db, caller.id);
  if (!user || user.phone !== input.phone) {
    throw new AppError('VALIDATION_FAILED', '请输入当前账号绑定的手机号');
  }
  await consumeSmsCode(db, { phone: input.phone, purpose: 'CHANGE_PWD', code: input.code });
  const passwordHash = await hashPassword(input.newPwd);
  await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await clearFailures(db, 'phone', input.phone);
  await revokeOtherSessions(db, user.id, caller.sessionId);
}

/** 修改手机号 step 1: a VALIDATE_PHONE code proves the caller still holds the old phone. */
export async function verifyOldPhone(
  db: Db,
  callerId: number,
  input: { phone: string; code: string },
): Promise<void> {
  const user = await findUserById(db, callerId);
  if (!user || user.phone !== input.phone) {
    throw new AppError('VALIDATION_FAILED', '请输入当前账号绑定的手机号');
  }
  await consumeSmsCode(db, { phone: input.phone, purpose: 'VALIDATE_PHONE', code: input.code });
}

/**
 * 修改手机号 step 2: allowed within 10 minutes of step 1; the new phone must be free and proven by
 * a CHANGE_PHONE code.
 */
export async function changePhone(
  db: Db,
  callerId: number,
  input: { phone: string; code: string },
  now: Date = new Date(),
): Promise<void> {
  const user = await findUserById(db, callerId);
  if (!user?.phone) throw new AppError('VALIDATION_FAILED', '请先绑定手机号');
  const since = new Date(now.getTime() - PHONE_CHANGE_WINDOW_MS);
  const validated = await wasCodeConsumedSince(db, {
    phone: user.phone,
    purpose: 'VALIDATE_PHONE',
    since,
    maxAttempts: SMS_MAX_ATTEMPTS,
  });
  if (!validated) {
    throw new AppError('FORBIDDEN', '请先验证原手机号');
  }
  if (input.phone === user.phone) throw new AppError('CONFLICT', '新手机号不能与原手机号相同');
  await consumeSmsCode(db, { phone: input.phone, purpose: 'CHANGE_PHONE', code: input.code, now });
  if (await findUserByPhone(db, input.phone)) throw new AppError('PHONE_TAKEN');
  try {
    await db.update(users).set({ phone: input.phone }).where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PHONE_TAKEN');
    throw error;
  }
}
