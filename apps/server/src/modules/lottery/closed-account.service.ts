import type { ForgetClosedAccount } from '../../lib/closed-account';
import { forgetLotteryProofsOf } from './lottery-proofs';

/** Closing an account: its 摇号 证明材料 (户口簿, 结婚证…) go; the file sweeper deletes the files. */
export const forgetLotteryOfClosedAccount: ForgetClosedAccount = async (tx, { userId }) => {
  await forgetLotteryProofsOf(tx, userId);
  return undefined;
};
