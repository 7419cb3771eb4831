import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../lib/periodic';
import { expireUnpaidOrders, releaseExpiredLocks } from '../modules/orders/index';

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
 * Starts the order sweeper (unpaid orders expire, paid locks end at expireTime) when the app
 * is ready and stops it on close. A sweep never overlaps the previous one; a failing sweep is
 * logged and retried at the next tick.
 */
export const orderSweeperPlugin = fp<OrderSweeperOptions>(async (app: FastifyInstance, options) => {
  if (!options.enabled) return;
  const intervalMs = options.intervalMs ?? ORDER_SWEEP_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  // Between two of its transactions the sweep waits while a deposit order runs, as the public
  // reads do (docs/decisions/0073-orders-before-public-reads.md): each order's step would
  // otherwise find one of them open on the database, and lapsed orders come in bursts.
  const makeWay = () => (app.hasDecorator('foreground') ? app.foreground.wait() : undefined);
  runPeriodically(app, { intervalMs, failure: 'order sweep failed' }, async () => {
    const expired = await expireUnpaidOrders(app.db, now(), {}, makeWay);
    if (expired > 0) app.log.info({ expired }, 'expired unpaid orders');
    const released = await releaseExpiredLocks(app.db, now(), makeWay);
    if (released > 0) app.log.info({ released }, 'released expired locks');
  });
});
