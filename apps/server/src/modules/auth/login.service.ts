import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../admin/index';
import { recordSignInAgreement } from '../legal/index';
import { findUserByPhone, type UserRow } from '../users/index';
import { lockedUntilOf } from './auth.queries';
import { checkOperatorFactors, type OperatorSignIn } from './operator-sign-in';
import { hashPassword, verifyPassword } from './password';
import { createSession } from './session.service';
import { consumeSmsCode } from './sms-code.service';

/** Wrong passwords in a row that lock password sign-in. */
export const MAX_LOGIN_FAILURES = 10;
/** How long password sign-in stays locked. */
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

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
  const until = (await lockedUntilOf(db, userId)) ?? new Date(now.getTime() + LOGIN_LOCK_MS);
  return new AppError('ACCOUNT_LOCKED', lockMessage(until, now));
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
  await db
    .update(users)
    .set({ lastLoginAt: now, loginFailures: 0, lockedUntil: null })
    .where(eq(users.id, user.id));
  return createSession(db, user.id, { remember, ip: client.ip, userAgent: client.userAgent, now });
}

/** A password sign-in's outcome: a session, or (operators) the second factor was sent. */
export type PasswordSignIn =
  { kind: 'session'; token: string } | Exclude<OperatorSignIn, { kind: 'verified' }>;

/**
 * 账号密码登录: the account is the phone. For citizens ten wrong passwords in a row lock
 * password sign-in for 15 minutes (SMS sign-in stays open to them). Operators go through
 * `checkOperatorFactors` instead (password and SMS code, delays per account and address), and
 * every operator sign-in is audited. Unknown phones get the same answer as wrong passwords.
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
  if (!user?.passwordHash || !user.phone) {
    // Weigh the password anyway, so an unknown phone takes as long as a wrong password.
    await verifyPassword(input.password, await unknownAccountHash());
    throw new AppError('LOGIN_FAILED');
  }
  if (user.role === 'admin') {
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
  const taken = await takePasswordTry(db, user.id, now);
  if (!taken) throw await lockedAnswer(db, user.id, now);
  if (await verifyPassword(input.password, user.passwordHash)) {
    const token = await openSession(db, user, input.remember, client, {
      agreementVersion: input.agreementVersion,
    });
    return { kind: 'session', token };
  }
  if (taken.lockedUntil) throw new AppError('ACCOUNT_LOCKED', lockMessage(taken.lockedUntil, now));
  const left = MAX_LOGIN_FAILURES - taken.failures;
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
