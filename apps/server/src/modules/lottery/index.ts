/**
 * What other modules may use of 摇号选房 (docs/decisions/0046-module-boundaries.md): the one check
 * the deposit flow makes before a room of a batch is locked.
 */
export { checkLotteryTurn } from './lottery-turns';
