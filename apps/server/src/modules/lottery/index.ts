/**
 * What other modules may use of 摇号选房 (docs/decisions/0046-module-boundaries.md): the one check
 * the deposit flow makes before a room of a batch is locked, and the masks of the public list
 * (the seed publishes a drawn batch with them).
 */
export { checkLotteryTurn } from './lottery-turns';
export { maskId, maskName } from './lottery-masks';
