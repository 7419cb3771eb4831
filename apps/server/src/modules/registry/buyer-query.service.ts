import type {
  BuyerContractResult,
  BuyerFundsResult,
  BuyerQuery,
} from '@portal/shared/schemas/registry';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyerRecords } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../auth/password';

/** Wrong attempts a client may make within the window before buyer queries are refused. */
export const BUYER_QUERY_MAX_FAILURES = 5;
/** Length of the wrong-attempt window, in milliseconds (15 minutes). */
export const BUYER_QUERY_WINDOW_MS = 15 * 60_000;

/** One message for every mismatch, so it never tells which field was wrong. */
export const BUYER_NOT_MATCHED_MESSAGE =
  '未查询到相关信息，请核对区域、身份证号、合同编号和购房密码';
export const BUYER_LOCKED_MESSAGE = '查询失败次数过多，请15分钟后再试';

/**
 * Counts wrong buyer-query attempts per client key (the client address) in a sliding window.
 * Kept in memory: one server process serves the portal (docs/decisions/0010).
 */
export class BuyerQueryLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const since = this.now() - BUYER_QUERY_WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Whether the client has used up its wrong attempts in the current window. */
  isLocked(key: string): boolean {
    return this.recent(key).length >= BUYER_QUERY_MAX_FAILURES;
  }

  recordFailure(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
  }
}

/** A hash no password matches quickly, so a missing record costs as much time as a wrong one. */
const dummyHash = hashPassword('buyer-query-dummy-password');

async function findBuyerRecord(db: Db, limiter: BuyerQueryLimiter, client: string, q: BuyerQuery) {
  if (limiter.isLocked(client)) throw new AppError('RATE_LIMITED', BUYER_LOCKED_MESSAGE);
  const [record] = await db
    .select()
    .from(buyerRecords)
    .where(
      and(
        eq(buyerRecords.districtCode, q.areaCode),
        eq(buyerRecords.idCard, q.idcard.toUpperCase()),
        eq(buyerRecords.netsignnum, q.netsignnum),
      ),
    )
    .limit(1);
  const matches = await verifyPassword(q.password, record?.passwordHash ?? (await dummyHash));
  if (!record || !matches) {
    limiter.recordFailure(client);
    throw new AppError('NOT_FOUND', BUYER_NOT_MATCHED_MESSAGE);
  }
  return record;
}

/**
 * 商品房签约查询 (/spfqypage): the signed house and its payment plan (prices in yuan), when the
 * district, ID number, contract number and purchase password all match a buyer record.
 */
export async function queryBuyerContract(
  db: Db,
  limiter: BuyerQueryLimiter,
  client: string,
  query: BuyerQuery,
): Promise<BuyerContractResult> {
  const record = await findBuyerRecord(db, limiter, client, query);
  return { houseList: record.houseList, sellList: record.sellList };
}

/**
 * 监管资金入账查询 (/yszjpage): as the contract query, plus the funds received into the
 * supervision account (bank, account, money in yuan).
 */
export async function queryBuyerFunds(
  db: Db,
  limiter: BuyerQueryLimiter,
  client: string,
  query: BuyerQuery,
): Promise<BuyerFundsResult> {
  const record = await findBuyerRecord(db, limiter, client, query);
  return {
    houseList: record.houseList,
    sellList: record.sellList,
    accountList: record.accountList,
  };
}
