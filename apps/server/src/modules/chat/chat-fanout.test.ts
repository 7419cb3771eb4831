import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type FanoutEvent, RedisFanout } from './chat-fanout';

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('RedisFanout while Redis is unreachable', () => {
  it('still hands the event to the sockets of this instance and reports the failure', async () => {
    const port = await closedPort();
    const errors: Error[] = [];
    const fanout = new RedisFanout(`redis://127.0.0.1:${port}`, 'fanout-test:', (error) =>
      errors.push(error),
    );
    const received: FanoutEvent[] = [];
    fanout.onEvent((event) => received.push(event));
    const event: FanoutEvent = { userIds: [1, 2], frame: { type: 'unread', unread: 3 } };
    try {
      await expect(fanout.publish(event)).rejects.toThrow();
      expect(received).toEqual([event]);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await fanout.close();
    }
  }, 20_000);
});
