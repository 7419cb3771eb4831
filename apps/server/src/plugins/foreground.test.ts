import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { yieldTo } from '../lib/foreground-gate';
import { foregroundPlugin } from './foreground';

/**
 * A server with one foreground route (it answers when the test lets it, or fails on demand) and
 * one plugin of public reads that yields to it, as app.ts mounts the orders and the reads.
 */
async function serverWithGate(maxDeferMs: number) {
  const app = Fastify({ forceCloseConnections: true });
  await app.register(foregroundPlugin, { maxDeferMs });
  let release: () => void = () => undefined;
  const events: string[] = [];
  app.post('/order', { config: { foreground: true } }, async (request) => {
    if ((request.body as { fail?: boolean } | undefined)?.fail) throw new Error('refused');
    await new Promise<void>((resolve) => (release = resolve));
    events.push('order answered');
    return { ok: true };
  });
  await app.register(async (reads) => {
    reads.addHook('onRequest', yieldTo(reads.foreground));
    reads.get('/search', async () => {
      events.push('search worked');
      return { ok: true };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, events, release: () => release() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('foreground plugin', () => {
  it('starts a public read that came during a deposit order after the order has its answer', async () => {
    const { app, base, events, release } = await serverWithGate(1_000);
    close = () => app.close();
    const order = fetch(`${base}/order`, { method: 'POST' });
    await sleep(50);
    expect(app.foreground.foreground).toBe(1);
    const search = fetch(`${base}/search`);
    await sleep(100);
    expect(events).toEqual([]);
    release();
    expect((await order).status).toBe(200);
    expect((await search).status).toBe(200);
    expect(events).toEqual(['order answered', 'search worked']);
    expect(app.foreground.foreground).toBe(0);
  });

  it('answers a public read after its limit while a long order still runs', async () => {
    const { app, base, events, release } = await serverWithGate(100);
    close = () => app.close();
    const order = fetch(`${base}/order`, { method: 'POST' });
    await sleep(50);
    const search = await fetch(`${base}/search`);
    expect(search.status).toBe(200);
    expect(events).toEqual(['search worked']);
    expect(app.foreground.overdue).toBe(1);
    release();
    await order;
  });

  it('lets go of the gate when the order fails and when its client leaves', async () => {
    const { app, base, release } = await serverWithGate(1_000);
    close = () => app.close();
    const failed = await fetch(`${base}/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail: true }),
    });
    expect(failed.status).toBe(500);
    expect(app.foreground.foreground).toBe(0);
    const leaving = new AbortController();
    const abandoned = fetch(`${base}/order`, { method: 'POST', signal: leaving.signal });
    await sleep(50);
    expect(app.foreground.foreground).toBe(1);
    leaving.abort();
    await abandoned.catch(() => undefined);
    await sleep(50);
    expect(app.foreground.foreground).toBe(0);
    expect((await fetch(`${base}/search`)).status).toBe(200);
    release();
  });
});
