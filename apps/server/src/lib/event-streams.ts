import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PolledFeed } from './polled-feed';

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry` field). */
const RETRY_MS = 2_000;

/** Sends one named event with a JSON body down an open stream. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * The server-sent event streams of one route: each is taken over from Fastify, kept alive by a
 * heartbeat, and ended once whichever way it ends (the browser goes, the socket fails, or the
 * server closes; `endAll` belongs in the plugin's `preClose`).
 */
export class EventStreams {
  private readonly open = new Set<() => void>();

  /** Streams open now. */
  get size(): number {
    return this.open.size;
  }

  /** Ends every open stream. */
  endAll(): void {
    for (const end of [...this.open]) end();
  }

  /**
   * Answers `request` with an event stream and returns its sender. `onEnd` runs once when the
   * stream ends, to let go of what it listened to.
   */
  start(request: FastifyRequest, reply: FastifyReply, onEnd: () => void): SendEvent {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once instead of buffering the stream.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n`);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (!this.open.delete(end)) return;
      clearInterval(heartbeat);
      onEnd();
      if (!res.writableEnded) res.end();
    };
    this.open.add(end);
    request.raw.on('close', end);
    res.on('error', end);
    return (event, data) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
  }

  /**
   * Answers `request` with a stream that sends `first` at once, then `event` with every change
   * of `key` the feed delivers, until the stream ends.
   */
  follow<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    feed: PolledFeed<T>,
    key: number,
    first: { event: string; data: unknown },
    event: string,
  ): void {
    let stop = () => {};
    const send = this.start(request, reply, () => stop());
    send(first.event, first.data);
    stop = feed.subscribe(key, (value) => send(event, value));
  }
}

/** The streams of one plugin fed by `feed`; both are ended when the server closes. */
export function streamsOf(app: FastifyInstance, feed: { close(): void }): EventStreams {
  const streams = new EventStreams();
  app.addHook('preClose', async () => {
    streams.endAll();
    feed.close();
  });
  return streams;
}
