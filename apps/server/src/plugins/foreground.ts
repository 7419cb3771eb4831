import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForegroundGate } from '../lib/foreground-gate';
import { runAsForeground } from '../lib/foreground-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposit orders before public reads (docs/decisions/0073-orders-before-public-reads.md). */
    foreground: ForegroundGate;
  }
  interface FastifyContextConfig {
    /** A request that public reads make way for while it runs: a deposit order's steps. */
    foreground?: boolean;
  }
}

const HOLDS_GATE = Symbol('holdsForegroundGate');
type Holder = FastifyRequest & { [HOLDS_GATE]?: boolean };

/**
 * Holds the gate from the arrival of every route configured `foreground: true` to its answer (or
 * its client leaving), exactly once per request.
 */
const foregroundPluginAsync: FastifyPluginAsync<{ maxDeferMs: number }> = async (app, options) => {
  const gate = new ForegroundGate(options.maxDeferMs);
  app.decorate('foreground', gate);
  const release = async (request: Holder) => {
    if (!request[HOLDS_GATE]) return;
    request[HOLDS_GATE] = false;
    gate.leave();
  };
  // The rest of a foreground request (its other hooks, its handler and all they start) runs
  // marked as foreground work, so its database statements go first (lib/foreground-work.ts).
  app.addHook('onRequest', (request: Holder, _reply, done) => {
    if (request.routeOptions.config.foreground !== true) return done();
    request[HOLDS_GATE] = true;
    gate.enter();
    runAsForeground(done);
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
};

export const foregroundPlugin = fp(foregroundPluginAsync, { name: 'foreground' });
