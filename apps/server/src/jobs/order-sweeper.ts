import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ForegroundGate } from '../lib/foreground-gate';
import { runAsForeground } from '../lib/foreground-work';
import { runPeriodically } from '../lib/periodic';
import { expireUnpaidOrders, releaseExpiredLocks, type SweepStep } from '../modules/orders/index';

/** Seconds between two sweeps of expired unpaid orders (docs/architecture.md: every few seconds). */
export const ORDER_SWEEP_INTERVAL_MS = 5_000;

export interface OrderSweeperOptions {
  /** Run the sweeper at all (off in API tests, which sweep with their own clock). */
  enabled: boolean;
  intervalMs?: number;
  /** The clock; tests may pass their own. */
  now?: () => Date;
}

/**
 * How the sweeper runs each of its transactions. Lapsed orders come in bursts, and an order's
 * step that finds one of the sweep's transactions open on the database waits for all of it
 * (docs/decisions/0073-orders-before-public-reads.md). So before each transaction the sweep gives
 * the event loop a turn, in which an order that came meanwhile starts, and waits while a deposit
 * order runs, as the public reads do; then its transaction runs as an order's would, each
 * statement waited for in place, so that it is never left open between two turns of the loop.
 */
export function sweepStep(gate: ForegroundGate | undefined): SweepStep {
  return async (transaction) => {
    await nextTurn();
    const turn = gate?.wait();
    if (turn) await turn;
    return runAsForeground(transaction);
  };
}

/**
 * Starts the order sweeper (unpaid orders expire, paid locks end at expireTime) when the app
 * is ready and stops it on close. A sweep never overlaps the previous one; a failing sweep is
 * logged and retried at the next tick.
 */
export const orderSweeperPlugin = fp<OrderSweeperOptions>(async (app: FastifyInstance, options) => {
  if (!options.enabled) return;
  const intervalMs = options.intervalMs ?? ORDER_SWEEP_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const step = sweepStep(app.hasDecorator('foreground') ? app.foreground : undefined);
  runPeriodically(app, { intervalMs, failure: 'order sweep failed' }, async () => {
    const expired = await expireUnpaidOrders(app.db, now(), {}, step);
    if (expired > 0) app.log.info({ expired }, 'expired unpaid orders');
    const released = await releaseExpiredLocks(app.db, now(), step);
    if (released > 0) app.log.info({ released }, 'released expired locks');
  });
});
