import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { runPeriodically } from '../../lib/periodic';
import { sweepListingFreshness } from './listing-freshness.service';

/** Minutes between two freshness sweeps: the rule counts in days, so a few minutes is prompt. */
export const FRESHNESS_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface ListingFreshnessOptions {
  /** Run the sweeps at all (off in API tests, which call the service with their own clock). */
  enabled: boolean;
  /** The SMS gateway the app passes to its modules; null when SMS is switched off. */
  sms: SmsGateway | null;
  intervalMs?: number;
}

/**
 * Starts the listing freshness sweeper (confirmation requests after 30 days, hiding after 7 more
 * without an answer) when the app is ready, and stops it on close. Each instance may run it:
 * every change is a conditional update. A sweep never overlaps the previous one; a failing sweep
 * is logged and retried at the next tick.
 */
export const listingFreshnessPlugin = fp<ListingFreshnessOptions>(
  async (app: FastifyInstance, options) => {
    if (!options.enabled) return;
    const intervalMs = options.intervalMs ?? FRESHNESS_SWEEP_INTERVAL_MS;
    runPeriodically(
      app,
      { intervalMs, failure: 'listing freshness sweep failed', runAtStart: true },
      async () => {
        const result = await sweepListingFreshness(app.db, options.sms, new Date(), (error, id) =>
          app.log.warn({ err: error, listingId: id }, 'listing confirmation SMS failed'),
        );
        if (result.asked > 0 || result.hidden > 0) app.log.info(result, 'listing freshness');
      },
    );
  },
);
