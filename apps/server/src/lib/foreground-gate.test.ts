import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ForegroundGate, yieldTo } from './foreground-gate';

/** A gate on a clock the test moves by hand. */
function gateAt(maxDeferMs: number, perTurn = 8) {
  const clock = { now: 0 };
  return { gate: new ForegroundGate(maxDeferMs, perTurn, () => clock.now), clock };
}

/** Lets the event loop turn `n` times (each turn lets the gate start its next few reads). */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await nextTurn();
}

describe('ForegroundGate', () => {
  it('lets a read start at once when no foreground request runs', () => {
    const { gate } = gateAt(40);
    expect(gate.wait()).toBeUndefined();
    expect(gate.deferred).toBe(0);
  });

  it('holds reads while a foreground request runs and lets them go in order when it ends', async () => {
    const { gate } = gateAt(40);
    gate.enter();
    const started: number[] = [];
    for (const n of [1, 2, 3]) void gate.wait()?.then(() => started.push(n));
    await turns(3);
    expect(started).toEqual([]);
    expect(gate.queued).toBe(3);
    gate.leave();
    await turns(2);
    expect(started).toEqual([1, 2, 3]);
    expect(gate.deferred).toBe(3);
    expect(gate.overdue).toBe(0);
  });

  it('keeps a read that came while others wait behind them, even with the gate open', async () => {
    const { gate } = gateAt(40, 1);
    gate.enter();
    const started: string[] = [];
    void gate.wait()?.then(() => started.push('first'));
    gate.leave();
    const late = gate.wait();
    expect(late).toBeDefined();
    void late?.then(() => started.push('second'));
    await turns(4);
    expect(started).toEqual(['first', 'second']);
  });

  it('starts a few reads per turn of the event loop, so a request arriving meanwhile is read between them', async () => {
    const { gate } = gateAt(40, 2);
    gate.enter();
    const started: number[] = [];
    for (let n = 0; n < 5; n += 1) void gate.wait()?.then(() => started.push(n));
    gate.leave();
    await nextTurn();
    expect(started.length).toBeLessThanOrEqual(2);
    await turns(4);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets a read go when it has waited its limit, though the foreground request still runs', async () => {
    const { gate, clock } = gateAt(40);
    gate.enter();
    let started = false;
    void gate.wait()?.then(() => (started = true));
    clock.now = 39;
    await new Promise((resolve) => setTimeout(resolve, 60));
    await turns(2);
    expect(started).toBe(false);
    clock.now = 40;
    await new Promise((resolve) => setTimeout(resolve, 60));
    await turns(2);
    expect(started).toBe(true);
    expect(gate.overdue).toBe(1);
    expect(gate.foreground).toBe(1);
  });

  it('never holds a read with a limit of 0 (the gate switched off)', () => {
    const { gate } = gateAt(0);
    gate.enter();
    expect(gate.wait()).toBeUndefined();
  });

  it('counts a request that leaves twice only once', async () => {
    const { gate } = gateAt(40);
    gate.enter();
    gate.leave();
    gate.leave();
    expect(gate.foreground).toBe(0);
    const passed = new Promise<Error | undefined>((resolve) => yieldTo(gate)(null, null, resolve));
    await expect(passed).resolves.toBeUndefined();
  });
});
