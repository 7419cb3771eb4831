/**
 * What other modules may use of 摇号选房 (docs/decisions/0046-module-boundaries.md): the one check
 * the deposit flow makes before a room of a batch is locked, the masks of the public list
 * (the seed publishes a drawn batch with them), and the lottery job's two steps (turns that start
 * or run out, and the SMS of each step), and forgetting a closing account's 证明材料.
 */
export { advanceAllTurns, checkLotteryTurn } from './lottery-turns';
export { sendQueuedLotterySms } from './lottery-notices';
export { maskId, maskName } from './lottery-masks';
export { forgetLotteryOfClosedAccount } from './closed-account.service';
