import { describe, expect, it } from 'vitest';
import { nextTask } from '../start/next-task';
import { inBatches } from './in-batches';

describe('inBatches', () => {
  it('hands items over a few per task, in order, the first batch at the end of the queuing task', async () => {
    const taken: number[] = [];
    const add = inBatches<number>(3, (item) => taken.push(item));
    for (let item = 1; item <= 8; item += 1) add(item);
    // Nothing while the queuing task still runs.
    expect(taken).toEqual([]);
    await Promise.resolve();
    expect(taken).toEqual([1, 2, 3]);
    await nextTask();
    await Promise.resolve();
    expect(taken).toEqual([1, 2, 3, 4, 5, 6]);
    await nextTask();
    await Promise.resolve();
    expect(taken).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('starts again when items come after the queue ran dry', async () => {
    const taken: string[] = [];
    const add = inBatches<string>(8, (item) => taken.push(item));
    add('a');
    await nextTask();
    add('b');
    await Promise.resolve();
    expect(taken).toEqual(['a', 'b']);
  });
});

describe('nextTask', () => {
  it('resolves in a task of its own, after the microtasks of the current one', async () => {
    const order: string[] = [];
    const message = nextTask().then(() => order.push('next task'));
    void Promise.resolve()
      .then(() => order.push('microtask'))
      .then(() => order.push('microtask of a microtask'));
    await message;
    expect(order).toEqual(['microtask', 'microtask of a microtask', 'next task']);
  });
});
