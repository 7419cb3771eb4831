import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmsGateway } from '../integrations/sms/index';
import { runPeriodically } from '../lib/periodic';
import { advanceAllTurns, sendQueuedLotterySms } from '../modules/lottery/index';

/** Milliseconds between two runs: a 选房 turn starts at most this late after the previous ended. */
export const LOTTERY_JOB_INTERVAL_MS = 10_000;

export interface LotteryJobOptions {
  /** Run the job at all (off in API tests, which call its steps with their own clock). */
  enabled: boolean;
  sms: SmsGateway | null;
  intervalMs?: number;
  now?: () => Date;
}

/**
 * One run of the lottery job (docs/product/lottery.md): 选房 turns that ran out pass on and the
 * next ones start, then the SMS queued by every step since the last run are sent. Both steps are
 * safe on any number of instances at once (the batch row is locked while its line moves; an SMS
 * row is claimed before it is sent).
 */
export async function runLotteryJob(
  app: FastifyInstance,
  sms: SmsGateway | null,
  now: Date,
): Promise<{ batches: number; sent: number; failed: number }> {
  const batches = await advanceAllTurns(app.db, now);
  const { sent, failed } = await sendQueuedLotterySms(app.db, sms, now, (error, smsId) => {
    // The row id only: never the phone or the text.
    app.log.warn({ err: error, smsId }, 'lottery SMS failed');
  });
  return { batches, sent, failed };
}

export const lotteryJobPlugin = fp<LotteryJobOptions>(async (app: FastifyInstance, options) => {
  if (!options.enabled) return;
  const now = options.now ?? (() => new Date());
  runPeriodically(
    app,
    { intervalMs: options.intervalMs ?? LOTTERY_JOB_INTERVAL_MS, failure: 'lottery job failed' },
    async () => {
      const { sent, failed } = await runLotteryJob(app, options.sms, now());
      if (sent > 0 || failed > 0) app.log.info({ sent, failed }, 'lottery SMS sent');
    },
  );
});
