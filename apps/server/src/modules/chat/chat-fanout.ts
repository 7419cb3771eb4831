import type { ChatServerFrame } from '@portal/shared/schemas/chat';
import { Redis } from 'ioredis';

/**
 * For the sockets of some users, wherever (on whichever instance) they are held: a frame to
 * pass on, or word that sessions of those users ended (each instance then closes the sockets
 * whose session is gone).
 */
export type FanoutEvent =
  { userIds: number[]; frame: ChatServerFrame } | { userIds: number[]; sessionsEnded: true };

/**
 * Carries chat events to every server instance. Each instance delivers an event to the sockets
 * it holds itself; the publisher's own instance receives its events too.
 */
export interface ChatFanout {
  publish(event: FanoutEvent): Promise<void>;
  onEvent(handler: (event: FanoutEvent) => void): void;
  close(): Promise<void>;
}

/** One process: events go straight to the local handler. */
export class InProcessFanout implements ChatFanout {
  private handlers: Array<(event: FanoutEvent) => void> = [];

  async publish(event: FanoutEvent): Promise<void> {
    for (const handler of this.handlers) handler(event);
  }

  onEvent(handler: (event: FanoutEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
  }
}

function isFanoutEvent(value: unknown): value is FanoutEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as { userIds?: unknown; frame?: { type?: unknown }; sessionsEnded?: unknown };
  if (!Array.isArray(event.userIds) || !event.userIds.every(Number.isInteger)) return false;
  return typeof event.frame?.type === 'string' || event.sessionsEnded === true;
}

/**
 * Several instances: events go through one Redis pub/sub channel (`<prefix>chat:events`), which
 * every instance subscribes to. Needs two connections (a subscribed one cannot publish).
 */
export class RedisFanout implements ChatFanout {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private handlers: Array<(event: FanoutEvent) => void> = [];
  private readonly ready: Promise<unknown>;

  constructor(url: string, prefix: string, onError: (error: Error) => void) {
    this.channel = `${prefix}chat:events`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 3000 });
    // The subscription waits for Redis however long it takes and is renewed after reconnects.
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 3000 });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (!isFanoutEvent(parsed)) return;
      for (const handler of this.handlers) handler(parsed);
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  /** Resolves once the channel subscription is in place. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /**
   * Publishes `event` on the channel. While Redis cannot take it, the event still reaches this
   * instance's own sockets (the two participants are often on one instance) and the failure is
   * passed on; the other instances' clients fetch the stored messages when they reconnect.
   */
  async publish(event: FanoutEvent): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify(event));
    } catch (error) {
      for (const handler of this.handlers) handler(event);
      throw error;
    }
  }

  onEvent(handler: (event: FanoutEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
    // A subscriber waiting for an unreachable Redis never finishes QUIT: drop it at once.
    await Promise.allSettled([this.subscriber.disconnect(), this.publisher.quit()]);
  }
}
