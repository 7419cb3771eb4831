import { nextTask } from '../start/next-task';

/**
 * A queue whose items are handed to `take` at most `perTask` in a task, in the order queued: the
 * first batch at the end of the task that queued it, each further one in a task of its own. The
 * boot script adds its code preloads so (docs/decisions/0078-the-start-in-steps.md): a page
 * starts some eighty of them, and each costs a phone's main thread a few milliseconds.
 */
export function inBatches<T>(perTask: number, take: (item: T) => void): (item: T) => void {
  const queued: T[] = [];
  const drain = async () => {
    while (queued.length > 0) {
      queued.splice(0, perTask).forEach(take);
      if (queued.length > 0) await nextTask();
    }
  };
  return (item) => {
    queued.push(item);
    if (queued.length === 1) queueMicrotask(() => void drain());
  };
}
