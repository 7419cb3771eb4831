import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Marks the work done for a foreground request (a deposit order's steps,
 * docs/decisions/0073-orders-before-public-reads.md), and each transaction of the order sweeper,
 * through all its asynchronous steps, so the embedded database's thread can run its statements
 * before the public reads' waiting ones and the server's thread waits for them in place
 * (docs/decisions/0076-embedded-database-thread.md).
 */
const foregroundWork = new AsyncLocalStorage<true>();

/** Runs `work`, and everything it starts, as foreground work. */
export function runAsForeground<T>(work: () => T): T {
  return foregroundWork.run(true, work);
}

/** Whether the code running now serves a foreground request. */
export function isForegroundWork(): boolean {
  return foregroundWork.getStore() === true;
}
