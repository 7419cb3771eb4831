import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic';
import { runSubscriptionDelivery, type SmsStepOptions } from './delivery.service';

/** Seconds between two delivery runs: news reaches 我的消息 within a quarter of a minute. */
export const DELIVERY_INTERVAL_MS = 15_000;

export interface DeliveryJobOptions extends SmsStepOptions {
  /** Run the job at all (off in API tests, which run it with their own clock). */
  enabled: boolean;
  intervalMs?: number;
  /** The clock; tests may pass their own. */
  now?: () => Date;
}

/**
 * Starts the subscription delivery job when the app is ready and stops it on close. Its work is
 * rows in the database (events, saved searches, pending SMS), so a restart loses nothing, and
 * every instance may run it: each row is claimed with `FOR UPDATE SKIP LOCKED`. A run never
 * overlaps the previous one; a failing run is logged and retried at the next tick.
 */
export const subscriptionDeliveryPlugin = fp<DeliveryJobOptions>(
  async (app: FastifyInstance, options) => {
    if (!options.enabled) return;
    const intervalMs = options.intervalMs ?? DELIVERY_INTERVAL_MS;
    const now = options.now ?? (() => new Date());
    runPeriodically(app, { intervalMs, failure: 'subscription delivery failed' }, async () => {
      const result = await runSubscriptionDelivery(app.db, now(), {
        ...options,
        // A provider's refusal reaches the log with its code: at error level when the service
        // itself failed (a deployment error among them), as a warning for a refused number.
        onSmsFailure: (error, deliveryId) => {
          const status = (error as { status?: number }).status ?? 500;
          if (status >= 500) app.log.error({ err: error, deliveryId }, 'subscription SMS failed');
          else app.log.warn({ err: error, deliveryId }, 'subscription SMS refused');
        },
      });
      if (result.told > 0 || result.found > 0 || result.sms > 0)
        app.log.info(result, 'subscription delivery');
    });
  },
);
