import { formatBeijingMinute } from '@portal/shared/beijing-time';
import { PAY_STATUS } from '@portal/shared/status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { closedUnpaidOrdersOf, identityOrderLimitOf, liveOrdersOf } from './order-fairness.queries';

/*
 * The fair-lock rules of deposit orders (docs/product/orders.md), by real-name identity (the
 * keyed hash of the ID number), not by account:
 * - one live order (awaiting payment, or paid with the room still locked and not net-signed) per
 *   identity city-wide; a project may let one identity hold up to `identity_order_limit` live
 *   orders of its own rooms, and then none elsewhere;
 * - three unpaid orders cancelled or timed out within 24 hours block new orders for 24 hours
 *   after the third.
 * The database enforces the first rule itself (trigger `orders_identity_limit`, migration 0014,
 * under the same per-identity lock), so concurrent creates of one identity cannot both pass.
 */

/** Unpaid orders closed within this window that block new orders. */
const COOLING_COUNT = 3;
const COOLING_WINDOW_MS = 24 * 3_600_000;

/**
 * Serialises the order creations of one identity until the transaction ends (the trigger takes
 * the same lock), so the checks below see every order committed before.
 */
export async function lockIdentity(tx: Db, identityHash: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`orders-identity:${identityHash}`}, 0))`,
  );
}

/** Refuses a new order of `projectId` by this identity when a fair-lock rule forbids it. */
export async function checkFairLock(
  db: Db,
  identityHash: string,
  projectId: number,
  now: Date,
): Promise<void> {
  await checkLiveOrders(db, identityHash, projectId);
  await checkCoolingOff(db, identityHash, now);
}

async function checkLiveOrders(db: Db, identityHash: string, projectId: number): Promise<void> {
  const held = await liveOrdersOf(db, identityHash);
  if (held.length === 0) return;
  const limit = (await identityOrderLimitOf(db, projectId)) ?? 1;
  const elsewhere = held.some((o) => o.projectId !== projectId);
  if (!elsewhere && held.length < limit) return;
  const first = held[0] as (typeof held)[number];
  const unpaid = first.payStatus === PAY_STATUS.AWAITING_PAYMENT;
  const until = unpaid ? first.payExpireTime : first.expireTime;
  const what = unpaid ? '待支付的订约金订单' : '已锁定的订约金订单';
  const deadline = until
    ? `（${unpaid ? '支付截止' : '锁定至'}${formatBeijingMinute(until)}）`
    : '';
  const rule =
    limit > 1 && !elsewhere
      ? `同一身份在本项目同时最多持有${limit}笔进行中的订约金订单`
      : '同一身份同一时间只能持有一笔进行中的订约金订单';
  throw new AppError(
    'IDENTITY_ORDER_HELD',
    `您已持有${first.houseName}的${what}${deadline}，${rule}`,
    { houseName: first.houseName, until: until?.toISOString() ?? null },
  );
}

/** When the identity's recent cancellations and time-outs block it, until when; else null. */
export async function coolingOffUntil(
  db: Db,
  identityHash: string,
  now: Date,
): Promise<Date | null> {
  const since = new Date(now.getTime() - 2 * COOLING_WINDOW_MS);
  const closed = await closedUnpaidOrdersOf(db, identityHash, since);
  const times = closed
    .map((o) => (o.cancelTime ?? o.payExpireTime).getTime())
    .filter((t) => t <= now.getTime())
    .sort((a, b) => a - b);
  let until = 0;
  for (let i = COOLING_COUNT - 1; i < times.length; i += 1) {
    const third = times[i] as number;
    if (third - (times[i - COOLING_COUNT + 1] as number) <= COOLING_WINDOW_MS) {
      until = Math.max(until, third + COOLING_WINDOW_MS);
    }
  }
  return until > now.getTime() ? new Date(until) : null;
}

async function checkCoolingOff(db: Db, identityHash: string, now: Date): Promise<void> {
  const until = await coolingOffUntil(db, identityHash, now);
  if (!until) return;
  throw new AppError(
    'ORDER_COOLING_OFF',
    `24小时内您已有3笔未支付订单被取消或超时关闭，${formatBeijingMinute(until)}前不能提交新订单`,
    { until: until.toISOString() },
  );
}

/** Whether a database error (or its cause) is the identity trigger's refusal (PX601). */
export function isIdentityLimitViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === 'PX601') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
