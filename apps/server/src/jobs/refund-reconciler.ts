import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BankGateway } from '../integrations/bank/index';
import { runPeriodically } from '../lib/periodic';
import { reconcilePendingRefunds } from '../modules/orders/index';

/** Time between two runs of the refund reconciliation (ms). */
export const REFUND_RECONCILE_INTERVAL_MS = 5 * 60_000;

export interface RefundReconcilerOptions {
  /** Run the job at all (off in API tests, which run it with their own clock). */
  enabled: boolean;
  gateway: BankGateway | null;
  intervalMs?: number;
}

/**
 * Asks the bank every five minutes about refunds it accepted but has not confirmed, on every
 * instance (the claims keep them apart); see
 * modules/orders/refund-confirmation.ts.
 */
export const refundReconcilerPlugin = fp<RefundReconcilerOptions>(
  async (app: FastifyInstance, options) => {
    const { gateway } = options;
    if (!options.enabled || !gateway?.queryRefund) return;
    runPeriodically(
      app,
      {
        intervalMs: options.intervalMs ?? REFUND_RECONCILE_INTERVAL_MS,
        failure: 'refund reconciliation failed',
      },
      async () => {
        const confirmed = await reconcilePendingRefunds(app.db, gateway);
        if (confirmed > 0) app.log.info({ confirmed }, 'refunds confirmed by the bank');
      },
    );
  },
);
