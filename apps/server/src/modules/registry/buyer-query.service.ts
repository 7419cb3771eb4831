import type {
  BuyerContractResult,
  BuyerFundsResult,
  BuyerQuery,
} from '@portal/shared/schemas/registry';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../auth/index';
import type { BuyerQueryLimiter } from './buyer-query-limiter';
import { type BuyerRecord, findBuyerRecordByContract } from './registry.queries';

/** One message for every mismatch, so it never tells which field was wrong. */
export const BUYER_NOT_MATCHED_MESSAGE =
  '未查询到相关信息，请核对区域、身份证号、合同编号和购房密码';
export const BUYER_LOCKED_MESSAGE = '查询失败次数过多，请15分钟后再试';

/** A hash no password matches quickly, so a missing record costs as much time as a wrong one. */
const dummyHash = hashPassword('buyer-query-dummy-password');

/**
 * The buyer record matching all four credentials. The attempt is reserved before the lookup
 * (so parallel guesses are capped) and given back only when everything matched.
 */
async function findBuyerRecord(db: Db, limiter: BuyerQueryLimiter, client: string, q: BuyerQuery) {
  const ticket = await limiter.reserve(client);
  if (!ticket) throw new AppError('RATE_LIMITED', BUYER_LOCKED_MESSAGE);
  let record: BuyerRecord | undefined;
  try {
    record = await findBuyerRecordByContract(db, q);
    const matches = await verifyPassword(q.password, record?.passwordHash ?? (await dummyHash));
    if (!matches) record = undefined;
  } catch (error) {
    await limiter.release(ticket);
    throw error;
  }
  if (!record) throw new AppError('NOT_FOUND', BUYER_NOT_MATCHED_MESSAGE);
  await limiter.release(ticket);
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
