import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../lib/periodic';
import { purgeExpiredSessions, purgeStaleFailures } from '../modules/auth/index';
import { purgeOldWebVitals } from '../modules/telemetry/index';
import { purgeClosedAccountRecords } from '../modules/users/index';

/** Milliseconds between two sweeps of expired records (docs/operations.md "Background jobs"). */
export const RECORD_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface RecordSweeperOptions {
  /** Run the sweeper at all (off in API tests, which call the sweep with their own clock). */
  enabled: boolean;
  intervalMs?: number;
  /** The clock; tests may pass their own. */
  now?: () => Date;
}

/**
 * One sweep: sessions past their expiry, runs of wrong passwords that are over (quiet for a day,
 * not locked), what closed accounts shared with others once its retention period has passed, and
 * real visits' figures of the days before their 7-day window. All are conditional deletes, so
 * instances sweeping at the same time only find less to delete; no lock is needed.
 */
export async function sweepExpiredRecords(
  app: FastifyInstance,
  now: Date,
): Promise<{
  sessions: number;
  passwordFailures: number;
  closedAccountRecords: number;
  webVitalCounts: number;
}> {
  const sessions = await purgeExpiredSessions(app.db, now);
  const passwordFailures = await purgeStaleFailures(app.db, now);
  const closedAccountRecords = await purgeClosedAccountRecords(app.db, now);
  const webVitalCounts = await purgeOldWebVitals(app.db, now);
  return { sessions, passwordFailures, closedAccountRecords, webVitalCounts };
}

/** Starts the record sweeper when the app is ready (and once at start), stops it on close. */
export const recordSweeperPlugin = fp<RecordSweeperOptions>(
  async (app: FastifyInstance, options) => {
    if (!options.enabled) return;
    const now = options.now ?? (() => new Date());
    runPeriodically(
      app,
      {
        intervalMs: options.intervalMs ?? RECORD_SWEEP_INTERVAL_MS,
        failure: 'record sweep failed',
        runAtStart: true,
      },
      async () => {
        const swept = await sweepExpiredRecords(app, now());
        if (Object.values(swept).some((count) => count > 0))
          app.log.info(swept, 'deleted expired records');
      },
    );
  },
);
