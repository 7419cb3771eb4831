import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `intervalMs` from the moment the app is ready (and once at once when
 * `runAtStart`), never overlapping the previous run; a failing run is logged as `failure` and
 * tried again at the next tick. On close the timer stops and a run in progress is awaited.
 * The scheduling every background job of the server shares; jobs only decide what `work` does.
 */
export function runPeriodically(
  app: FastifyInstance,
  options: { intervalMs: number; failure: string; runAtStart?: boolean },
  work: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const run = async () => {
    try {
      await work();
    } catch (error) {
      app.log.error({ err: error }, options.failure);
    }
  };
  const tick = () => {
    if (running) return;
    running = run().finally(() => {
      running = null;
    });
  };

  app.addHook('onReady', async () => {
    if (options.runAtStart) tick();
    timer = setInterval(tick, options.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    if (running) await running;
  });
}
