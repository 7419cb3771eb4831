import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import { recordSignInAgreement } from '../legal/index';
import { findUserByPhone, type UserRow } from './accounts.queries';
import { checkOperatorFactors, type OperatorSignIn } from './operator-sign-in';
import { hashPassword, verifyPassword } from './password';
import {
  ADDRESS_RULE,
  clearFailures,
  forgiveTry,
  lockedUntil,
  PHONE_RULE,
  takeTry,
} from './password-failures';
import { createSession } from './session.service';
import { consumeSmsCode } from './sms-code.service';

/** Wrong passwords in a row that lock password sign-in of a phone. */
export const MAX_LOGIN_FAILURES = PHONE_RULE.max;
/** How long password sign-in stays locked. */
export const LOGIN_LOCK_MS = PHONE_RULE.lockMs;

/** Said only after a valid code proved the phone: never to someone who merely typed a number. */
export const PHONE_NOT_REGISTERED = '该手机号尚未注册，请先注册';

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, weighed for unknown accounts so they answer as slowly. */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64'));
  return dummyHash;
}

/** Where a sign-in comes from, stored with the session. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
  now?: Date;
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

function lockMessage(until: Date, now: Date): string {
  return `密码错误次数过多，账号已锁定，请${minutesUntil(until, now)}分钟后再试`;
}

function addressLockMessage(until: Date, now: Date): string {
  return `当前网络密码错误次数过多，请${minutesUntil(until, now)}分钟后再试，或使用短信验证码登录`;
}

/** Operators sign in only with two factors (password and SMS code); never with one. */
const OPERATOR_NEEDS_TWO_FACTORS = '运营账号须使用密码加短信验证码登录';

/**
 * Opens a session for a user who just proved who they are and records the sign-in. An operator
 * gets one only after both factors (`twoFactors`); SMS, WeChat or a reset alone are refused.
 */
export async function openSession(
  db: Db,
  user: UserRow,
  remember: boolean,
  client: ClientInfo,
  options: { twoFactors?: boolean; agreementVersion?: number } = {},
): Promise<string> {
  if (user.disabled) throw new AppError('FORBIDDEN', '该账号已停用，请联系平台');
  if (user.role === 'admin' && !options.twoFactors) {
    throw new AppError('FORBIDDEN', OPERATOR_NEEDS_TWO_FACTORS);
  }
  const now = client.now ?? new Date();
  await recordSignInAgreement(db, user.id, options.agreementVersion);
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  // Any sign-in that proved the phone (password, SMS code) ends its run of wrong passwords.
  if (user.phone) await clearFailures(db, 'phone', user.phone);
  return createSession(db, user.id, { remember, ip: client.ip, userAgent: client.userAgent, now });
}

/** A password sign-in's outcome: a session, or (operators) the second factor was sent. */
export type PasswordSignIn =
  { kind: 'session'; token: string } | Exclude<OperatorSignIn, { kind: 'verified' }>;

/**
 * 账号密码登录: the account is the phone. Operators go through `checkOperatorFactors` (password
 * and SMS code, delays per account and address), and every operator sign-in is audited. For
 * everyone else — citizens and phones with no account alike, along the same path and with the
 * same answers — each try is counted against the typed phone and the client address before the
 * password is weighed: ten wrong passwords in a row lock password sign-in of the phone for 15
 * minutes (SMS sign-in stays open), the last three warn, and many from one address lock that
 * address (docs/product/accounts.md "Password sign-in").
 */
export async function loginWithPassword(
  db: Db,
  input: {
    account: string;
    password: string;
    remember: boolean;
    code?: string;
    agreementVersion?: number;
  },
  client: ClientInfo,
  sms: SmsGateway | null = null,
): Promise<PasswordSignIn> {
  const now = client.now ?? new Date();
  const user = await findUserByPhone(db, input.account);
  if (user?.role === 'admin' && user.passwordHash && user.phone) {
    if (user.disabled) throw new AppError('FORBIDDEN', '该账号已停用，请联系平台');
    const operator = { ...user, passwordHash: user.passwordHash, phone: user.phone };
    const checked = await checkOperatorFactors(db, sms, operator, input, { ip: client.ip, now });
    if (checked.kind === 'codeSent') return checked;
    const token = await openSession(db, user, input.remember, client, {
      twoFactors: true,
      agreementVersion: input.agreementVersion,
    });
    await recordAudit(db, {
      actorId: user.id,
      action: 'auth.operatorSignIn',
      targetType: 'user',
      targetId: user.id,
      after: { ip: client.ip, userAgent: client.userAgent ?? null, factors: 'password+sms' },
      at: now,
    });
    return { kind: 'session', token };
  }
  const byAddress = await takeTry(db, 'address', client.ip, ADDRESS_RULE, now);
  if (!byAddress) {
    const until = await lockedUntil(db, 'address', client.ip, ADDRESS_RULE, now);
    throw new AppError('ACCOUNT_LOCKED', addressLockMessage(until, now));
  }
  const byPhone = await takeTry(db, 'phone', input.account, PHONE_RULE, now);
  if (!byPhone) {
    const until = await lockedUntil(db, 'phone', input.account, PHONE_RULE, now);
    throw new AppError('ACCOUNT_LOCKED', lockMessage(until, now));
  }
  const known = user?.passwordHash ? user.passwordHash : null;
  // An unknown phone weighs a password too, so it takes as long as a wrong one.
  const right = await verifyPassword(input.password, known ?? (await unknownAccountHash()));
  if (right && known && user) {
    await forgiveTry(db, 'address', client.ip);
    const token = await openSession(db, user, input.remember, client, {
      agreementVersion: input.agreementVersion,
    });
    return { kind: 'session', token };
  }
  if (byPhone.lockedUntil) {
    throw new AppError('ACCOUNT_LOCKED', lockMessage(byPhone.lockedUntil, now));
  }
  if (byAddress.lockedUntil) {
    throw new AppError('ACCOUNT_LOCKED', addressLockMessage(byAddress.lockedUntil, now));
  }
  const left = PHONE_RULE.max - byPhone.failures;
  throw new AppError(
    'LOGIN_FAILED',
    left <= 3 ? `账号或密码错误，再错${left}次账号将锁定15分钟` : undefined,
  );
}

/**
 * 手机验证码登录 for a registered phone; the LOGIN code is weighed first, so only the holder of the
 * phone learns that it has no account.
 */
export async function loginWithSmsCode(
  db: Db,
  input: { phone: string; code: string; remember: boolean; agreementVersion?: number },
  client: ClientInfo,
): Promise<string> {
  await consumeSmsCode(db, {
    phone: input.phone,
    purpose: 'LOGIN',
    code: input.code,
    now: client.now,
  });
  const user = await findUserByPhone(db, input.phone);
  if (!user) throw new AppError('NOT_FOUND', PHONE_NOT_REGISTERED);
  return openSession(db, user, input.remember, client, {
    agreementVersion: input.agreementVersion,
  });
}
