import { OPERATOR_LOGIN_PURPOSE } from '@portal/shared/schemas/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSignInFailures } from '../../db/schema/index';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';
import type { UserRow } from './accounts.queries';
import { verifyPassword } from './password';
import { operatorBlockedUntil } from './sign-in-failures.queries';
import { consumeSmsCode, issueSmsCode } from './sms-code.service';

/** Wrong passwords from one address that are weighed without delay. */
export const OPERATOR_FREE_FAILURES = 3;
/** The first delay; each further wrong password doubles it, up to OPERATOR_MAX_DELAY_MS. */
export const OPERATOR_BASE_DELAY_MS = 30 * 1000;
export const OPERATOR_MAX_DELAY_MS = 15 * 60 * 1000;
/** A run of failures from an address that stayed quiet this long starts again from 1. */
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** How long an address waits after its `failures`-th wrong password in a row. */
export function operatorDelayMs(failures: number): number {
  if (failures < OPERATOR_FREE_FAILURES) return 0;
  return Math.min(
    OPERATOR_MAX_DELAY_MS,
    OPERATOR_BASE_DELAY_MS * 2 ** (failures - OPERATOR_FREE_FAILURES),
  );
}

/** `138****0000`: enough for the operator to recognise the phone the code went to. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/**
 * Takes one password try of an operator from one address before the password is weighed, in one
 * statement: refused (null) while that address is delayed; otherwise the failures in a row of
 * this address with this try counted, and the address is delayed as if this try were wrong (a
 * right password clears the row at once). Concurrent tries on any instance are counted one by
 * one, and other addresses — the operator's own — are never affected.
 */
async function takeOperatorTry(
  db: Db,
  userId: number,
  ip: string,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
  const t = operatorSignInFailures;
  const next = sql`case when ${t.updatedAt} < ${forgotten}::timestamptz then 1 else ${t.failures} + 1 end`;
  const delaySql = (failures: typeof next | number) =>
    sql`case when ${failures} >= ${OPERATOR_FREE_FAILURES}
      then ${at}::timestamptz + interval '1 millisecond' * least(${OPERATOR_MAX_DELAY_MS},
        ${OPERATOR_BASE_DELAY_MS} * power(2, ${failures} - ${OPERATOR_FREE_FAILURES}))
      else null end`;
  const [row] = await db
    .insert(t)
    .values({
      userId,
      ip,
      failures: 1,
      blockedUntil: operatorDelayMs(1) ? new Date(now.getTime() + operatorDelayMs(1)) : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [t.userId, t.ip],
      set: { failures: next, blockedUntil: delaySql(next), updatedAt: now },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ failures: t.failures });
  return row?.failures ?? null;
}

async function delayedAnswer(db: Db, userId: number, ip: string, now: Date): Promise<AppError> {
  const blockedUntil = await operatorBlockedUntil(db, userId, ip);
  const waitMs = Math.max(1000, (blockedUntil?.getTime() ?? now.getTime()) - now.getTime());
  const wait =
    waitMs >= 60_000 ? `${Math.ceil(waitMs / 60_000)}分钟` : `${Math.ceil(waitMs / 1000)}秒`;
  return new AppError('RATE_LIMITED', `密码错误次数过多，请${wait}后再试`);
}

export type OperatorSignIn =
  { kind: 'verified' } | { kind: 'codeSent'; phone: string; message: string };

/**
 * The operator's two factors: the password, counted per account and address with growing
 * delays, then an SMS code the server sends to the operator's phone after the right password.
 * Answers `verified` when both were right (the caller opens the session and audits it), or
 * `codeSent` when the password was right and no code came with it.
 */
export async function checkOperatorFactors(
  db: Db,
  sms: SmsGateway | null,
  user: UserRow & { passwordHash: string; phone: string },
  input: { password: string; code?: string },
  client: { ip: string; now: Date },
): Promise<OperatorSignIn> {
  const { ip, now } = client;
  const failures = await takeOperatorTry(db, user.id, ip, now);
  if (failures === null) throw await delayedAnswer(db, user.id, ip, now);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    if (failures >= OPERATOR_FREE_FAILURES) {
      await recordAudit(db, {
        actorId: null,
        action: 'auth.operatorSignInDelayed',
        targetType: 'user',
        targetId: user.id,
        after: { ip, failures, delaySeconds: operatorDelayMs(failures) / 1000 },
        at: now,
      });
    }
    throw new AppError('LOGIN_FAILED');
  }
  await db
    .delete(operatorSignInFailures)
    .where(and(eq(operatorSignInFailures.userId, user.id), eq(operatorSignInFailures.ip, ip)));
  if (input.code) {
    await consumeSmsCode(db, {
      phone: user.phone,
      purpose: OPERATOR_LOGIN_PURPOSE,
      code: input.code,
      now,
    });
    return { kind: 'verified' };
  }
  if (!sms) throw new AppError('SMS_UNAVAILABLE');
  const phone = maskPhone(user.phone);
  try {
    await issueSmsCode(db, sms, { phone: user.phone, purpose: OPERATOR_LOGIN_PURPOSE, ip, now });
  } catch (error) {
    // A code sent moments ago still works: say why no new one came, and ask for that one.
    if (error instanceof AppError && error.status === 429) {
      return { kind: 'codeSent', phone, message: error.message };
    }
    throw error;
  }
  return { kind: 'codeSent', phone, message: `验证码已发送至 ${phone}，请输入验证码完成登录` };
}
