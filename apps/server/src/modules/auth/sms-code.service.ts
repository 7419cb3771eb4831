import { randomInt } from 'node:crypto';
import { type CodePurpose, OPERATOR_LOGIN_PURPOSE } from '@portal/shared/schemas/auth';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema/index';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { AppError } from '../../lib/app-error';
import { countSentCodes } from './auth.queries';

/** A code is valid for 5 minutes (docs/product/accounts.md). */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
/** The fifth wrong try burns the code. */
export const SMS_MAX_ATTEMPTS = 5;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Send limits: per phone and purpose 1 a minute (the 60 s resend button); per phone 5 an hour and
 * 10 a day whatever the purpose; per client IP 20 an hour (`SMS_CODES_PER_CLIENT`).
 */
export const SMS_SEND_LIMITS = {
  phonePerMinute: 1,
  phonePerHour: 5,
  phonePerDay: 10,
  ipPerHour: 20,
} as const;

/**
 * Advisory-lock classes (first key of `pg_advisory_xact_lock(int, int)`) of the send limits: one
 * lock per client address and one per phone, each held until the send's transaction ends.
 */
const SEND_LOCK_IP = 0x534d5301;
const SEND_LOCK_PHONE = 0x534d5302;

/**
 * Serialises the sends of one address and of one phone across every connection and instance,
 * so that counting the stored sends and storing the new one happen as one step. Always the
 * address first, then the phone, so two sends can never wait for each other in a circle.
 */
async function holdSendLocks(tx: Db, input: { phone: string; ip: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK_IP}::int, hashtext(${input.ip}))`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SEND_LOCK_PHONE}::int, hashtext(${input.phone}))`,
  );
}

async function checkSendLimits(
  db: Db,
  input: { phone: string; purpose: CodePurpose; ip: string; ipPerHour?: number },
  now: Date,
): Promise<void> {
  const { phone, purpose, ip } = input;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  if (
    (await countSentCodes(db, { phone, purpose }, ago(MINUTE_MS))) >= SMS_SEND_LIMITS.phonePerMinute
  ) {
    throw new AppError('RATE_LIMITED', '验证码发送过于频繁，请60秒后再试');
  }
  if ((await countSentCodes(db, { phone }, ago(HOUR_MS))) >= SMS_SEND_LIMITS.phonePerHour) {
    throw new AppError('RATE_LIMITED', '该手机号1小时内最多获取5次验证码，请稍后再试');
  }
  if ((await countSentCodes(db, { phone }, ago(DAY_MS))) >= SMS_SEND_LIMITS.phonePerDay) {
    throw new AppError('RATE_LIMITED', '该手机号今日获取验证码次数已达上限，请明天再试');
  }
  const ipPerHour = input.ipPerHour ?? SMS_SEND_LIMITS.ipPerHour;
  if ((await countSentCodes(db, { ip }, ago(HOUR_MS))) >= ipPerHour) {
    throw new AppError('RATE_LIMITED', '当前网络获取验证码过于频繁，请稍后再试');
  }
}

/**
 * Issues a fresh 6-digit code for one phone and purpose and hands it to the gateway, after the
 * send limits. Older unused codes of the same phone and purpose stop working. The limits are
 * checked and the code stored in one transaction under the address and phone locks, so
 * concurrent requests on any instance never send more than the limits allow; the gateway is
 * called after the commit, never while the locks are held.
 */
export async function issueSmsCode(
  db: Db,
  gateway: SmsGateway,
  input: { phone: string; purpose: CodePurpose; ip: string; ipPerHour?: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await holdSendLocks(tx as unknown as Db, input);
    // An operator's second factor is sent only after his right password (itself slowed per
    // address), once per sign-in, and counts against none of the limits of requested codes.
    if (input.purpose !== OPERATOR_LOGIN_PURPOSE) {
      await checkSendLimits(tx as unknown as Db, input, now);
    }
    await tx
      .update(smsCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(smsCodes.phone, input.phone),
          eq(smsCodes.purpose, input.purpose),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, now),
        ),
      );
    await tx.insert(smsCodes).values({
      phone: input.phone,
      code,
      purpose: input.purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      ip: input.ip,
    });
  });
  await gateway.sendCode(input.phone, code, input.purpose);
}

/**
 * Weighs one try of the newest code of a phone for a purpose, with that code's row locked
 * (`FOR UPDATE`): concurrent tries of one code are weighed one after the other, so at most five
 * wrong ones are ever compared and a code signs in once. Answers null when the code is right
 * (and now used), else the refusal; the wrong-try count is kept because nothing is thrown here.
 */
async function weighTry(
  tx: Db,
  input: { phone: string; purpose: CodePurpose; code: string },
  now: Date,
): Promise<string | null> {
  const [latest] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for('update');
  if (!latest) return '请先获取验证码';
  if (latest.attempts >= SMS_MAX_ATTEMPTS) return '验证码错误次数过多，请重新获取';
  if (latest.usedAt) return '验证码已使用，请重新获取';
  if (latest.expiresAt.getTime() <= now.getTime()) return '验证码已过期，请重新获取';
  if (latest.code !== input.code) {
    const attempts = latest.attempts + 1;
    await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, latest.id));
    const left = SMS_MAX_ATTEMPTS - attempts;
    return left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取';
  }
  await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, latest.id));
  return null;
}

/**
 * Checks and consumes the newest code of a phone for a purpose. Each failure has its own
 * message: none sent, already used, expired, burned after 5 wrong tries, or wrong.
 */
export async function consumeSmsCode(
  db: Db,
  input: { phone: string; purpose: CodePurpose; code: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const refusal = await db.transaction((tx) => weighTry(tx as unknown as Db, input, now));
  if (refusal) throw new AppError('SMS_CODE_INVALID', refusal);
}
